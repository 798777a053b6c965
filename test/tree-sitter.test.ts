// The tree-sitter adapter: grammars load from the npm packages' WASM, parsing is synchronous
// after load, and node offsets are UTF-16 indexes (the engine's Edit unit) even after
// non-ASCII and astral characters.
import { describe, expect, it } from 'vitest';
import {
  firstSyntaxError,
  isGrammarLoaded,
  loadGrammar,
  nodesOfType,
  parse,
  walk,
  withTree,
} from '../src/formats/tree-sitter.js';

describe('tree-sitter adapter', () => {
  it('refuses to parse before the grammar is loaded, then loads idempotently', async () => {
    expect(isGrammarLoaded('kotlin')).toBe(false);
    expect(() => parse('kotlin', 'class A')).toThrow(/not loaded/);
    await Promise.all([loadGrammar('kotlin'), loadGrammar('kotlin')]);
    await loadGrammar('kotlin');
    expect(isGrammarLoaded('kotlin')).toBe(true);
  });

  it('gives Java node offsets in UTF-16 units after non-ASCII text', async () => {
    await loadGrammar('java');
    const text = '/* é 😀 ü */\nimport javax.persistence.Entity;\nclass A { String s = "ß😀"; int x; }\n';
    withTree('java', text, (tree) => {
      const [imp] = nodesOfType(tree.rootNode, 'import_declaration');
      expect(text.slice(imp!.startIndex, imp!.endIndex)).toBe('import javax.persistence.Entity;');
      const fields = nodesOfType(tree.rootNode, 'variable_declarator');
      expect(fields.map((f) => text.slice(f.startIndex, f.endIndex))).toEqual(['s = "ß😀"', 'x']);
      expect(firstSyntaxError(tree.rootNode)).toBeUndefined();
    });
  });

  it('gives Kotlin node offsets in UTF-16 units after non-ASCII text', async () => {
    await loadGrammar('kotlin');
    const text = '// ñ 😀\nimport javax.persistence.Entity\n\n@Entity\nclass A(val s: String = "😀")\n';
    withTree('kotlin', text, (tree) => {
      const [imp] = nodesOfType(tree.rootNode, 'import');
      expect(text.slice(imp!.startIndex, imp!.endIndex)).toBe('import javax.persistence.Entity');
      const [ann] = nodesOfType(tree.rootNode, 'annotation');
      expect(text.slice(ann!.startIndex, ann!.endIndex)).toBe('@Entity');
    });
  });

  it('walks every node in source order and can prune subtrees', async () => {
    await loadGrammar('java');
    withTree('java', 'class A { void f() { g(); } }', (tree) => {
      const all: string[] = [];
      walk(tree.rootNode, (n) => {
        if (n.isNamed) all.push(n.type);
      });
      expect(all).toEqual([
        'program',
        'class_declaration',
        'identifier',
        'class_body',
        'method_declaration',
        'void_type',
        'identifier',
        'formal_parameters',
        'block',
        'expression_statement',
        'method_invocation',
        'identifier',
        'argument_list',
      ]);
      const pruned: string[] = [];
      walk(tree.rootNode, (n) => {
        if (n.isNamed) pruned.push(n.type);
        return n.type !== 'class_body';
      });
      expect(pruned).toEqual(['program', 'class_declaration', 'identifier', 'class_body']);
    });
  });

  it('reports the first syntax error with its offset', async () => {
    await loadGrammar('java');
    const text = 'class A { void f( { }';
    withTree('java', text, (tree) => {
      const err = firstSyntaxError(tree.rootNode);
      expect(err).toBeDefined();
      expect(err!.offset).toBeGreaterThanOrEqual(0);
      expect(err!.offset).toBeLessThanOrEqual(text.length);
    });
  });
});
