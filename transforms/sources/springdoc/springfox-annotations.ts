// The springfox annotations with no swagger 3 name, rewritten only when the build switches to
// springdoc in the same run (springfox-switch.ts): `@EnableSwagger2` / `@EnableOpenApi` go
// (springdoc needs no enabling annotation), `@ApiIgnore` becomes `@Parameter(hidden = true)` on a
// parameter and `@Hidden` elsewhere (springdoc's migration page; table libraries.springdoc.switchRewrites). Without the switch they stay
// reported (springdoc.ts), since springfox is then still what reads them.
import type { Edit } from '../../../src/engine/types.js';
import { removalEdit } from '../annotations.js';
import { type AnnotationSpan, annotationIs, annotationSpans } from '../lib-declarations.js';
import { type LibContext, type LibResult, importOf, removeImport, simpleOf, usedOutside } from '../lib-edits.js';
import type { FileModel } from '../model.js';


/** Is the annotation inside a parameter list: an unclosed `(` before it, after a name? */
function onParameter(model: FileModel, span: AnnotationSpan): boolean {
  let depth = 0;
  for (let k = span.at - 1; k >= 0; k--) {
    const v = model.tokens[k]!;
    if (v.type !== 'punct') continue;
    if (v.value === ')') depth++;
    else if (v.value === '(') {
      if (depth === 0) return model.tokens[k - 1]?.type === 'ident';
      depth--;
    } else if ((v.value === '{' || v.value === '}' || v.value === ';') && depth === 0) return false;
  }
  return false;
}

/** Another annotation on the same parameter (`@ApiIgnore @RequestParam ... x`) naming Parameter or ApiParam. */
function parameterAnnotated(model: FileModel, spans: readonly AnnotationSpan[], span: AnnotationSpan): boolean {
  return spans.some((s) => s !== span && Math.abs(s.at - span.at) < 12 && ['Parameter', 'ApiParam'].includes(simpleOf(s.name)));
}

/** Returns the springfox annotation types this file no longer needs reported. */
export function rewriteSpringfoxAnnotations(ctx: LibContext, out: LibResult): string[] {
  const { model } = ctx;
  const { remove: enabling, hide } = ctx.libs.springdoc.switchRewrites;
  const spans = annotationSpans(model);
  const edits: Edit[] = [];
  const handled: string[] = [];
  for (const fq of enabling) {
    const uses = spans.filter((s) => annotationIs(model, s, fq));
    for (const s of uses) edits.push(removalEdit(model.text, model.tokens[s.at]!.start, model.tokens[s.end]!.end, 'springdoc/springfox'));
    if (uses.length) handled.push(fq);
  }
  const ignores = spans.filter((s) => annotationIs(model, s, hide.from));
  const imports: string[] = [];
  if (ignores.length && ignores.every((s) => s.open === undefined || ctx.model.tokens[s.open + 1]?.value === ')')) {
    const blocked = ignores.some((s) => onParameter(model, s) && parameterAnnotated(model, spans, s));
    if (!blocked) {
      for (const s of ignores) {
        const param = onParameter(model, s);
        const target = param ? hide.parameter : hide.other;
        const name = s.name.includes('.') ? target : simpleOf(target);
        edits.push({ start: model.tokens[s.nameFirst]!.start, end: model.tokens[s.end]!.end, text: param ? `${name}(hidden = true)` : name, rule: 'springdoc/springfox' });
        if (!s.name.includes('.')) imports.push(target);
      }
      handled.push(hide.from);
    }
  }
  for (const fq of [...enabling, hide.from]) {
    const imp = importOf(model, fq);
    if (imp && handled.includes(fq) && !usedOutside(model, simpleOf(fq), edits)) edits.push(removeImport(model, imp, 'springdoc/springfox'));
  }
  out.edits.push(...edits);
  out.imports.push(...new Set(imports));
  return handled;
}
