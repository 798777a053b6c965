// Hibernate 6 in sources: `@Type(type = "...")` and `@TypeDef` are gone, hibernate-types moved to
// hypersistence-utils. The replacement depends on the mapped column (a converter, a JDBC type
// code, a UserType class), so each use is reported at its line with the Hibernate 6 form the
// table gives for that type name; nothing is edited.
import { type LibContext, type LibResult, callArgs, emptyResult } from './lib-edits.js';
import { annotationIs, annotationSpans } from './lib-declarations.js';
import { stringValue } from '../../src/formats/jvm-tokens.js';
import { chainText } from './model.js';

export const HIBERNATE_RULES = { types: 'hibernate6/type-annotations', hypersistence: 'hibernate6/hypersistence' } as const;

const TYPE = 'org.hibernate.annotations.Type';

/** The string given to `type = "..."` in a @Type annotation, if any. */
function typeName(ctx: LibContext, span: ReturnType<typeof annotationSpans>[number]): string | undefined {
  const { tokens, text } = ctx.model;
  if (span.open === undefined) return undefined;
  for (const a of callArgs(tokens, span.open)) {
    if (tokens[a.first]!.value !== 'type' || tokens[a.first + 1]?.value !== '=' || a.last !== a.first + 2) continue;
    const v = tokens[a.last]!;
    return v.type === 'string' ? stringValue(text, v, ctx.lang) : undefined;
  }
  return undefined;
}

/** `@TypeDef(name = "alias", typeClass = X.class)` in the file: alias -> `X.class` as written. */
function typeDefs(ctx: LibContext, spans: ReturnType<typeof annotationSpans>): Map<string, string> {
  const { tokens, text } = ctx.model;
  const out = new Map<string, string>();
  for (const span of spans) {
    if (!annotationIs(ctx.model, span, 'org.hibernate.annotations.TypeDef') || span.open === undefined) continue;
    let name: string | undefined;
    let cls: string | undefined;
    for (const a of callArgs(tokens, span.open)) {
      const key = tokens[a.first]!.value;
      if (tokens[a.first + 1]?.value !== '=') continue;
      const v = tokens[a.first + 2]!;
      if (key === 'name' && v.type === 'string') name = stringValue(text, v, ctx.lang);
      if (key === 'typeClass') cls = text.slice(v.start, tokens[a.last]!.end);
    }
    if (name && cls) out.set(name, cls);
  }
  return out;
}

/** The concrete Hibernate 6 form of `@Type(type = name)` when the name says which class it is. */
function classForm(name: string, defs: Map<string, string>): string | undefined {
  const def = defs.get(name);
  if (def) return `@Type(${def.replace(/^com\.vladmihalcea\.hibernate\.type\./, 'io.hypersistence.utils.hibernate.type.')})`;
  return /^[a-z_$][\w$]*(\.[\w$]+)+$/i.test(name) && /\.[A-Z]/.test(name) ? `@Type(${name.slice(name.lastIndexOf('.') + 1)}.class) (import ${name})` : undefined;
}

export function migrateHibernate(ctx: LibContext): LibResult {
  const out = emptyResult();
  const { model } = ctx;
  const rows = ctx.libs.hibernate;
  const spans = annotationSpans(model);
  const defs = typeDefs(ctx, spans);
  const reported = new Map(rows.reported.map((r) => [r.name, r]));
  for (const span of spans) {
    const at = model.tokens[span.at]!.start;
    if (annotationIs(model, span, TYPE)) {
      const name = typeName(ctx, span);
      if (name === undefined) continue; // @Type(MyType.class): already the Hibernate 6 form
      const row = rows.types.find((t) => t.names.includes(name));
      const general = reported.get(TYPE)!;
      out.findings.push({
        rule: HIBERNATE_RULES.types,
        severity: 'error',
        offset: at,
        message: row
          ? `@Type(type = "${name}") does not compile with Hibernate 6: use ${row.replacement}`
          : `@Type(type = "${name}") does not compile with Hibernate 6: ${classForm(name, defs) ? `use ${classForm(name, defs)}` : general.replacement}`,
        docs: row?.source ?? general.source,
      });
      continue;
    }
    for (const fq of ['org.hibernate.annotations.TypeDef', 'org.hibernate.annotations.TypeDefs']) {
      if (!annotationIs(model, span, fq)) continue;
      const row = reported.get(fq)!;
      out.findings.push({ rule: HIBERNATE_RULES.types, severity: 'error', offset: at, message: `@${span.name} ${row.replacement}`, docs: row.source });
    }
  }
  const moved = [...reported.values()].find((r) => r.name === 'com.vladmihalcea.hibernate.type');
  if (moved) {
    for (const imp of model.imports) {
      const name = chainText(imp.chain);
      if (name === moved.name || name.startsWith(moved.name + '.'))
        out.findings.push({ rule: HIBERNATE_RULES.hypersistence, severity: 'error', offset: model.tokens[imp.startToken]!.start, message: `${name}: hibernate-types does not support Hibernate 6; use ${moved.replacement}`, docs: moved.source });
    }
  }
  return out;
}
