// springfox `Docket` beans -> springdoc `GroupedOpenApi` beans, when the Docket is built by one
// chain whose every call has a one-to-one builder method (table `libraries.springdoc.docket`):
//
//   return new Docket(DocumentationType.SWAGGER_2).groupName("g").select()
//       .apis(RequestHandlerSelectors.basePackage("p")).paths(PathSelectors.ant("/api/**")).build();
//   ->
//   return GroupedOpenApi.builder().group("g")
//       .packagesToScan("p").pathsToMatch("/api/**").build();
//
// The bean method's return type follows. The Docket's `.apiInfo(..)` and `.tags(..)` become an
// OpenAPI bean written after it (springdoc-api-info.ts). Anything else in the chain (regex paths,
// predicates combined, a Docket kept in a variable or passed around) leaves the file's Docket
// code as it is, reported with the shape to write.
import type { Edit, FindingInput } from '../../../src/engine/types.js';
import { type Token, matchingBracket } from '../../../src/formats/jvm-tokens.js';
import type { DocketMapping } from '../../../src/table/sections/libraries.js';
import { type LibContext, type LibResult, callArgs, chainCalls, importOf, removeImport, simpleOf, usedOutside } from '../lib-edits.js';
import { denotes } from '../model.js';
import { type ApiInfoPlan, type NewName, beanEnd, namer, openApiBean, otherApiInfo, planApiInfo } from './springdoc-api-info.js';

export const DOCKET_RULE = 'springdoc/docket';

interface Site {
  /** First token of the construction (`new`, or `Docket` in Kotlin) and last token (`)` of build()). */
  first: number;
  last: number;
  replacement?: string;
  /** The OpenAPI bean the Docket's apiInfo and tags become. */
  openApi?: ApiInfoPlan;
  /** Why it cannot be rewritten. */
  blocked?: string;
}


/** `Type.method(arg)` written as one selector call over tokens [first, last]: the type as written, the method, the argument text. */
function selectorCall(ctx: LibContext, first: number, last: number): { type: string; method: string; arg?: string } | undefined {
  const { tokens, text } = ctx.model;
  let k = first;
  const names = [tokens[k]?.type === 'ident' ? tokens[k]!.value : ''];
  while (tokens[k + 1]?.value === '.' && tokens[k + 2]?.type === 'ident') {
    k += 2;
    names.push(tokens[k]!.value);
  }
  if (names.length < 2 || !names[0] || tokens[k + 1]?.value !== '(' || matchingBracket(tokens, k + 1) !== last) return undefined;
  const args = callArgs(tokens, k + 1);
  if (args.length > 1) return undefined;
  const method = names.pop()!;
  const arg = args[0] ? text.slice(tokens[args[0].first]!.start, tokens[args[0].last]!.end) : undefined;
  return { type: names.join('.'), method, arg };
}

function planSite(ctx: LibContext, row: DocketMapping, first: number, ctorOpen: number, ctorClose: number, newName: NewName): Site {
  const { tokens, text } = ctx.model;
  const ctorArgs = callArgs(tokens, ctorOpen);
  const typeText = ctorArgs.length === 1 ? text.slice(tokens[ctorArgs[0]!.first]!.start, tokens[ctorArgs[0]!.last]!.end) : '';
  const typeOk = row.documentationTypes.some((t) => typeText === t || typeText === t.split('.').slice(-2).join('.'));
  const { calls } = chainCalls(tokens, ctorClose + 1);
  const last = calls.length ? calls[calls.length - 1]!.close : ctorClose;
  const site: Site = { first, last };
  const no = (what: string): Site => ({ ...site, blocked: `${what} has no one-to-one GroupedOpenApi builder method` });
  if (!typeOk) return no(`Docket(${typeText})`);
  const sep = calls.length ? text.slice(tokens[calls[0]!.at - 2]!.end, tokens[calls[0]!.at - 1]!.start) : '';
  const parts: string[] = [];
  let group: string | undefined;
  const seen = new Set<string>();
  let state: 'docket' | 'select' | 'built' = 'docket';
  let info: { first: number; last: number } | undefined;
  const tags: { first: number; last: number }[] = [];
  for (const c of calls) {
    const args = callArgs(tokens, c.open);
    const argText = args.length === 1 ? text.slice(tokens[args[0]!.first]!.start, tokens[args[0]!.last]!.end) : undefined;
    // Docket settings, before select() or after its build()
    const onDocket = state !== 'select';
    if (onDocket && c.name === 'apiInfo' && args.length === 1 && !info) info = args[0];
    else if (onDocket && c.name === 'tags' && args.length >= 1 && !tags.length) tags.push(...args);
    else if (onDocket && argText !== undefined && row.dropped.some((d) => d.call === c.name && d.argument === argText)) continue;
    else if (state === 'docket' && c.name === 'groupName' && argText !== undefined) group = argText;
    else if (state === 'docket' && c.name === 'select' && !args.length) state = 'select';
    else if (state === 'select' && (c.name === 'apis' || c.name === 'paths') && args.length === 1 && !seen.has(c.name)) {
      seen.add(c.name);
      const sel = selectorCall(ctx, args[0]!.first, args[0]!.last);
      const mapped = sel && row.selectors.find((s) => s.call === c.name && s.method === sel.method && denotes(ctx.model, sel.type, s.selector));
      if (!mapped || (mapped.to !== null && sel!.arg === undefined)) return no(`.${c.name}(${text.slice(tokens[args[0]!.first]!.start, tokens[args[0]!.last]!.end)})`);
      if (mapped.to) parts.push(`.${mapped.to}(${sel!.arg})`);
    } else if (state === 'select' && c.name === 'build' && !args.length) state = 'built';
    else return no(`.${c.name}(...)`);
  }
  if (state !== 'built') return { ...site, blocked: 'the Docket chain does not end in select()...build()' };
  if (info || tags.length) {
    const plan = planApiInfo(ctx, row.apiInfo, info, tags, newName);
    if (typeof plan === 'string') return { ...site, blocked: plan };
    site.openApi = plan;
  }
  const builder = `${simpleOf(row.groupedOpenApi)}.builder()`;
  const lines = [`.${row.groupMethod}(${group ?? JSON.stringify(row.defaultGroup)})`, ...parts, '.build()'];
  // One line stays one line; a chain broken before each call keeps that layout.
  const joint = sep.includes('\n') ? sep : '';
  return { ...site, replacement: builder + lines.map((l) => joint + l).join('') };
}

/** Every `new Docket(` (Java) / `Docket(` (Kotlin) construction of the springfox type. */
function constructions(ctx: LibContext, row: DocketMapping, newName: NewName): Site[] {
  const { tokens } = ctx.model;
  const out: Site[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type !== 'ident' || t.value !== simpleOf(row.docket) || tokens[k + 1]?.value !== '(') continue;
    const isNew = tokens[k - 1]?.value === 'new';
    if (ctx.lang === 'java' ? !isNew : ['.', ':', 'fun'].includes(tokens[k - 1]?.value ?? '')) continue;
    const close = matchingBracket(tokens, k + 1);
    if (close < 0) continue;
    out.push(planSite(ctx, row, isNew ? k - 1 : k, k + 1, close, newName));
  }
  return out;
}

/** Uses of the simple name `Docket` that are a bean method's return type (`Docket api(` / `): Docket`). */
function returnTypeUses(tokens: readonly Token[], name: string): number[] {
  const out: number[] = [];
  tokens.forEach((t, k) => {
    if (t.type !== 'ident' || t.value !== name) return;
    const javaReturn = tokens[k + 1]?.type === 'ident' && tokens[k + 2]?.value === '(';
    const kotlinReturn = tokens[k - 1]?.value === ':' && tokens[k - 2]?.value === ')' && ['=', '{'].includes(tokens[k + 1]?.value ?? '');
    if (javaReturn || kotlinReturn) out.push(k);
  });
  return out;
}

/**
 * Rewrites the file's Docket beans when every construction maps and `Docket` is used nowhere
 * else; returns whether the file's Docket code was taken care of (so it is not reported too).
 */
export function migrateDockets(ctx: LibContext, out: LibResult): boolean {
  const row = ctx.libs.springdoc.docket;
  const { model } = ctx;
  if (!denotes(model, simpleOf(row.docket), row.docket)) return false;
  let replaced: Edit[] = [];
  const names = namer(ctx, row, () => replaced);
  const sites = constructions(ctx, row, names.newName);
  if (!sites.length) return false;
  const withInfo = sites.filter((s) => s.openApi);
  if (withInfo.length > 1) withInfo[1]!.blocked = 'a second Docket with API info (springdoc reads one OpenAPI bean)';
  else if (withInfo.length) {
    const other = otherApiInfo(ctx, row);
    if (other) withInfo[0]!.blocked = other;
  }
  const ends = new Map<Site, { after: number; indentOf: number }>();
  for (const s of withInfo) {
    const end = s.blocked ? undefined : beanEnd(ctx, s.first, s.last);
    if (end === undefined) s.blocked ??= 'the Docket chain is not the whole of its bean method';
    else ends.set(s, end);
  }
  const blocked = sites.filter((s) => s.blocked);
  const name = simpleOf(row.docket);
  const returns = returnTypeUses(model.tokens, name);
  const helperRange = (k: number) => withInfo.some((s) => s.openApi?.helper && model.tokens[k]!.start >= s.openApi.helper.start && model.tokens[k]!.start < s.openApi.helper.end);
  const inSites = (k: number) => sites.some((s) => k >= s.first && k <= s.last) || helperRange(k);
  const imp = importOf(model, row.docket);
  const stray = model.tokens.findIndex((t, k) => t.type === 'ident' && t.value === name && !inSites(k) && !returns.includes(k) && !(imp && k >= imp.startToken && k <= imp.endToken));
  if (blocked.length || stray >= 0) {
    const at = blocked[0] ? model.tokens[blocked[0].first]!.start : model.tokens[stray]!.start;
    const why = blocked[0] ? blocked[0].blocked : 'Docket is used here other than as a bean built by one chain';
    out.findings.push(finding(row, at, 'warning', `Docket not rewritten: ${why}; write a GroupedOpenApi bean: ${simpleOf(row.groupedOpenApi)}.builder().${row.groupMethod}("<name>").packagesToScan("<package>").pathsToMatch("<ant path>").build() (${row.groupedOpenApi}), and API info on an OpenAPI bean (${row.apiInfo.openApi})`));
    return true;
  }
  const edits: Edit[] = sites.map((s) => ({ start: model.tokens[s.first]!.start, end: model.tokens[s.last]!.end, text: s.replacement!, rule: DOCKET_RULE }));
  for (const k of returns) edits.push({ start: model.tokens[k]!.start, end: model.tokens[k]!.end, text: simpleOf(row.groupedOpenApi), rule: DOCKET_RULE });
  const uses: string[] = [];
  for (const s of withInfo) {
    if (s.openApi!.helper) edits.push(s.openApi!.helper);
    const bean = openApiBean(ctx, row, ends.get(s)!, s.openApi!, names.newName);
    if (typeof bean === 'string') {
      out.findings.push(finding(row, model.tokens[s.first]!.start, 'warning', `Docket not rewritten: ${bean}; write the API info on an OpenAPI bean (${row.apiInfo.openApi})`));
      return true;
    }
    edits.push(bean);
    uses.push(...s.openApi!.uses);
  }
  replaced = edits;
  const importEdits = names.importEdits(uses, out);
  if (uses.length && importEdits.length === 0 && uses.some((fq) => ![undefined, fq].includes(model.importedNames.get(simpleOf(fq))))) {
    out.findings.push(finding(row, model.tokens[sites[0]!.first]!.start, 'warning', 'Docket not rewritten: springfox Contact or Tag is used here outside the Docket; write the API info on an OpenAPI bean'));
    return true;
  }
  edits.push(...importEdits);
  const gone = [row.docket, row.apiInfo.builder, row.apiInfo.type, ...row.documentationTypes.map((t) => t.slice(0, t.lastIndexOf('.'))), ...row.selectors.map((s) => s.selector), 'java.util.Collections'];
  for (const fq of gone) {
    const i = importOf(model, fq);
    if (i && !edits.some((e) => e.start === model.tokens[i.startToken]!.start) && !usedOutside(model, simpleOf(fq), edits)) edits.push(removeImport(model, i, DOCKET_RULE));
  }
  out.edits.push(...edits);
  // A springdoc 1 import of GroupedOpenApi is moved to the same type by springdoc/v2-types.
  const imported = model.importedNames.get(simpleOf(row.groupedOpenApi));
  const sameType = imported === row.groupedOpenApi || ctx.libs.springdoc.types.some((t) => t.from === imported && t.to === row.groupedOpenApi);
  if (!sameType) out.imports.push(row.groupedOpenApi);
  const infoNote = withInfo.length ? '; the API info and tags are on the OpenAPI bean written after it' : '; API info and security schemes go on an OpenAPI bean';
  // info: the springfox switch (springfox-switch.ts) reads any other severity as a blocker
  out.findings.push(finding(row, edits[0]!.start, 'info', `Docket bean -> GroupedOpenApi: springdoc serves each group as OpenAPI 3 at /v3/api-docs/<group> (a Docket without groupName becomes the group "${row.defaultGroup}"); springfox's Swagger 2 /v2/api-docs is no longer served, so its clients must move${infoNote}`));
  return true;
}

function finding(row: DocketMapping, offset: number, severity: FindingInput['severity'], message: string): FindingInput {
  return { rule: DOCKET_RULE, severity, offset, message, docs: row.source };
}
