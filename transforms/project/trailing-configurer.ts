// `--trailing-slash=configurer` where the user's configuration lives: a project that already has
// a WebMvcConfigurer (WebFluxConfigurer for reactive routes) bean gets configurePathMatch added
// to that class, or the setUseTrailingSlashMatch(true) call added to its configurePathMatch, as a
// user would write it. The class is found on the token scanner: a top-level class annotated as a
// bean whose supertypes name the interface (imported, wildcard-imported or qualified).
import type { Edit, ProjectFile } from '../../src/engine/types.js';
import { matchingBracket, scanJvm, ScanError, type Token } from '../../src/formats/jvm-tokens.js';
import { detectEol } from '../../src/engine/text.js';

export interface ConfigurerApi {
  iface: string;
  /** Classes that implement the interface for their subclasses (Spring 5's WebMvcConfigurerAdapter, gone in 6: a subclass keeps its overrides when it moves to the interface). */
  adapters: string[];
  matcher: string;
  method: string;
}

/** A class that can take the trailing-slash setting. */
interface Candidate {
  file: ProjectFile;
  tokens: Token[];
  name: string;
  /** Index of the class body's `{`. */
  open: number;
  pkg: string;
}

export type Placement = { path: string; edits: Omit<Edit, 'rule'>[]; className: string; offset: number } | { reason: string };

const simple = (fqcn: string) => fqcn.slice(fqcn.lastIndexOf('.') + 1);
const packageOf = (fqcn: string) => fqcn.slice(0, fqcn.lastIndexOf('.'));
const BEAN = /@(Configuration|Component|SpringBootApplication|EnableWebMvc|EnableWebFlux)\b/;

/** The comment above the setting, one entry per line (the same words as the class the pass creates). */
export const WHY_COMMENT = [
  'Spring Framework 6 no longer matches "/a/" to a handler for "/a" by default. This restores',
  'the Boot 2 behaviour; setUseTrailingSlashMatch is deprecated: prefer declaring the slash',
  'routes (boot-upgrade --trailing-slash=routes) or redirecting in a proxy or filter.',
];

const comment = (indent: string) => WHY_COMMENT.map((l) => `${indent}// ${l}`);

function filePackage(text: string): string {
  return /^\s*package\s+([\w.]+)/m.exec(text)?.[1] ?? '';
}

/** Whether `name` in this file means the interface `fqcn`. */
function seesType(text: string, fqcn: string): boolean {
  const pkg = packageOf(fqcn).replace(/\./g, '\\.');
  return new RegExp(`^\\s*import\\s+(${pkg}\\.(${simple(fqcn)}|\\*))\\s*;?\\s*$`, 'm').test(text) || filePackage(text) === packageOf(fqcn);
}

/** Top-level bean classes of one file whose supertypes name the interface. */
function candidatesIn(file: ProjectFile, api: ConfigurerApi): Candidate[] {
  const text = file.text ?? '';
  if (!text.includes(simple(api.iface))) return [];
  let tokens: Token[];
  try {
    tokens = scanJvm(text, file.kind === 'kotlin' ? 'kotlin' : 'java');
  } catch (e) {
    if (e instanceof ScanError) return [];
    throw e;
  }
  const supertypes = [api.iface, ...api.adapters].map((fqcn) => ({ fqcn, name: simple(fqcn), imported: seesType(text, fqcn) }));
  const out: Candidate[] = [];
  let depth = 0;
  let declStart = 0; // where the current top-level declaration (its annotations) starts
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type === 'punct' && (t.value === '{' || t.value === '(' || t.value === '[')) depth++;
    else if (t.type === 'punct' && (t.value === '}' || t.value === ')' || t.value === ']')) {
      depth--;
      if (depth === 0 && t.value === '}') declStart = t.end;
    } else if (depth === 0 && t.type === 'punct' && t.value === ';') declStart = t.end;
    if (depth !== 0 || t.type !== 'ident' || t.value !== 'class' || tokens[k + 1]?.type !== 'ident') continue;
    const open = tokens.findIndex((x, i) => i > k && x.type === 'punct' && x.value === '{');
    if (open < 0) continue;
    const header = tokens.slice(k + 2, open);
    // a Kotlin class without a body: the next `{` belongs to another declaration
    if (header.some((h) => h.type === 'ident' && ['class', 'interface', 'fun', 'object'].includes(h.value))) continue;
    const names = (i: number) => supertypes.some((st) => header[i]!.value === st.name && (st.imported ? header[i - 1]?.value !== '.' : qualifiedAt(header, i, st.fqcn)));
    if (!header.some((h, i) => h.type === 'ident' && names(i))) continue;
    if (!BEAN.test(text.slice(declStart, t.start)) || /\babstract\b/.test(text.slice(declStart, t.start))) continue;
    out.push({ file, tokens, name: tokens[k + 1]!.value, open, pkg: filePackage(text) });
  }
  return out;
}

function qualifiedAt(header: Token[], i: number, fqcn: string): boolean {
  const parts = fqcn.split('.');
  for (let p = parts.length - 1, h = i; p >= 0; p--, h -= 2) {
    if (header[h]?.value !== parts[p] || (p > 0 && header[h - 1]?.value !== '.')) return false;
  }
  return true;
}

/** The one class to hold the setting, or why none is chosen (undefined: the project has none). */
function chooseCandidate(sources: ProjectFile[], api: ConfigurerApi, appPackage: string, inApp: (path: string) => boolean): Candidate | string | undefined {
  const all = sources.filter((f) => inApp(f.path)).flatMap((f) => candidatesIn(f, api));
  if (all.length <= 1) return all[0];
  const home = all.filter((c) => c.pkg === appPackage);
  if (home.length === 1) return home[0];
  return `${all.length} ${simple(api.iface)} classes (${all.map((c) => c.name).join(', ')}) and not exactly one in the application's package ${appPackage || '(default)'}`;
}

function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

function indentAt(text: string, at: number): string {
  const start = lineStart(text, at);
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** Whether only blanks precede `at` on its line. */
function startsLine(text: string, at: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStart(text, at), at));
}

/** Where a new import goes: after the last import, else after the package line. */
function importEdit(text: string, kotlin: boolean, fqcn: string, eol: string): Omit<Edit, 'rule'> | undefined {
  if (seesType(text, fqcn)) return undefined;
  const line = `import ${fqcn}${kotlin ? '' : ';'}`;
  const imports = [...text.matchAll(/^[ \t]*import\s+[\w.*]+[ \t]*;?[ \t]*$/gm)];
  const last = imports[imports.length - 1];
  if (last) return { start: last.index! + last[0].length, end: last.index! + last[0].length, text: eol + line };
  const pkg = /^[ \t]*package\s+[\w.]+[ \t]*;?[ \t]*$/m.exec(text);
  if (pkg) return { start: pkg.index + pkg[0].length, end: pkg.index + pkg[0].length, text: eol + eol + line };
  return { start: 0, end: 0, text: line + eol + eol };
}

/** The method `name` declared directly in the class body: its parameter name and body braces. */
function findMethod(c: Candidate, name: string): { param: string; open: number; close: number } | 'expression' | undefined {
  const close = matchingBracket(c.tokens, c.open);
  for (let k = c.open + 1; k < close; k++) {
    const t = c.tokens[k]!;
    if (t.type === 'punct' && (t.value === '{' || t.value === '(')) {
      k = matchingBracket(c.tokens, k); // nested bodies and argument lists are not members
      continue;
    }
    if (t.type !== 'ident' || t.value !== name || c.tokens[k + 1]?.value !== '(') continue;
    const paren = matchingBracket(c.tokens, k + 1);
    const params = c.tokens.slice(k + 2, paren).filter((x) => x.type === 'ident');
    const param = c.file.kind === 'kotlin' ? params[0]?.value : params[params.length - 1]?.value;
    const next = c.tokens[paren + 1];
    if (next?.value !== '{' || !param) return 'expression';
    return { param, open: paren + 1, close: matchingBracket(c.tokens, paren + 1) };
  }
  return undefined;
}

function callLine(param: string, kotlin: boolean): string {
  return `${param}.setUseTrailingSlashMatch(true)${kotlin ? '' : ';'}`;
}

/** Edits that put the setting into the class: into its existing method, or a new method. */
function placeIn(c: Candidate, api: ConfigurerApi): Placement {
  const text = c.file.text ?? '';
  const kotlin = c.file.kind === 'kotlin';
  const eol = detectEol(text);
  const close = matchingBracket(c.tokens, c.open);
  const classClose = c.tokens[close]!;
  const method = findMethod(c, api.method);
  const where = { path: c.file.path, className: c.name, offset: c.tokens[c.open]!.start };
  if (method === 'expression') return { reason: `${c.name}.${api.method} is not a block body` };
  if (method) {
    const body = text.slice(c.tokens[method.open]!.end, c.tokens[method.close]!.start);
    if (/setUseTrailingSlashMatch/.test(body)) return { reason: `${c.name}.${api.method} already calls setUseTrailingSlashMatch` };
    const endBrace = c.tokens[method.close]!;
    if (!startsLine(text, endBrace.start)) return { reason: `${c.name}.${api.method}'s closing brace shares its line` };
    const first = c.tokens[method.open + 1]!;
    const inner = method.open + 1 < method.close && startsLine(text, first.start) ? indentAt(text, first.start) : indentAt(text, endBrace.start) + stepOf(text, c);
    const lines = [...comment(inner), `${inner}${callLine(method.param, kotlin)}`].map((l) => l + eol).join('');
    return { ...where, edits: [{ start: lineStart(text, endBrace.start), end: lineStart(text, endBrace.start), text: lines }] };
  }
  if (!startsLine(text, classClose.start) || close - c.open < 1) return { reason: `the closing brace of ${c.name} shares its line` };
  const member = memberIndent(text, c, close);
  const inner = member + stepOf(text, c);
  const matcher = simple(api.matcher);
  const head = kotlin
    ? [`${member}@Suppress("DEPRECATION")`, `${member}override fun ${api.method}(configurer: ${matcher}) {`]
    : [`${member}@Override`, `${member}@SuppressWarnings("deprecation")`, `${member}public void ${api.method}(${matcher} configurer) {`];
  const lines = ['', ...comment(member), ...head, `${inner}${callLine('configurer', kotlin)}`, `${member}}`].map((l) => l + eol).join('');
  const at = lineStart(text, classClose.start);
  const edits: Omit<Edit, 'rule'>[] = [{ start: at, end: at, text: lines }];
  const imp = importEdit(text, kotlin, api.matcher, eol);
  if (imp) edits.unshift(imp);
  return { ...where, edits };
}

/** The indentation of the class's members (its first member's line), else the class line's plus one step. */
function memberIndent(text: string, c: Candidate, close: number): string {
  const first = c.tokens[c.open + 1];
  if (first && c.open + 1 < close && startsLine(text, first.start)) return indentAt(text, first.start);
  return indentAt(text, c.tokens[c.open]!.start) + '    ';
}

/** One indentation step of the file: a tab when the class body is tab-indented, else four spaces. */
function stepOf(text: string, c: Candidate): string {
  const first = c.tokens[c.open + 1];
  return first && indentAt(text, first.start).startsWith('\t') ? '\t' : '    ';
}

/**
 * Where the setting goes in this project: the chosen existing configurer class with its edits,
 * a reason when there are classes but none can take it, or undefined when there is none.
 */
export function placeInExistingConfigurer(
  sources: ProjectFile[],
  api: ConfigurerApi,
  appPackage: string,
  inApp: (path: string) => boolean,
): Placement | undefined {
  const chosen = chooseCandidate(sources, api, appPackage, inApp);
  if (chosen === undefined) return undefined;
  if (typeof chosen === 'string') return { reason: chosen };
  return placeIn(chosen, api);
}
