// Configuration keys inside Java/Kotlin string literals: @Value("${key:default}") (nested
// placeholders too), @ConditionalOnProperty(prefix/name/value), properties = {"key=value"} of
// @SpringBootTest/@TestPropertySource/@DataJpaTest and other test slices,
// DynamicPropertyRegistry.add("key", ...) and Environment.getProperty("key"). Keys resolve
// with the same table as configuration files (src/properties/resolve.ts); only the key text
// inside the literal changes.
import type { Edit, FindingInput } from '../../src/engine/types.js';
import type { Token } from '../../src/formats/jvm-tokens.js';
import { matchingBracket } from '../../src/formats/jvm-tokens.js';
import { removalWords, resolveKey } from '../../src/properties/resolve.js';
import type { MigrationTable } from '../../src/table/types.js';
import { type FileModel, RULE } from './model.js';

interface KeyAt {
  key: string;
  start: number;
}

interface Out {
  edits: Edit[];
  findings: FindingInput[];
}

const ENV_METHODS = new Set(['getProperty', 'getRequiredProperty', 'containsProperty']);

/** Keys of `${...}` placeholders in a literal's raw text (Kotlin writes `\${`). */
export function placeholderKeys(raw: string, base: number): KeyAt[] {
  const out: KeyAt[] = [];
  const re = /\\?\$\{/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    let end = start;
    while (end < raw.length && !':}$'.includes(raw[end]!) && raw[end] !== '\\') end++;
    const key = raw.slice(start, end).trim();
    if (key && /^[\w.\-[\]]+$/.test(key)) out.push({ key, start: base + start + (raw.slice(start, end).length - raw.slice(start, end).trimStart().length) });
    re.lastIndex = end;
  }
  return out;
}

function applyKey(table: MigrationTable, k: KeyAt, out: Out): void {
  const r = resolveKey(table, k.key);
  if (!r) return;
  if (r.kind === 'rename') {
    if (r.to !== k.key) out.edits.push({ start: k.start, end: k.start + k.key.length, text: r.to, rule: RULE.propertyKey });
    return;
  }
  out.findings.push({
    rule: RULE.propertyKey,
    severity: 'warning',
    offset: k.start,
    message: r.kind === 'remove' ? `property '${k.key}' ${removalWords(r.row)} (${r.row.reason})` : `property '${k.key}' changes its value or meaning in 3.0; adjust it by hand`,
  });
}

/** Annotation arguments as element name -> string tokens (the unnamed element is `value`). */
function elements(tokens: Token[], open: number, close: number): Map<string, Token[]> {
  const out = new Map<string, Token[]>();
  let name = 'value';
  let depth = 0;
  for (let k = open + 1; k < close; k++) {
    const t = tokens[k]!;
    if (t.type === 'punct' && '([{'.includes(t.value)) depth++;
    else if (t.type === 'punct' && ')]}'.includes(t.value)) depth--;
    else if (depth === 0 && t.type === 'ident' && tokens[k + 1]?.value === '=' && tokens[k + 2]?.value !== '=') name = t.value;
    else if (t.type === 'string' && !t.templated) out.set(name, [...(out.get(name) ?? []), t]);
    if (depth === 0 && t.value === ',' && t.type === 'punct') name = 'value';
  }
  return out;
}

const content = (text: string, t: Token) => text.slice(t.contentStart!, t.contentEnd!);

/** "key=value" / "key: value" -> the key and where it starts. */
function inlinedKey(text: string, t: Token): KeyAt | undefined {
  const raw = content(text, t);
  const m = /^(\s*)([\w.\-[\]]+)\s*[=:]/.exec(raw);
  return m ? { key: m[2]!, start: t.contentStart! + m[1]!.length } : undefined;
}

function conditionalOnProperty(table: MigrationTable, text: string, els: Map<string, Token[]>, out: Out): void {
  const prefixTok = els.get('prefix')?.[0];
  const names = [...(els.get('name') ?? []), ...(els.get('value') ?? [])];
  if (!prefixTok) {
    for (const n of names) applyKey(table, { key: content(text, n), start: n.contentStart! }, out);
    return;
  }
  const prefix = content(text, prefixTok).replace(/\.$/, '');
  const moved = names.map((n) => ({ n, name: content(text, n), r: resolveKey(table, `${prefix}.${content(text, n)}`) }));
  const renames = moved.filter((m) => m.r?.kind === 'rename' && m.r.to !== `${prefix}.${m.name}`);
  for (const m of moved.filter((x) => x.r && x.r.kind !== 'rename')) applyKey(table, { key: `${prefix}.${m.name}`, start: m.n.contentStart! }, { edits: [], findings: out.findings });
  if (!renames.length) return;
  // The same new prefix for every name, names unchanged: edit the prefix once.
  const newPrefixes = new Set(renames.map((m) => (m.r as { to: string }).to).map((to, i) => (to.endsWith('.' + renames[i]!.name) ? to.slice(0, -renames[i]!.name.length - 1) : '\u0000')));
  if (renames.length === moved.length && newPrefixes.size === 1 && !newPrefixes.has('\u0000')) {
    const np = [...newPrefixes][0]!;
    out.edits.push({ start: prefixTok.contentStart!, end: prefixTok.contentStart! + prefix.length, text: np, rule: RULE.propertyKey });
    return;
  }
  // Prefix unchanged, names move below it: edit each name.
  for (const m of renames) {
    const to = (m.r as { to: string }).to;
    if (to.startsWith(prefix + '.')) out.edits.push({ start: m.n.contentStart!, end: m.n.contentEnd!, text: to.slice(prefix.length + 1), rule: RULE.propertyKey });
    else
      out.findings.push({ rule: RULE.propertyKey, severity: 'warning', offset: m.n.start, message: `property '${prefix}.${m.name}' is now '${to}': split prefix/name by hand` });
  }
}

export function rewritePropertyKeys(table: MigrationTable, model: FileModel): Out {
  const out: Out = { edits: [], findings: [] };
  const { tokens, text } = model;
  const hasRegistry = tokens.some((t) => t.type === 'ident' && t.value === 'DynamicPropertyRegistry');
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type !== 'ident' || tokens[k + 1]?.value !== '(') continue;
    const prev = tokens[k - 1];
    const isAnnotation = prev?.value === '@' || (prev?.value === '.' && isAnnotationChain(tokens, k));
    const envCall = !isAnnotation && prev?.value === '.' && (ENV_METHODS.has(t.value) || (t.value === 'add' && hasRegistry));
    if (!isAnnotation && !envCall) continue; // every other call: no bracket matching (it walked each call's arguments)
    const close = matchingBracket(tokens, k + 1);
    if (close < 0) continue;
    if (isAnnotation) {
      const els = elements(tokens, k + 1, close);
      if (t.value === 'Value') for (const s of els.get('value') ?? []) for (const key of placeholderKeys(content(text, s), s.contentStart!)) applyKey(table, key, out);
      else if (t.value === 'ConditionalOnProperty') conditionalOnProperty(table, text, els, out);
      else for (const s of els.get('properties') ?? []) {
        const key = inlinedKey(text, s);
        if (key) applyKey(table, key, out);
      }
    } else {
      const first = tokens[k + 2];
      if (first?.type === 'string' && !first.templated && (tokens[k + 3]?.value === ',' || tokens[k + 3]?.value === ')'))
        applyKey(table, { key: content(text, first), start: first.contentStart! }, out);
    }
  }
  return out;
}

/** `@org.springframework.beans.factory.annotation.Value(`: walk back over `ident.` to an '@'. */
function isAnnotationChain(tokens: Token[], k: number): boolean {
  let j = k;
  while (tokens[j - 1]?.value === '.' && tokens[j - 2]?.type === 'ident') j -= 2;
  return tokens[j - 1]?.value === '@';
}
