// Kotlin DSL (*.gradle.kts) as the same flat token stream as the Groovy DSL (src/formats/groovy.ts),
// from tree-sitter-kotlin (WASM, src/formats/tree-sitter.ts): leaves become symbols, operators and
// brackets; string literals become one token with their content span. A tree with an ERROR node
// is a file that does not parse: it is reported and left untouched.
import { ParseError } from '../engine/types.js';
import { firstSyntaxError, walk, withTree } from './tree-sitter.js';
import { markLineStarts, type BuildToken } from './groovy.js';

const OPEN = new Set(['{', '(', '[']);
const CLOSE = new Set(['}', ')', ']']);
const TEMPLATE_VAR = /\$\{\s*([A-Za-z_][\w.]*)\s*\}|\$([A-Za-z_]\w*)/g;

export function kotlinTokens(text: string): BuildToken[] {
  return withTree('kotlin', text, (tree) => {
    const error = firstSyntaxError(tree.rootNode);
    if (error) throw new ParseError(error.missing ? `Kotlin syntax error (missing ${error.type})` : 'Kotlin syntax error', error.offset);
    const out: BuildToken[] = [];
    let depth = 0;
    walk(tree.rootNode, (node) => {
      const type = node.type;
      if (type === 'string_literal' || type === 'multiline_string_literal') {
        out.push(stringToken(text, node.startIndex, node.endIndex, depth));
        return false;
      }
      if (node.childCount > 0) return true;
      if (node.startIndex === node.endIndex || type.endsWith('comment')) return false;
      const value = text.slice(node.startIndex, node.endIndex);
      if (CLOSE.has(value) && !node.isNamed) depth = Math.max(0, depth - 1);
      const kind: BuildToken['type'] = node.isNamed
        ? /literal$/.test(type) && /^[\d.]/.test(value)
          ? 'number'
          : 'symbol'
        : OPEN.has(value)
          ? 'open'
          : CLOSE.has(value)
            ? 'close'
            : /^[A-Za-z_]\w*$/.test(value)
              ? 'symbol'
              : 'op';
      out.push({ type: kind, value, start: node.startIndex, end: node.endIndex, depth, lineStart: false });
      if (OPEN.has(value) && !node.isNamed) depth++;
      return false;
    });
    markLineStarts(text, out);
    return out;
  });
}

function stringToken(text: string, start: number, end: number, depth: number): BuildToken {
  const quote = text.startsWith('"""', start) ? 3 : 1;
  const contentStart = start + quote;
  const contentEnd = end - quote;
  const value = text.slice(contentStart, contentEnd);
  const vars = [...value.matchAll(TEMPLATE_VAR)].map((m) => m[1] ?? m[2]!);
  const templated = vars.length > 0 || value.includes('${');
  return { type: 'string', value, start, end, contentStart, contentEnd, ...(templated ? { templated, vars } : {}), depth, lineStart: false };
}
