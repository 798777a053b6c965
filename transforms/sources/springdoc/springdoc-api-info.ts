// A springfox Docket's `.apiInfo(..)` and `.tags(..)` -> an OpenAPI bean beside the GroupedOpenApi
// bean the Docket becomes (table `libraries.springdoc.docket.apiInfo`):
//
//   .apiInfo(new ApiInfoBuilder().title("t").version("1").contact(new Contact("n", "u", "e")).build())
//   .tags(new Tag("pets", "d"))
//   ->
//   @Bean
//   public OpenAPI openApi() {
//       return new OpenAPI()
//               .info(new Info().title("t").version("1").contact(new Contact().name("n").url("u").email("e")))
//               .addTagsItem(new Tag().name("pets").description("d"));
//   }
//
// The ApiInfo may be built inline or by a no-argument method of the same file whose body is that
// one return (the method goes once nothing else calls it). Every builder call must have its Info
// counterpart; anything else leaves the Docket as it is, reported.
import type { Edit } from '../../../src/engine/types.js';
import { matchingBracket } from '../../../src/formats/jvm-tokens.js';
import type { ApiInfoMapping, DocketMapping } from '../../../src/table/sections/libraries.js';
import { removalEdit } from '../annotations.js';
import { type LibContext, type LibResult, callArgs, chainCalls, importOf, indentUnit, lineIndent, simpleOf, usedOutside } from '../lib-edits.js';
import { denotes } from '../model.js';

const RULE = 'springdoc/docket';

/** Spells a class of the new line: its simple name, or the qualified one when the file cannot import it. */
export type NewName = (fq: string) => string;

export interface ApiInfoPlan {
  /** The `new OpenAPI()...` expression (continuation lines start with `eol + indent`). */
  expression: (eol: string, indent: string) => string;
  /** Classes the expression names (imported unless the file has another class of that name). */
  uses: string[];
  /** The helper method that built the ApiInfo, removed with the Docket code. */
  helper?: Edit;
}

/** `new X(` (Java) / `X(` (Kotlin) at tokens[k]: the index of '(' when X denotes `fq`. */
function construction(ctx: LibContext, k: number, fq: string): number | undefined {
  const { tokens } = ctx.model;
  const at = ctx.lang === 'java' ? (tokens[k]?.value === 'new' ? k + 1 : -1) : k;
  const name = tokens[at];
  if (!name || name.type !== 'ident' || tokens[at + 1]?.value !== '(' || !denotes(ctx.model, name.value, fq)) return undefined;
  return at + 1;
}

const argText = (ctx: LibContext, a: { first: number; last: number }) => ctx.model.text.slice(ctx.model.tokens[a.first]!.start, ctx.model.tokens[a.last]!.end);

/** `new Old(a, b, c)` -> `new New().m1(a).m2(b).m3(c)` for the argument names given. */
function rebuilt(ctx: LibContext, first: number, last: number, from: string, to: string, names: string[], newName: (fq: string) => string): string | undefined {
  const open = construction(ctx, first, from);
  if (open === undefined || matchingBracket(ctx.model.tokens, open) !== last) return undefined;
  const args = callArgs(ctx.model.tokens, open);
  if (args.length !== names.length) return undefined;
  return `${newName(to)}${args.map((a, i) => `.${names[i]}(${argText(ctx, a)})`).join('')}`;
}

/** The ApiInfoBuilder chain of tokens [first, last], or the no-argument method of this file returning one. */
function builderChain(ctx: LibContext, map: ApiInfoMapping, first: number, last: number): { first: number; last: number; helper?: Edit } | string {
  const { tokens } = ctx.model;
  const open = construction(ctx, first, map.builder);
  if (open !== undefined) return { first, last };
  // `apiInfo()`: a call to a method of this file
  if (tokens[first]?.type !== 'ident' || tokens[first + 1]?.value !== '(' || tokens[first + 2]?.value !== ')' || last !== first + 2) return `.apiInfo(${argText(ctx, { first, last })}) is neither an ApiInfoBuilder chain nor a method of this file building one`;
  const name = tokens[first]!.value;
  const decl = tokens.findIndex((t, k) => k !== first && t.value === name && tokens[k + 1]?.value === '(' && tokens[k + 2]?.value === ')' && (tokens[k - 1]?.type === 'ident' || tokens[k - 1]?.value === 'fun'));
  if (decl < 0) return `${name}() is not a method of this file`;
  const uses = tokens.filter((t, k) => t.type === 'ident' && t.value === name && tokens[k - 1]?.value !== '.').length;
  if (uses !== 2) return `${name}() is called from elsewhere too`;
  // Java `{ return <chain>; }`, Kotlin `= <chain>` or `{ return <chain> }`
  let k = decl + 3;
  if (ctx.lang === 'kotlin' && tokens[k]?.value === ':') k += 2;
  const body = tokens[k]?.value === '{' ? k : undefined;
  const start = body !== undefined ? (tokens[k + 1]?.value === 'return' ? k + 2 : -1) : tokens[k]?.value === '=' ? k + 1 : -1;
  if (start < 0) return `${name}() does more than return an ApiInfoBuilder chain`;
  const chainOpen = construction(ctx, start, map.builder);
  if (chainOpen === undefined) return `${name}() does not return an ApiInfoBuilder chain`;
  const end = chainCalls(tokens, matchingBracket(tokens, chainOpen) + 1).end;
  const after = end + 1 + (tokens[end + 1]?.value === ';' ? 1 : 0);
  const closing = body !== undefined ? matchingBracket(tokens, body) : end;
  if (body !== undefined && closing !== after) return `${name}() does more than return an ApiInfoBuilder chain`;
  // the declaration from the first token of its line (modifiers, the return type); one with an
  // annotation before it is someone's API and stays
  const text = ctx.model.text;
  const lineStart = text.lastIndexOf('\n', tokens[decl]!.start) + 1;
  let from = decl;
  while (from > 0 && tokens[from - 1]!.start >= lineStart) from--;
  if (tokens.slice(from, decl).some((t) => t.type !== 'ident' && t.value !== ':' && t.value !== '<' && t.value !== '>')) return `${name}() is not declared on a line of its own`;
  const before = tokens[from - 1];
  if (before && before.value !== '{' && before.value !== '}' && before.value !== ';') return `${name}() is annotated`;
  // the blank line before the method goes with it
  const helper = removalEdit(ctx.model.text, tokens[from]!.start, tokens[closing]!.end, RULE, 'before');
  return { first: start, last: end, helper };
}

/** The Info expression of an ApiInfoBuilder chain. */
function infoExpression(ctx: LibContext, map: ApiInfoMapping, first: number, newName: (fq: string) => string): string {
  const { tokens } = ctx.model;
  const open = construction(ctx, first, map.builder)!;
  const { calls: list } = chainCalls(tokens, matchingBracket(tokens, open) + 1);
  if (list[list.length - 1]?.name !== 'build' || callArgs(tokens, list[list.length - 1]!.open).length) throw 'the ApiInfoBuilder chain does not end in build()';
  let out = newName(map.info);
  let license: { name?: string; url?: string } | undefined;
  for (const c of list.slice(0, -1)) {
    const args = callArgs(tokens, c.open);
    const one = args.length === 1 ? argText(ctx, args[0]!) : undefined;
    if (map.calls[c.name] && one !== undefined) out += `.${map.calls[c.name]}(${one})`;
    else if (c.name === 'contact' && args.length === 1) {
      const contact = rebuilt(ctx, args[0]!.first, args[0]!.last, map.contact.from, map.contact.to, map.contact.arguments, newName);
      if (!contact) throw `.contact(${one}) is not new Contact(name, url, email)`;
      out += `.contact(${contact})`;
    } else if ((c.name === map.license.name || c.name === map.license.url) && one !== undefined) {
      license = { ...license, [c.name === map.license.name ? 'name' : 'url']: one };
    } else if (c.name === 'extensions' && one !== undefined && /^(Collections\.emptyList\(\)|new ArrayList<>\(\)|emptyList\(\)|listOf\(\))$/.test(one.replace(/\s+/g, ''))) {
      // no vendor extensions: nothing to carry over
    } else throw `ApiInfoBuilder.${c.name}(...) has no counterpart on Info`;
  }
  if (license) out += `.license(${newName(map.license.to)}${license.name ? `.name(${license.name})` : ''}${license.url ? `.url(${license.url})` : ''})`;
  return out;
}

/**
 * The OpenAPI bean for a Docket's apiInfo and tags (argument token ranges), or why it cannot be
 * written. `spell` spells a class of the new line (simple when it can be imported).
 */
export function planApiInfo(ctx: LibContext, map: ApiInfoMapping, info: { first: number; last: number } | undefined, tags: { first: number; last: number }[], spell: (fq: string) => string): ApiInfoPlan | string {
  // every class of the new line is built empty and filled by its fluent setters
  const newName = (fq: string) => (ctx.lang === 'java' ? `new ${spell(fq)}()` : `${spell(fq)}()`);
  const parts: string[] = [];
  let helper: Edit | undefined;
  try {
    if (info) {
      const chain = builderChain(ctx, map, info.first, info.last);
      if (typeof chain === 'string') return chain;
      helper = chain.helper;
      parts.push(`.info(${infoExpression(ctx, map, chain.first, newName)})`);
    }
    for (const t of tags) {
      const tag = rebuilt(ctx, t.first, t.last, map.tag.from, map.tag.to, map.tag.arguments, newName);
      if (!tag) return `.tags(${argText(ctx, t)}) is not new Tag(name, description)`;
      parts.push(`.${map.tag.add}(${tag})`);
    }
  } catch (why) {
    if (typeof why === 'string') return why;
    throw why;
  }
  const uses = [map.openApi, ...(info ? [map.info] : []), ...(tags.length ? [map.tag.to] : [])];
  const all = parts.join('');
  if (all.includes(newName(map.contact.to))) uses.push(map.contact.to);
  if (all.includes(newName(map.license.to))) uses.push(map.license.to);
  return { expression: (eol, indent) => newName(map.openApi) + parts.map((p) => eol + indent + p).join(''), uses, ...(helper ? { helper } : {}) };
}

/**
 * How the file spells each class the OpenAPI bean names: the simple name when the file imports it,
 * can import it, or imports a springfox class of that name that only the rewritten code uses
 * (that import is then rewritten in place); else the qualified name.
 */
export function namer(ctx: LibContext, row: DocketMapping, replaced: () => readonly Edit[]): { newName: NewName; importEdits: (uses: readonly string[], out: LibResult) => Edit[] } {
  const { model } = ctx;
  const replaceable = new Set([row.apiInfo.contact.from, row.apiInfo.tag.from]);
  const simpleOk = (fq: string) => {
    const have = model.importedNames.get(simpleOf(fq));
    if (have === undefined) return !model.tokens.some((t) => t.type === 'ident' && t.value === simpleOf(fq));
    return have === fq || replaceable.has(have);
  };
  return {
    newName: (fq) => (simpleOk(fq) ? simpleOf(fq) : fq),
    importEdits(uses, out) {
      const edits: Edit[] = [];
      for (const fq of new Set(uses)) {
        if (!simpleOk(fq)) continue;
        const have = model.importedNames.get(simpleOf(fq));
        if (have === undefined) out.imports.push(fq);
        else if (have !== fq) {
          const imp = importOf(model, have)!;
          const c = imp.chain;
          edits.push({ start: c.tokens[0]!.start, end: c.tokens[c.tokens.length - 1]!.end, text: fq, rule: RULE });
        }
      }
      // a springfox Contact/Tag import rewritten in place must not be used by code left as it is
      for (const e of edits) {
        const simple = e.text.slice(e.text.lastIndexOf('.') + 1);
        if (usedOutside(model, simple, replaced())) return [];
      }
      return edits;
    },
  };
}

/**
 * Where the bean method holding the Docket chain ends (after its `}`, or its expression for a
 * Kotlin `=` body) and the token whose line gives the method's indentation.
 */
export function beanEnd(ctx: LibContext, first: number, last: number): { after: number; indentOf: number } | undefined {
  const { tokens, text } = ctx.model;
  const startsLine = (k: number) => text.slice(text.lastIndexOf('\n', tokens[k]!.start - 1) + 1, tokens[k]!.start).trim() === '';
  const exprBody = ctx.lang === 'kotlin' && tokens[first - 1]?.value === '=';
  const brace = ctx.lang === 'java' ? (tokens[last + 1]?.value === ';' ? last + 2 : -1) : last + 1;
  if (!exprBody && tokens[brace]?.value === '}') return startsLine(brace) ? { after: brace, indentOf: brace } : undefined;
  if (!exprBody) return undefined;
  // Kotlin `fun x(): Docket = Docket(..)...`: the chain ends the declaration
  let fun = first;
  while (fun > 0 && tokens[fun]!.value !== 'fun') fun--;
  const next = tokens[last + 1];
  const ownLine = !next || text.slice(tokens[last]!.end, next.start).includes('\n');
  return tokens[fun]?.value === 'fun' && tokens[first - 1]?.value === '=' && ownLine && startsLine(fun) ? { after: last, indentOf: fun } : undefined;
}

/** The OpenAPI @Bean method, inserted after the Docket's bean method. */
export function openApiBean(ctx: LibContext, row: DocketMapping, end: { after: number; indentOf: number }, plan: ApiInfoPlan, newName: NewName): Edit | string {
  const { model, eol } = ctx;
  const name = 'openApi';
  if (model.tokens.some((t) => t.type === 'ident' && t.value === name)) return `the file already names ${name}`;
  const bean = model.importedNames.get('Bean') === 'org.springframework.context.annotation.Bean' ? 'Bean' : 'org.springframework.context.annotation.Bean';
  const at = model.tokens[end.after]!.end;
  const ind = lineIndent(model.text, model.tokens[end.indentOf]!.start);
  const unit = indentUnit(model.text);
  const type = newName(row.apiInfo.openApi);
  const body =
    ctx.lang === 'java'
      ? `${ind}public ${type} ${name}() {${eol}${ind}${unit}return ${plan.expression(eol, ind + unit.repeat(3))};${eol}${ind}}`
      : `${ind}fun ${name}(): ${type} = ${plan.expression(eol, ind + unit)}`;
  return { start: at, end: at, text: `${eol}${eol}${ind}@${bean}${eol}${body}`, rule: RULE };
}

/** Does another source of the project carry Docket API info too, or already build an OpenAPI bean? One OpenAPI bean serves the application. */
export function otherApiInfo(ctx: LibContext, row: DocketMapping): string | undefined {
  const own = ctx.model.text;
  const simple = simpleOf(row.docket);
  for (const f of ctx.project.ofKind('java', 'kotlin')) {
    const t = f.text;
    if (!t || t === own) continue;
    if (t.includes(row.apiInfo.openApi)) return `${f.path} already names ${row.apiInfo.openApi}`;
    if (t.includes(simple) && /\.(apiInfo|tags)\s*\(/.test(t)) return `${f.path} has Docket API info too (springdoc reads one OpenAPI bean)`;
  }
  return undefined;
}
