// Hibernate 6 in sources: `@Type(type = "...")` and `@TypeDef` are gone, hibernate-types moved to
// hypersistence-utils. The replacement depends on the mapped column (a converter, a JDBC type
// code, a UserType class), so each use is reported at its line with the Hibernate 6 form the
// table gives for that type name. The names whose Hibernate 6 form maps the column exactly the
// same way (the boolean converters, the UUID JDBC type codes) are rewritten, and so is a name
// that a @TypeDef of the same file gives a hibernate-types class with a hypersistence-utils twin
// (`@Type(JsonType.class)`, the @TypeDef removed once nothing names it): the class is the same,
// and the build and the imports move to hypersistence-utils in the same run (the variant row).
import type { Edit } from '../../../src/engine/types.js';
import type { TypeRewrite } from '../../../src/table/sections/libraries.js';
import { type LibContext, type LibResult, callArgs, emptyResult, importOf, pkgOf, removeImport, simpleOf, usedOutside } from '../lib-edits.js';
import { type AnnotationSpan, annotationIs, annotationSpans } from '../lib-declarations.js';
import { stringValue } from '../../../src/formats/jvm-strings.js';
import { chainText } from '../model.js';
import { removalEdit } from '../annotations.js';
import { variantMoves, type JakartaVariantRow } from '../jakarta/jakarta-variants.js';

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

interface TypeDef {
  span: AnnotationSpan;
  /** `X.class` / `X::class` as written. */
  cls: string;
  /** The class's name as written (`JsonType`, `com.vladmihalcea...JsonType`). */
  clsName: string;
  /** Only `name` and `typeClass`, and not inside a @TypeDefs container: it can go once nothing names it. */
  plain: boolean;
}

/** `@TypeDef(name = "alias", typeClass = X.class)` in the file: alias -> its definition. */
function typeDefs(ctx: LibContext, spans: ReturnType<typeof annotationSpans>): Map<string, TypeDef> {
  const { tokens, text } = ctx.model;
  const out = new Map<string, TypeDef>();
  const containers = spans.filter((s) => annotationIs(ctx.model, s, 'org.hibernate.annotations.TypeDefs') && s.open !== undefined);
  for (const span of spans) {
    if (!annotationIs(ctx.model, span, 'org.hibernate.annotations.TypeDef') || span.open === undefined) continue;
    let name: string | undefined;
    let cls: string | undefined;
    let clsName = '';
    let others = 0;
    for (const a of callArgs(tokens, span.open)) {
      const key = tokens[a.first]!.value;
      if (tokens[a.first + 1]?.value !== '=') {
        others++;
        continue;
      }
      const v = tokens[a.first + 2]!;
      if (key === 'name' && v.type === 'string') name = stringValue(text, v, ctx.lang);
      else if (key === 'typeClass') {
        cls = text.slice(v.start, tokens[a.last]!.end);
        clsName = tokens.slice(a.first + 2, a.last + 1).map((t) => t.value).join('').replace(/(\.class|::class)$/, '');
      } else others++;
    }
    const nested = containers.some((c) => c.at < span.at && c.end > span.end);
    if (name && cls) out.set(name, { span, cls, clsName, plain: others === 0 && !nested });
  }
  return out;
}

/** The hypersistence-utils twin of a @TypeDef's class, when the file's names say it is a hibernate-types class that has one. */
function twinOf(ctx: LibContext, def: TypeDef, row: JakartaVariantRow | undefined): boolean {
  if (!row) return false;
  const fq = def.clsName.includes('.') ? def.clsName : ctx.model.importedNames.get(def.clsName);
  const moved = row.packages[0]!;
  return !!fq && (fq.startsWith(moved.from + '.') || fq.startsWith(moved.to + '.')) && !row.gone.some((g) => g.name === fq);
}

/** The concrete Hibernate 6 form of `@Type(type = name)` when the name says which class it is. */
function classForm(name: string, defs: Map<string, TypeDef>): string | undefined {
  const def = defs.get(name)?.cls;
  if (def) return `@Type(${def.replace(/^com\.vladmihalcea\.hibernate\.type\./, 'io.hypersistence.utils.hibernate.type.')})`;
  return /^[a-z_$][\w$]*(\.[\w$]+)+$/i.test(name) && /\.[A-Z]/.test(name) ? `@Type(${name.slice(name.lastIndexOf('.') + 1)}.class) (import ${name})` : undefined;
}

/**
 * `@Type(type = "yes_no")` -> `@Convert(converter = YesNoConverter.class)`: only when `type` is the
 * annotation's one attribute (`parameters` have no counterpart on the new annotation).
 */
function rewriteType(ctx: LibContext, span: AnnotationSpan, rewrite: TypeRewrite, out: LibResult): boolean {
  const { tokens } = ctx.model;
  if (span.open === undefined || callArgs(tokens, span.open).length !== 1) return false;
  const qualified = span.name.includes('.');
  const name = (fq: string) => (qualified ? fq : simpleOf(fq));
  const value =
    rewrite.valueKind === 'class'
      ? `${name(rewrite.value)}${ctx.lang === 'kotlin' ? '::class' : '.class'}`
      : `${name(pkgOf(rewrite.value))}.${simpleOf(rewrite.value)}`;
  const args = rewrite.attribute ? `${rewrite.attribute} = ${value}` : value;
  // From the name on: a Kotlin use-site target (`@field:`) stays.
  out.edits.push({ start: tokens[span.nameFirst]!.start, end: tokens[span.end]!.end, text: `${name(rewrite.annotation)}(${args})`, rule: HIBERNATE_RULES.types });
  if (!qualified) out.imports.push(rewrite.annotation, rewrite.valueKind === 'class' ? rewrite.value : pkgOf(rewrite.value));
  return true;
}

/** The `@Type` import once no `@Type` is left in the file. */
function dropTypeImport(ctx: LibContext, out: LibResult): void {
  const imp = importOf(ctx.model, TYPE);
  if (imp && out.edits.length && !usedOutside(ctx.model, 'Type', out.edits)) out.edits.push(removeImport(ctx.model, imp, HIBERNATE_RULES.types));
}

export function migrateHibernate(ctx: LibContext): LibResult {
  const out = emptyResult();
  const { model } = ctx;
  const rows = ctx.libs.hibernate;
  const spans = annotationSpans(model);
  const defs = typeDefs(ctx, spans);
  const reported = new Map(rows.reported.map((r) => [r.name, r]));
  const variant = variantMoves(ctx, 'com.vladmihalcea.hibernate.type');
  // names whose every @Type was rewritten to the class, and those some @Type still names
  const rewritten = new Set<string>();
  const stillNamed = new Set<string>();
  for (const span of spans) {
    const at = model.tokens[span.at]!.start;
    if (annotationIs(model, span, TYPE)) {
      const name = typeName(ctx, span);
      if (name === undefined) continue; // @Type(MyType.class): already the Hibernate 6 form
      const row = rows.types.find((t) => t.names.includes(name));
      if (row?.rewrite && rewriteType(ctx, span, row.rewrite, out)) {
        out.findings.push({ rule: HIBERNATE_RULES.types, severity: 'info', offset: at, message: `@Type(type = "${name}") -> ${row.replacement.replace(/ \(.*$/, '')}: Hibernate 6 maps the column the same way`, docs: row.source });
        continue;
      }
      const def = defs.get(name);
      if (!row && def?.plain && twinOf(ctx, def, variant) && span.open !== undefined && callArgs(model.tokens, span.open).length === 1) {
        // the class the @TypeDef names, given to @Type directly (its import moves with the build)
        out.edits.push({ start: model.tokens[span.open]!.start, end: model.tokens[span.end]!.end, text: `(${def.cls})`, rule: HIBERNATE_RULES.types });
        out.findings.push({ rule: HIBERNATE_RULES.types, severity: 'info', offset: at, message: `@Type(type = "${name}") -> @${span.name}(${def.cls}): the class its @TypeDef names, on Hibernate 6 through hypersistence-utils`, docs: reported.get(TYPE)!.source });
        rewritten.add(name);
        continue;
      }
      stillNamed.add(name);
      const general = reported.get(TYPE)!;
      out.findings.push({
        rule: HIBERNATE_RULES.types,
        severity: 'error',
        offset: at,
        message: row
          ? `@Type(type = "${name}") does not compile with Hibernate 6: use ${row.replacement}`
          : `@Type(type = "${name}") does not compile with Hibernate 6: ${classForm(name, defs) ? `use ${classForm(name, defs)}${def && !def.plain ? ' with the @TypeDef\'s parameters (@Type(value = ..., parameters = ...))' : ''}` : general.replacement}`,
        docs: row?.source ?? general.source,
      });
      continue;
    }
  }
  // a @TypeDef goes once every @Type naming it names its class; any other stays an error
  const removedDefs: Edit[] = [];
  for (const span of spans) {
    for (const fq of ['org.hibernate.annotations.TypeDef', 'org.hibernate.annotations.TypeDefs']) {
      if (!annotationIs(model, span, fq)) continue;
      const def = [...defs.entries()].find(([, d]) => d.span === span);
      if (def && def[1].plain && rewritten.has(def[0]) && !stillNamed.has(def[0])) {
        const removal = removalEdit(model.text, model.tokens[span.at]!.start, model.tokens[span.end]!.end, HIBERNATE_RULES.types);
        out.edits.push(removal);
        removedDefs.push(removal);
        continue;
      }
      const row = reported.get(fq)!;
      out.findings.push({ rule: HIBERNATE_RULES.types, severity: 'error', offset: model.tokens[span.at]!.start, message: `@${span.name} ${row.replacement}`, docs: row.source });
    }
  }
  const typeDefImport = importOf(model, 'org.hibernate.annotations.TypeDef');
  if (removedDefs.length && typeDefImport && !usedOutside(model, 'TypeDef', removedDefs)) out.edits.push(removeImport(model, typeDefImport, HIBERNATE_RULES.types));
  const moved = [...reported.values()].find((r) => r.name === 'com.vladmihalcea.hibernate.type');
  // the build moves hibernate-types to hypersistence-utils and the imports follow (jakarta-variants.ts)
  if (moved && !variant) {
    for (const imp of model.imports) {
      const name = chainText(imp.chain);
      if (name === moved.name || name.startsWith(moved.name + '.'))
        out.findings.push({ rule: HIBERNATE_RULES.hypersistence, severity: 'error', offset: model.tokens[imp.startToken]!.start, message: `${name}: hibernate-types does not support Hibernate 6; use ${moved.replacement}`, docs: moved.source });
    }
  }
  reportBasicTypes(ctx, out);
  dropTypeImport(ctx, out);
  return out;
}

const HIBERNATE_TYPE = 'org.hibernate.type.Type';
const STANDARD_BASIC_TYPES = 'org.hibernate.type.StandardBasicTypes';

/**
 * Hibernate 5's basic type classes (LongType.INSTANCE) are gone in 6, and StandardBasicTypes'
 * constants became BasicTypeReference<T>, which is no org.hibernate.type.Type: code holding them
 * as a Type no longer compiles. Which form fits depends on the call that takes the value, so each
 * is reported at its import with the replacement.
 */
function reportBasicTypes(ctx: LibContext, out: LibResult): void {
  const { model, libs } = ctx;
  const rows = libs.hibernate.removedBasicTypes ?? [];
  if (!rows.length) return;
  const docs = libs.hibernate.removedBasicTypesSource;
  const byType = new Map(rows.map((r) => [r.type, r]));
  for (const imp of model.imports) {
    if (imp.isStatic || imp.chain.wildcard) continue;
    const name = chainText(imp.chain);
    const row = byType.get(name);
    if (!row) continue;
    const simple = simpleOf(name);
    const use = row.constant
      ? `StandardBasicTypes.${row.constant} (${STANDARD_BASIC_TYPES}, a BasicTypeReference: NativeQuery#addScalar(String, BasicTypeReference) and Query#setParameter(String, Object, BasicTypeReference) take it), or the Java class (addScalar(name, X.class), setParameter(name, value, X.class))`
      : 'the Java class (addScalar(name, X.class), setParameter(name, value, X.class)); StandardBasicTypes has no constant for it in Hibernate 6';
    out.findings.push({ rule: HIBERNATE_RULES.types, severity: 'error', offset: model.tokens[imp.startToken]!.start, message: `${name} was removed in Hibernate 6 (${simple}.INSTANCE no longer compiles): use ${use}`, docs });
  }
  const typeImport = importOf(model, HIBERNATE_TYPE);
  if (typeImport && importOf(model, STANDARD_BASIC_TYPES) && usedOutside(model, 'StandardBasicTypes', [])) {
    out.findings.push({
      rule: HIBERNATE_RULES.types,
      severity: 'error',
      offset: model.tokens[typeImport.startToken]!.start,
      message: `this file holds StandardBasicTypes constants as ${HIBERNATE_TYPE}; in Hibernate 6 they are org.hibernate.type.BasicTypeReference<T>, which is no Type: declare them as BasicTypeReference<?> (NativeQuery#addScalar(String, BasicTypeReference) takes one) or pass the Java class (addScalar(name, Long.class))`,
      docs,
    });
  }
}
