// The route inventory's token scanner checked against the tree-sitter grammars: on every Java and
// Kotlin file under fixtures/ and examples/, both must find the same annotated methods
// (Type#method@annotations). This is how the scanner's exactness was measured (docs/maturity.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { setupOnce } from './helpers/setup.js';
import type { Node } from 'web-tree-sitter';
import { loadGrammar, walk, withTree } from '../src/formats/tree-sitter.js';
import { parseDeclarations } from '../src/routes/declarations.js';
import { ScanError } from '../src/routes/tokens.js';

const ROOT = path.resolve(__dirname, '..');
const TYPES = /^(class_declaration|interface_declaration|enum_declaration|record_declaration|object_declaration|companion_object)$/;
const ANONYMOUS = /^(object_creation_expression|object_literal)$/;

function byScanner(text: string, kotlin: boolean): string[] {
  const out: string[] = [];
  for (const t of parseDeclarations(text, kotlin).types) for (const m of t.methods) if (m.annotations.length) out.push(`${t.name}#${m.name}@${m.annotations.map((a) => a.name).sort().join(',')}`);
  return out.sort();
}

function byTreeSitter(text: string, kotlin: boolean): string[] {
  const out: string[] = [];
  withTree(kotlin ? 'kotlin' : 'java', text, (tree) =>
    walk(tree.rootNode, (n: Node) => {
      if (n.type !== 'method_declaration' && n.type !== 'function_declaration') return true;
      let owner = n.parent;
      while (owner && !TYPES.test(owner.type) && !ANONYMOUS.test(owner.type)) owner = owner.parent;
      // a method of an anonymous class (`new T() { .. }`, Kotlin `object : T() { .. }`) belongs to no type: never a route
      if (!owner || ANONYMOUS.test(owner.type)) return true;
      const ownerName = owner.type === 'companion_object' ? 'Companion' : (owner.childForFieldName('name')?.text ?? owner.children.find((c) => c?.type === 'type_identifier' || c?.type === 'identifier')?.text);
      // a Kotlin name in backticks (`receives stock`) is the name without them
      const name = kotlin ? n.children.find((c) => c?.type === 'simple_identifier' || c?.type === 'identifier')?.text.replace(/^`(.*)`$/s, '$1') : n.childForFieldName('name')?.text;
      const annotations = (n.children.find((c) => c?.type === 'modifiers')?.children ?? [])
        .filter((c): c is Node => !!c && (c.type === 'annotation' || c.type === 'marker_annotation'))
        .map((c) => {
          const full = kotlin ? c.text.replace(/^@/, '').replace(/\(.*$/s, '').replace(/^\w+:/, '') : (c.childForFieldName('name')?.text ?? '');
          return full.slice(full.lastIndexOf('.') + 1);
        });
      if (annotations.length) out.push(`${ownerName}#${name}@${annotations.sort().join(',')}`);
      return true;
    }),
  );
  return out.sort();
}

describe('route inventory scanner vs tree-sitter', () => {
  setupOnce(async () => {
    await loadGrammar('java');
    await loadGrammar('kotlin');
  });
  const files = fg.sync(['fixtures/**/*.{java,kt}', 'examples/**/*.{java,kt}'], { cwd: ROOT }).sort();

  it('finds the same annotated methods in every fixture and example source', () => {
    expect(files.length).toBeGreaterThan(50);
    const differences: string[] = [];
    let methods = 0;
    const unscannable: string[] = [];
    for (const f of files) {
      const text = readFileSync(path.join(ROOT, f), 'utf8');
      const kotlin = f.endsWith('.kt');
      let a: string[];
      try {
        a = byScanner(text, kotlin);
      } catch (e) {
        // a file the scanner rejects (fixtures/sources/unparseable) declares no route at all
        if (!(e instanceof ScanError)) throw e;
        unscannable.push(f);
        continue;
      }
      const b = byTreeSitter(text, kotlin);
      methods += b.length;
      if (JSON.stringify(a) !== JSON.stringify(b)) differences.push(`${f}: scanner ${JSON.stringify(a)} tree-sitter ${JSON.stringify(b)}`);
    }
    expect(differences).toEqual([]);
    expect(unscannable).toEqual(['fixtures/sources/unparseable/input/src/main/java/com/example/Broken.java', 'fixtures/sources/unparseable/input/src/main/resources/archetype-resources/src/main/java/Template.java']);
    expect(methods).toBeGreaterThan(100);
  });
});
