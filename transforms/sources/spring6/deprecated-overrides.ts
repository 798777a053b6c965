// A class implementing a Spring type whose status method 6.0 deprecated (ClientHttpResponse's
// getRawStatusCode(), abstract there, so implementations keep it until 6.2 removes it) overrides
// a deprecated method, which javac reports as a deprecation warning. Where the build fails on those
// (-Werror with -Xlint:deprecation), the override gets @SuppressWarnings("deprecation"): an
// annotation only, the class compiles and behaves as before (@Deprecated would silence it too, but
// would make every caller of the project's own method warn in turn).
import type { Node } from '../../../src/formats/tree-sitter.js';
import { walk } from '../../../src/formats/tree-sitter.js';
import type { FlowCtx } from './status-flow.js';
import { supertypesOf, typeIs } from './java-scope.js';

export function deprecatedOverrides(ctx: FlowCtx, root: Node, eol: string): void {
  const rows = ctx.rows.removedMembers.filter((r) => r.deprecated);
  walk(root, (n) => {
    if (n.type !== 'class_declaration' && n.type !== 'object_creation_expression' && n.type !== 'enum_declaration') return true;
    const supers = supertypesOf(n);
    const methods = new Set(rows.filter((r) => supers.some((s) => typeIs(ctx.model, s, r.type))).map((r) => r.method));
    const body = n.namedChildren.find((c) => c?.type === 'class_body' || c?.type === 'enum_body') ?? n.childForFieldName('body');
    if (!methods.size || !body) return true;
    for (const m of body.namedChildren) {
      if (m?.type !== 'method_declaration' || !methods.has(m.childForFieldName('name')?.text ?? '')) continue;
      if ((m.childForFieldName('parameters')?.namedChildren ?? []).some((p) => p?.type === 'formal_parameter' || p?.type === 'spread_parameter')) continue;
      const modifiers = m.namedChildren.find((c) => c?.type === 'modifiers');
      const quiet = modifiers ? suppression(modifiers) : 'none';
      if (quiet === 'quiet') continue;
      if (quiet === 'other') {
        // a second @SuppressWarnings does not compile: the list is the team's to extend
        ctx.findings.push({ rule: ctx.rule, severity: 'error', offset: m.startIndex, message: `this method overrides a status method Spring Framework 6.0 deprecated, and the build fails on deprecation warnings: add "deprecation" to its @SuppressWarnings` });
        continue;
      }
      const lineStart = ctx.model.text.lastIndexOf('\n', m.startIndex - 1) + 1;
      const indent = ctx.model.text.slice(lineStart, m.startIndex);
      if (indent.trim() !== '') continue; // the method does not start its line: not placed by guess
      ctx.edits.push({ start: m.startIndex, end: m.startIndex, text: `@SuppressWarnings("deprecation")${eol}${indent}`, rule: ctx.rule });
    }
    return true;
  });
}

/** Already @Deprecated or its deprecation warnings suppressed ('quiet'), or a @SuppressWarnings without them ('other'). */
function suppression(modifiers: Node): 'quiet' | 'other' | 'none' {
  let out: 'quiet' | 'other' | 'none' = 'none';
  for (const a of modifiers.namedChildren) {
    if (a?.type !== 'marker_annotation' && a?.type !== 'annotation') continue;
    const name = a.childForFieldName('name')?.text ?? '';
    if (name === 'Deprecated' || name === 'java.lang.Deprecated') return 'quiet';
    if (name === 'SuppressWarnings' || name === 'java.lang.SuppressWarnings') {
      if (/"(deprecation|all)"/.test(a.text)) return 'quiet';
      out = 'other';
    }
  }
  return out;
}
