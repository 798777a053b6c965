// annotation-attributes rows: an annotation replaced by one whose attributes or defaults differ
// (@EnableGlobalMethodSecurity -> @EnableMethodSecurity, @AutoConfigureMetrics ->
// @AutoConfigureObservability). A use is rewritten only when every attribute it sets exists in
// the new annotation with the same meaning; attributes whose default changed are written out
// with the old value (`prePostEnabled = false`, `tracing = false`). Otherwise the use is
// reported with the annotation to write.
import type { Edit } from '../../src/engine/types.js';
import type { Node } from '../../src/formats/tree-sitter.js';
import type { TypeRename } from '../../src/table/sections/sources.js';
import { RULE, denotes } from './model.js';
import type { ShapeCtx } from './shapes.js';
import type { Use } from './shape-uses.js';

type Block = (ctx: ShapeCtx, row: TypeRename, rule: string, sites: { offset: number; message: string }[]) => void;

const simpleOf = (fq: string) => fq.slice(fq.lastIndexOf('.') + 1);

interface Arg {
  /** Attribute name; `value` for a positional argument. */
  name: string;
  node: Node;
}

function argumentsOf(use: Use, lang: ShapeCtx['lang']): Arg[] {
  if (!use.args) return [];
  const out: Arg[] = [];
  for (const a of use.args.namedChildren) {
    if (!a || a.type === 'line_comment' || a.type === 'block_comment' || a.type === 'comment') continue;
    if (lang === 'java') out.push({ name: a.type === 'element_value_pair' ? (a.childForFieldName('key')?.text ?? 'value') : 'value', node: a });
    else {
      const named = a.child(1)?.type === '=' ? a.namedChild(0)?.text : undefined;
      out.push({ name: named ?? 'value', node: a });
    }
  }
  return out;
}

/** The class an annotation sits on, when it extends a class denoting `fq`. */
function ownerExtends(ctx: ShapeCtx, ann: Node, fq: string): boolean {
  const owner = ann.parent?.type === 'modifiers' ? ann.parent.parent : null;
  if (!owner || owner.type !== 'class_declaration') return false;
  if (ctx.lang === 'java') {
    const t = owner.childForFieldName('superclass')?.namedChild(0);
    const name = t?.type === 'generic_type' ? t.namedChild(0)?.text : t?.text;
    return !!name && denotes(ctx.model, name, fq);
  }
  const specs = owner.namedChildren.find((c) => c?.type === 'delegation_specifiers');
  return !!specs?.namedChildren.some((s) => {
    const user = s?.namedChild(0)?.namedChildren.find((c) => c?.type === 'user_type');
    return !!user && denotes(ctx.model, user.text.replace(/<[\s\S]*>/, ''), fq);
  });
}

/** The class around an annotation (a member's class, or the class it is on) is annotated with one of `fqs`. */
function enclosingClassAnnotated(ctx: ShapeCtx, ann: Node, fqs: string[]): string | undefined {
  let node: Node | null = ann.parent;
  while (node && node.type !== 'class_declaration' && node.type !== 'object_declaration') node = node.parent;
  const modifiers = node?.namedChildren.find((c) => c?.type === 'modifiers');
  for (const m of modifiers?.text.matchAll(/@([\w.]+)/g) ?? []) {
    const hit = fqs.find((fq) => denotes(ctx.model, m[1]!, fq));
    if (hit) return hit;
  }
  return undefined;
}

/** The annotation to write: the arguments that carry over, then the old defaults written out. */
function replacementText(row: TypeRename, args: Arg[], missing: [string, string][]): string {
  const keeps = new Set(row.annotation!.keeps);
  const parts = [...args.filter((a) => keeps.has(a.name)).map((a) => a.node.text), ...missing.map(([k, v]) => `${k} = ${v}`)];
  return `@${simpleOf(row.to)}${parts.length ? `(${parts.join(', ')})` : ''}`;
}

function insertion(use: Use, args: Arg[], missing: [string, string][], rule: string): Edit | undefined {
  if (!missing.length) return undefined;
  const text = missing.map(([k, v]) => `${k} = ${v}`).join(', ');
  if (args.length) return { start: args[args.length - 1]!.node.endIndex, end: args[args.length - 1]!.node.endIndex, text: `, ${text}`, rule };
  if (use.args) return { start: use.args.startIndex + 1, end: use.args.startIndex + 1, text, rule };
  return { start: use.node.endIndex, end: use.node.endIndex, text: `(${text})`, rule };
}

export function annotationUse(ctx: ShapeCtx, row: TypeRename, uses: Use[], block: Block): void {
  const rule = RULE.annotationAttributes;
  const shape = row.annotation!;
  const keeps = new Set(shape.keeps);
  const edits: Edit[] = [];
  const stops: { offset: number; message: string }[] = [];
  const sites: { offset: number; text: string }[] = [];
  for (const use of uses.filter((u) => u.kind === 'annotation')) {
    const args = argumentsOf(use, ctx.lang);
    const missing = Object.entries(shape.preserve).filter(([k]) => !args.some((a) => a.name === k));
    const text = replacementText(row, args, missing);
    sites.push({ offset: use.node.startIndex, text });
    const unknown = [...new Set(args.filter((a) => !keeps.has(a.name)).map((a) => a.name))];
    const base = shape.notOn && ownerExtends(ctx, use.node, shape.notOn) ? simpleOf(shape.notOn) : undefined;
    const within = shape.notInClassesAnnotated ? enclosingClassAnnotated(ctx, use.node, shape.notInClassesAnnotated) : undefined;
    if (unknown.length || base || within) {
      const why = [
        unknown.length ? `${unknown.join(', ')} ${unknown.length > 1 ? 'have' : 'has'} no equal in @${simpleOf(row.to)}` : '',
        base ? `the class extends ${base}, which @${simpleOf(row.to)} does not use (publish its customisations as beans first)` : '',
        within ? `the class is a @${simpleOf(within)}, where @${simpleOf(row.to)} is not read (it works on test classes)` : '',
      ].filter(Boolean);
      stops.push({ offset: use.node.startIndex, message: `@${simpleOf(row.from)} not rewritten: ${why.join('; ')}. ${row.changes}. Write ${text} once that is settled` });
      continue;
    }
    const e = insertion(use, args, missing, rule);
    if (e) edits.push(e);
  }
  if (stops.length) {
    // One unsafe use keeps the old import, so the file keeps the old annotation everywhere.
    const others = sites.filter((s) => !stops.some((x) => x.offset === s.offset)).map((s) => ({ offset: s.offset, message: `@${simpleOf(row.from)} kept (another use in this file cannot move): write ${s.text}` }));
    block(ctx, row, rule, [...stops, ...others]);
    return;
  }
  ctx.out.edits.push(...edits);
  for (const s of sites) ctx.out.findings.push({ rule, severity: 'info', offset: s.offset, message: `@${simpleOf(row.from)} -> ${s.text}: ${row.changes}`, docs: row.docs });
}
