// What a file's HttpClient 4 code becomes in HttpClient 5, use by use, from the table's
// `libraries.httpclient.oneToOne.api` rows. Every use of an HttpClient 4 type is followed:
//   - `new T(..)` / Kotlin `T(..)`: a constructor row by argument count (kept, or written anew from
//     its template, `new DefaultHttpRequestRetryHandler(2, false)` ->
//     `new DefaultHttpRequestRetryStrategy(2, TimeValue.ofSeconds(1L))`);
//   - `T.m(..)` / `T.F`: a static method or field row;
//   - a variable, field or parameter declared with T, a method returning T, or a Kotlin `val x =`
//     set from such a chain: each `.m(..)` on it, and on what each call returns, through the
//     type's method rows (renamed, arguments wrapped: `setSocketTimeout(5000)` ->
//     `setResponseTimeout(Timeout.ofMilliseconds(5000))`).
// A use with no row is a blocker at its own offset, with what to write instead (the row's
// `missing` text or the type's note). A row with a note makes a warning: it compiles, and the note
// says what behaves differently. Only a file with no blocker moves; the run decides for the whole
// project (httpclient5-switch.ts).
import type { Edit } from '../../../src/engine/types.js';
import { matchingBracket, openingBracket, type Token } from '../../../src/formats/jvm-tokens.js';
import type { HttpClientApi, HttpClientCall } from '../../../src/table/sections/libraries.js';
import { type LibContext, callArgs, simpleOf } from '../lib-edits.js';
import { chainText } from '../model.js';

export const HTTPCLIENT_RULE = 'httpclient5/types';

export interface Located {
  offset: number;
  message: string;
}

export interface HcPlan {
  edits: Edit[];
  imports: string[];
  /** Rewrites that compile but behave differently (warnings). */
  notes: Located[];
}

export interface HcBlocked {
  blockers: Located[];
}

const KEYWORDS = new Set(['return', 'new', 'throw', 'case', 'else', 'in', 'is', 'as', 'yield', 'this', 'super']);

interface Walk {
  ctx: LibContext;
  rows: Map<string, HttpClientApi>;
  /** Simple name in the file -> HttpClient 4 type. */
  names: Map<string, string>;
  /** Variables, fields and parameters (and methods returning one) -> HttpClient 4 type. */
  vars: Map<string, string>;
  calls: Map<string, string>;
  plan: HcPlan;
  blockers: Located[];
  /** Token ranges written anew by a template (their own uses are not followed). */
  replaced: [number, number][];
}

/** The HttpClient 5 form of the file's HttpClient 4 code, or every use that has none. */
export function planHttpClient5(ctx: LibContext): HcPlan | HcBlocked {
  const { model } = ctx;
  const one = ctx.libs.httpclient.oneToOne;
  const w: Walk = { ctx, rows: new Map(one.api.map((r) => [r.type, r])), names: new Map(), vars: new Map(), calls: new Map(), plan: { edits: [], imports: [], notes: [] }, blockers: [], replaced: [] };
  const types = ctx.libs.httpclient.types;
  for (const i of model.imports.filter((x) => chainText(x.chain).startsWith('org.apache.http.'))) {
    const name = chainText(i.chain);
    const at = model.tokens[i.startToken]!.start;
    const row = types.find((r) => r.from === name);
    if (i.chain.wildcard || i.isStatic || i.alias) w.blockers.push({ offset: at, message: `import ${name}${i.chain.wildcard ? '.*' : ''} is not a plain single-type import: import each HttpClient 5 type (org.apache.hc.client5.http / org.apache.hc.core5) it stands for` });
    else if (!row) w.blockers.push({ offset: at, message: `${name} has no one-to-one HttpClient 5 form in this tool's table: find its org.apache.hc.client5.http / org.apache.hc.core5 counterpart (migration guide) and port its uses by hand` });
    else {
      w.names.set(simpleOf(name), name);
      const c = i.chain;
      w.plan.edits.push({ start: c.tokens[0]!.start, end: c.tokens[c.tokens.length - 1]!.end, text: row.to, rule: HTTPCLIENT_RULE });
    }
  }
  const qualified = model.chains.find((c) => !model.declChains.has(c.first) && chainText(c).startsWith('org.apache.http.'));
  if (qualified) w.blockers.push({ offset: qualified.tokens[0]!.start, message: `${chainText(qualified)} is written in full: import it, or write its HttpClient 5 name` });
  declarations(w);
  // Twice: a Kotlin `val x = chain` learns its type from the first walk.
  for (let round = 0; round < 2; round++) {
    const before = w.vars.size;
    walkAll(w, round === 1);
    if (w.vars.size === before) break;
  }
  w.plan.imports = [...new Set(w.plan.imports)];
  for (const imp of w.plan.imports) {
    const have = model.importedNames.get(simpleOf(imp));
    if (have && have !== imp) w.blockers.push({ offset: 0, message: `the file imports another ${simpleOf(imp)} (${have}) than HttpClient 5's ${imp}, which the new code names` });
  }
  if (w.blockers.length) return { blockers: dedupe(w.blockers) };
  return w.plan;
}

/** A type's name as written in code: `RequestConfig.Builder` for a nested type, else the simple name. */
const display = (fq: string) => fq.split('.').filter((p) => /^[A-Z]/.test(p)).join('.');

const dedupe = (xs: Located[]) => xs.filter((x, i) => xs.findIndex((y) => y.offset === x.offset && y.message === x.message) === i);

const inImport = (w: Walk, k: number) => w.ctx.model.imports.some((i) => k >= i.startToken && k <= i.endToken);

/** Variables, fields, parameters and methods declared with an HttpClient 4 type. */
function declarations(w: Walk): void {
  const { tokens } = w.ctx.model;
  const kotlin = w.ctx.lang === 'kotlin';
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    const type = t.type === 'ident' && tokens[k - 1]?.value !== '.' ? w.names.get(t.value) : undefined;
    if (!type || inImport(w, k)) continue;
    if (kotlin) {
      // `name: T` (property, parameter), `fun name(..): T`
      if (tokens[k - 1]?.value === ':' && tokens[k - 2]?.type === 'ident') w.vars.set(tokens[k - 2]!.value, type);
      else if (tokens[k - 1]?.value === ':' && tokens[k - 2]?.value === ')') {
        const open = openingBracket(tokens, k - 2);
        if (tokens[open - 1]?.type === 'ident' && tokens[open - 2]?.value === 'fun') w.calls.set(tokens[open - 1]!.value, type);
      }
      continue;
    }
    // Java: `T name` then `=`, `;`, `,`, `)` (a variable) or `(` (a method returning T).
    const name = tokens[k + 1];
    if (name?.type !== 'ident' || KEYWORDS.has(name.value)) continue;
    const after = tokens[k + 2]?.value;
    if (after === '(') w.calls.set(name.value, type);
    else if (after && ['=', ';', ',', ')', ':'].includes(after)) w.vars.set(name.value, type);
  }
}

function walkAll(w: Walk, again: boolean): void {
  const { tokens } = w.ctx.model;
  const kotlin = w.ctx.lang === 'kotlin';
  for (let k = 0; k < tokens.length; k++) {
    if (w.replaced.some(([a, b]) => k >= a && k <= b)) continue;
    const t = tokens[k]!;
    if (t.type !== 'ident' || inImport(w, k)) continue;
    const prev = tokens[k - 1]?.value;
    const ownMember = prev !== '.' || (tokens[k - 2]?.value === 'this' && tokens[k - 3]?.value !== '.');
    const type = prev !== '.' ? w.names.get(t.value) : undefined;
    let end: number | undefined;
    let current: string | undefined;
    if (type) {
      const row = w.rows.get(type);
      if (!again && row?.rename) w.plan.edits.push({ start: t.start, end: t.end, text: row.rename, rule: HTTPCLIENT_RULE });
      const isNew = prev === 'new' || (kotlin && tokens[k + 1]?.value === '(');
      if (isNew) [end, current] = construct(w, k, type, again);
      else if (tokens[k + 1]?.value === '.' && tokens[k + 2]?.type === 'ident') [end, current] = staticUse(w, k, type, again);
      else continue; // a type written in a declaration, a cast or a generic argument
    } else if (ownMember && w.vars.has(t.value) && tokens[k + 1]?.value === '.' && !isDeclaration(tokens, k, kotlin)) {
      end = k;
      current = w.vars.get(t.value);
    } else if (ownMember && w.calls.has(t.value) && tokens[k + 1]?.value === '(' && !isDeclaration(tokens, k, kotlin)) {
      end = matchingBracket(tokens, k + 1);
      current = w.calls.get(t.value);
    } else continue;
    if (end === undefined || end < 0) continue;
    const last = chain(w, end, current, again);
    // `val/var x = <chain>` (Kotlin), `var x = <chain>` (Java): x takes the chain's type.
    const root = type ? (tokens[k - 1]?.value === 'new' ? k - 1 : k) : k;
    if (last.type && tokens[root - 1]?.value === '=' && tokens[root - 2]?.type === 'ident' && ['val', 'var'].includes(tokens[root - 3]?.value ?? '')) w.vars.set(tokens[root - 2]!.value, last.type);
    // The arguments of the calls walked hold uses of their own: the scan goes on inside them.
  }
}

/** Is tokens[k] the name in a declaration (`T name`, `name: T`, `fun name(`)? */
function isDeclaration(tokens: readonly Token[], k: number, kotlin: boolean): boolean {
  if (kotlin) return tokens[k - 1]?.value === 'fun' || tokens[k + 1]?.value === ':';
  const p = tokens[k - 1];
  return !!p && (p.type === 'ident' && !KEYWORDS.has(p.value) || p.value === '>');
}

const blocked = (w: Walk, at: number, message: string, again: boolean) => {
  if (!again) w.blockers.push({ offset: w.ctx.model.tokens[at]!.start, message });
};

function missingText(w: Walk, type: string, member: string): string {
  const row = w.rows.get(type);
  const instead = row?.missing?.[member];
  const note = w.ctx.libs.httpclient.types.find((r) => r.from === type || type.startsWith(`${r.from}.`))?.note;
  const where = member === '<init>' ? `this ${display(type)} constructor` : `${display(type)}.${member}(..)`;
  return `${where} has no one-to-one HttpClient 5 form${instead ? `: write ${instead}` : note ? ` (${note})` : ''}`;
}

/** `new T(args)`: the constructor row by argument count. Returns the last token and the type built. */
function construct(w: Walk, k: number, type: string, again: boolean): [number | undefined, string | undefined] {
  const { tokens, text } = w.ctx.model;
  const open = k + 1;
  if (tokens[open]?.value !== '(') return [undefined, undefined];
  const close = matchingBracket(tokens, open);
  const args = callArgs(tokens, open);
  const call = w.rows.get(type)?.constructors?.[String(args.length)];
  const start = tokens[k - 1]?.value === 'new' ? k - 1 : k;
  if (!call) {
    blocked(w, start, missingText(w, type, '<init>'), again);
    return [close, undefined];
  }
  const written = args.map((a) => text.slice(tokens[a.first]!.start, tokens[a.last]!.end));
  for (const [i, lit] of Object.entries(call.literal ?? {}))
    if (written[Number(i)]?.trim() !== lit) {
      blocked(w, start, missingText(w, type, '<init>'), again);
      return [close, undefined];
    }
  if (call.template && !again) {
    const body = fill(w, call.template, written);
    w.plan.edits.push({ start: tokens[start]!.start, end: tokens[close]!.end, text: body, rule: HTTPCLIENT_RULE });
    // The rename of the type name inside the replaced range must go (the template says it all).
    w.plan.edits = w.plan.edits.filter((e) => !(e.start === tokens[k]!.start && e.end === tokens[k]!.end && e.text !== body));
    w.replaced.push([start, close]);
  }
  use(w, call, tokens[start]!.start, again);
  return [close, call.returns];
}

/** The template for this language: `new ` dropped in Kotlin, `{i}` the arguments. */
function fill(w: Walk, template: string, args: string[]): string {
  const t = w.ctx.lang === 'kotlin' ? template.replace(/\bnew\s+/g, '') : template;
  return t.replace(/\{(\d+)\}/g, (_, i: string) => args[Number(i)] ?? '');
}

function use(w: Walk, call: HttpClientCall, offset: number, again: boolean): void {
  if (again) return;
  w.plan.imports.push(...(call.imports ?? []));
  if (call.note) w.plan.notes.push({ offset, message: call.note });
}

/** `T.m(..)` or `T.F`. */
function staticUse(w: Walk, k: number, type: string, again: boolean): [number | undefined, string | undefined] {
  const { tokens } = w.ctx.model;
  const row = w.rows.get(type);
  const name = tokens[k + 2]!.value;
  if (tokens[k + 3]?.value === '(') {
    const returns = row?.statics?.[name];
    const close = matchingBracket(tokens, k + 3);
    if (returns === undefined) {
      blocked(w, k, missingText(w, type, name), again);
      return [close, undefined];
    }
    return [close, returns];
  }
  const field = row?.fields?.[name];
  if (!field) {
    blocked(w, k, `${display(type)}.${name} has no one-to-one HttpClient 5 form${row?.missing?.[name] ? `: write ${row.missing[name]}` : ''}`, again);
    return [k + 2, undefined];
  }
  if (field.template && !again) {
    w.plan.edits = w.plan.edits.filter((e) => !(e.start === tokens[k]!.start && e.end === tokens[k]!.end));
    w.plan.edits.push({ start: tokens[k]!.start, end: tokens[k + 2]!.end, text: fill(w, field.template, []), rule: HTTPCLIENT_RULE });
    w.replaced.push([k, k + 2]);
  }
  use(w, field, tokens[k]!.start, again);
  return [k + 2, field.returns];
}

/** The `.m(..)` calls after tokens[end] on a value of `type`: each by its row. */
function chain(w: Walk, end: number, type: string | undefined, again: boolean): { end: number; type?: string } {
  const { tokens } = w.ctx.model;
  let j = end;
  let current = type;
  while (current && tokens[j + 1]?.value === '.' && tokens[j + 2]?.type === 'ident') {
    const nameAt = j + 2;
    const name = tokens[nameAt]!.value;
    if (tokens[nameAt + 1]?.value !== '(') {
      blocked(w, nameAt, `${display(current)}.${name} has no one-to-one HttpClient 5 form`, again);
      return { end: nameAt };
    }
    const close = matchingBracket(tokens, nameAt + 1);
    if (close < 0) return { end: nameAt };
    const call = w.rows.get(current)?.methods?.[name];
    if (!call) {
      blocked(w, nameAt, missingText(w, current, name), again);
      return { end: close };
    }
    const exact = again ? false : callEdits(w, nameAt, call);
    use(w, exact ? { ...call, note: undefined } : call, tokens[nameAt]!.start, again);
    current = call.returns;
    j = close;
  }
  return { end: j, type: current };
}

/** The edits of one call: its new name, its arguments wrapped. True when a literal argument makes the note moot. */
function callEdits(w: Walk, nameAt: number, call: HttpClientCall): boolean {
  const { tokens, text } = w.ctx.model;
  const name = tokens[nameAt]!;
  if (call.to) w.plan.edits.push({ start: name.start, end: name.end, text: call.to, rule: HTTPCLIENT_RULE });
  if (!call.args) return false;
  const args = callArgs(tokens, nameAt + 1);
  const written = (a: { first: number; last: number }) => text.slice(tokens[a.first]!.start, tokens[a.last]!.end);
  const literal = (a: { first: number; last: number }): number | undefined => {
    const s = written(a).replace(/\s+/g, '').replace(/[lL]$/, '');
    return /^-?\d+$/.test(s) ? Number(s) : undefined;
  };
  const at = name.start;
  if (call.args === 'timevalue-unit') {
    if (args.length !== 2) {
      w.blockers.push({ offset: at, message: `${name.value}(..) with ${args.length} argument(s) has no one-to-one HttpClient 5 form` });
      return false;
    }
    w.plan.edits.push({ start: tokens[args[0]!.first]!.start, end: tokens[args[1]!.last]!.end, text: `TimeValue.of(${written(args[0]!)}, ${written(args[1]!)})`, rule: HTTPCLIENT_RULE });
    return false;
  }
  const wrapper = call.args === 'timeout-ms' ? 'Timeout' : 'TimeValue';
  if (args.length !== 1) {
    w.blockers.push({ offset: at, message: `${name.value}(..) with ${args.length} arguments has no one-to-one HttpClient 5 form` });
    return false;
  }
  const value = literal(args[0]!);
  const floor = call.args === 'timeout-ms' ? 0 : 1;
  if (value !== undefined && value < floor) {
    w.blockers.push({ offset: at, message: `${name.value}(${written(args[0]!)}): ${call.note ?? ''}; write the HttpClient 5 value by hand (${wrapper}.ofMilliseconds(n) with n >= ${floor}${call.args === 'timevalue-ms' ? ', or TimeValue.NEG_ONE_MILLISECOND for never' : ', or drop the call for the default'})` });
    return false;
  }
  const a = args[0]!;
  w.plan.edits.push({ start: tokens[a.first]!.start, end: tokens[a.first]!.start, text: `${wrapper}.ofMilliseconds(`, rule: HTTPCLIENT_RULE });
  w.plan.edits.push({ start: tokens[a.last]!.end, end: tokens[a.last]!.end, text: ')', rule: HTTPCLIENT_RULE });
  // A literal in range behaves the same: no note.
  return value !== undefined;
}
