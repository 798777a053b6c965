// Overrides of methods Spring Security 6 removed from classes it kept (table
// `libraries.security.removedOverrides`): JwtAuthenticationConverter#extractAuthorities. In 5.x
// convert() called extractAuthorities(jwt), so a subclass decided the authorities by overriding
// it; 6.0 calls the converter set with setJwtGrantedAuthoritiesConverter instead, and the
// override no longer compiles (@Override) or is never called (Kotlin's override, Java without it).
// The same behaviour: the override stays as a method of its own (no @Override / override) and
// the subclass hands it to the setter when it is built:
//   Java (named or anonymous class): `{ setJwtGrantedAuthoritiesConverter(this::extractAuthorities); }`
//   Kotlin: `init { setJwtGrantedAuthoritiesConverter(this::extractAuthorities) }`
// Only when nothing else sets the converter (no setter call in the project: in 5.x the override
// won over it, now the later one would) and the override does not call super's (gone). Otherwise
// an error finding with the form to write.
import { escapeRegExp } from '../../../src/engine/text.js';
import type { Edit } from '../../../src/engine/types.js';
import { matchingBracket } from '../../../src/formats/jvm-tokens.js';
import { type LibContext, type LibResult, emptyResult, indentUnit, lineIndent, simpleOf } from '../lib-edits.js';
import { SECURITY_RULES } from './security6.js';
import { expressionEnd } from './security6-auth.js';

export const OVERRIDE_RULE = SECURITY_RULES.removedOverride;

type Row = LibContext['libs']['security']['removedOverrides'][number];

/** `setter(this::method)`: the hand-over this rule writes (a class that has it is done). */
const handOver = (row: Row) => new RegExp(`\\b${escapeRegExp(row.setter)}\\s*\\(\\s*this\\s*::\\s*${escapeRegExp(row.method)}\\s*\\)`, 'g');

/** Calls of the setter in `text` other than the hand-over. */
function otherSetterCalls(text: string, row: Row): number {
  const all = text.match(new RegExp(`\\b${escapeRegExp(row.setter)}\\s*\\(`, 'g'))?.length ?? 0;
  return all - (text.match(handOver(row))?.length ?? 0);
}

/** The `{` of each class body (named, anonymous, Kotlin object expression) whose supertype is `fq`. */
function subclassBodies(ctx: LibContext, fq: string): number[] {
  const { tokens, importedNames } = ctx.model;
  const simple = simpleOf(fq);
  const out: number[] = [];
  for (let k = 1; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type !== 'ident' || t.value !== simple) continue;
    // The name written: imported, or in full (`org.….JwtAuthenticationConverter`).
    const qualified = tokens[k - 1]?.value === '.';
    if (qualified ? !tokens.slice(Math.max(0, k - 20), k).map((x) => x.value).join('').endsWith(fq.slice(0, fq.length - simple.length)) : importedNames.get(simple) !== fq) continue;
    let first = k;
    while (tokens[first - 1]?.value === '.' && tokens[first - 2]?.type === 'ident') first -= 2;
    const before = tokens[first - 1]?.value;
    let j = k + 1;
    if (tokens[j]?.value === '<') {
      while (tokens[j] && tokens[j]!.value !== '>') j++;
      j++;
    }
    if (before === 'new' || (ctx.lang === 'kotlin' && (before === ':' || before === ','))) {
      // `new T(..) {` / Kotlin `: T() {` or a header going on to `{`
      if (tokens[j]?.value !== '(') continue;
      j = matchingBracket(tokens, j) + 1;
      if (before === 'new') {
        if (tokens[j]?.value === '{') out.push(j);
        continue;
      }
    } else if (before !== 'extends') continue;
    // A class header: on to its body.
    while (tokens[j] && tokens[j]!.value !== '{' && tokens[j]!.value !== ';' && !(ctx.lang === 'kotlin' && ['class', 'fun', 'val', 'var'].includes(tokens[j]!.value))) {
      if (tokens[j]!.value === '(') j = matchingBracket(tokens, j);
      j++;
    }
    if (tokens[j]?.value === '{') out.push(j);
  }
  return out;
}

/** The `name(..)` methods declared directly in the body: [first token (annotations included), name, body close]. */
function overridesIn(ctx: LibContext, open: number, name: string, params: number): { first: number; name: number; close: number; override?: [number, number] }[] {
  const { tokens } = ctx.model;
  const close = matchingBracket(tokens, open);
  const out: { first: number; name: number; close: number; override?: [number, number] }[] = [];
  for (let j = open + 1; j < close; j++) {
    const t = tokens[j]!;
    if (t.type === 'punct' && '({['.includes(t.value)) {
      j = matchingBracket(tokens, j);
      continue;
    }
    if (t.value !== name || tokens[j + 1]?.value !== '(' || tokens[j - 1]?.value === '.') continue;
    const paramsClose = matchingBracket(tokens, j + 1);
    const count = paramsClose === j + 2 ? 0 : tokens.slice(j + 2, paramsClose).filter((x) => x.value === ',').length + 1;
    let body = paramsClose + 1;
    while (tokens[body] && tokens[body]!.value !== '{' && tokens[body]!.value !== ';' && tokens[body]!.value !== '=') body++;
    const end = tokens[body]?.value === '{' ? matchingBracket(tokens, body) : ctx.lang === 'kotlin' && tokens[body]?.value === '=' ? expressionEnd(ctx, body + 1, close) : -1;
    if (count !== params || end < 0) continue;
    let first = j;
    let override: [number, number] | undefined;
    for (let b = j - 1; b > open; b--) {
      const p = tokens[b]!;
      if (p.value === 'Override' && tokens[b - 1]?.value === '@') {
        override = [b - 1, b];
        first = b - 1;
        b--;
      } else if (p.value === 'override') {
        override = [b, b];
        first = b;
      } else if (p.type === 'ident' || ['<', '>', ',', '.', '?', '@'].includes(p.value)) first = b;
      else break;
    }
    out.push({ first, name: j, close: end, override });
    j = end;
  }
  return out;
}

export function migrateRemovedOverrides(ctx: LibContext): LibResult {
  const out = emptyResult();
  const { tokens, text } = ctx.model;
  for (const row of ctx.libs.security.removedOverrides) {
    if (!text.includes(simpleOf(row.type)) || !text.includes(row.method)) continue;
    for (const open of subclassBodies(ctx, row.type)) {
      // Already handed over (a migrated class): nothing to do, nothing to report.
      if (handOver(row).test(text.slice(tokens[open]!.start, tokens[matchingBracket(tokens, open)]!.end))) continue;
      for (const m of overridesIn(ctx, open, row.method, row.params)) {
        const replacement = ctx.lang === 'kotlin' ? `init { ${row.setter}(this::${row.method}) }` : `{ ${row.setter}(this::${row.method}); }`;
        const why = blocker(ctx, row, m.name, m.close);
        if (why) {
          out.findings.push({
            rule: OVERRIDE_RULE,
            severity: 'error',
            offset: tokens[m.name]!.start,
            message: `${simpleOf(row.type)}#${row.method} is gone in Spring Security 6 (convert() no longer calls it) and the override was not moved: ${why}. Write the conversion as the converter instead: ${row.setter}(jwt -> ...) where the ${simpleOf(row.type)} is built, or keep the method without ${ctx.lang === 'kotlin' ? 'override' : '@Override'} and add ${replacement} to the class`,
            docs: row.source,
          });
          continue;
        }
        out.edits.push(...overrideEdits(ctx, m, open, replacement));
        out.findings.push({ rule: OVERRIDE_RULE, severity: 'info', offset: tokens[m.name]!.start, message: `${simpleOf(row.type)}#${row.method} is gone in Spring Security 6: the method stays and the class hands it to ${row.setter}(this::${row.method}), which convert() calls instead`, docs: row.source });
      }
    }
  }
  return out;
}

function blocker(ctx: LibContext, row: Row, name: number, close: number): string | undefined {
  const { tokens } = ctx.model;
  for (let j = name; j < close; j++) if (tokens[j]!.value === 'super' && tokens[j + 2]?.value === row.method) return `it calls super.${row.method}(..), which Spring Security 6 no longer has`;
  // The hand-overs of classes already migrated do not count: each sets its own instance.
  const setter = ctx.project.ofKind('java', 'kotlin').find((f) => f.text !== undefined && otherSetterCalls(f.text, row) > 0);
  if (setter || otherSetterCalls(ctx.model.text, row) > 0) return `${setter?.path ?? 'the file'} calls ${row.setter}(..), which the override used to win over`;
  return undefined;
}

function overrideEdits(ctx: LibContext, m: { first: number; name: number; override?: [number, number] }, open: number, replacement: string): Edit[] {
  const { tokens, text } = ctx.model;
  const edits: Edit[] = [];
  if (m.override) {
    let end = tokens[m.override[1]]!.end;
    while (text[end] === ' ' || text[end] === '\t') end++;
    if (text[end] === '\r') end++;
    if (text[end] === '\n') {
      end++;
      while (text[end] === ' ' || text[end] === '\t') end++;
    }
    edits.push({ start: tokens[m.override[0]]!.start, end, text: '', rule: OVERRIDE_RULE });
  }
  // The hand-over, first in the class body, on its own line at the members' indentation.
  const member = lineIndent(text, tokens[m.first]!.start);
  const at = tokens[open]!.end;
  const sameLine = !text.slice(at, tokens[open + 1]!.start).includes('\n');
  const indent = sameLine ? lineIndent(text, tokens[open]!.start) + indentUnit(text) : member;
  edits.push({ start: at, end: at, text: `${ctx.eol}${indent}${replacement}${sameLine ? ctx.eol + indent : ''}`, rule: OVERRIDE_RULE });
  return edits;
}
