// One syntax tree per Java/Kotlin file: the sources pass's rules that read structure (shapes,
// annotations, lost supertypes, the library modules) share the tree of the file's text
// (SharedTrees), and a reader of any other text gets a tree of its own.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Parser } from 'web-tree-sitter';
import { applyEdits } from '../src/engine/edits.js';
import { loadGrammar, SharedTrees } from '../src/formats/tree-sitter.js';
import { loadTable } from '../src/table/load.js';
import { migrateJvmSource } from '../transforms/sources/jvm-pass.js';

const noProject = { root: '/', files: [], byPath: new Map(), ofKind: () => [] };

beforeAll(async () => {
  await loadGrammar('java');
  await loadGrammar('kotlin');
});
afterEach(() => vi.restoreAllMocks());

describe('shared trees', () => {
  it('parses the holder’s text once, and any other text apart, freeing it after use', () => {
    const parses = vi.spyOn(Parser.prototype, 'parse');
    const text = 'class A { int x; }\n';
    const shared = new SharedTrees(text);
    const first = shared.with('java', text, (t) => t);
    const again = shared.with('java', text, (t) => t);
    expect(again).toBe(first);
    expect(parses).toHaveBeenCalledTimes(1);
    const edited = 'class A { long x; }\n';
    let other: unknown;
    const seen = shared.with('java', edited, (t) => {
      other = t;
      return t.rootNode.text;
    });
    expect(seen).toBe(edited);
    expect(other).not.toBe(first);
    expect(parses).toHaveBeenCalledTimes(2);
    expect(shared.with('java', text, (t) => t.rootNode.text)).toBe(text); // the holder's tree is still the old text's own
    shared.dispose();
  });

  it('the Java pass parses a file once for shapes, annotations and the Spring 6 rewrite', () => {
    const text = [
      'import org.springframework.batch.core.listener.JobExecutionListenerSupport;',
      'import org.springframework.boot.context.properties.ConstructorBinding;',
      'import org.springframework.http.HttpStatus;',
      'import org.springframework.http.ResponseEntity;',
      '@ConstructorBinding',
      'class L extends JobExecutionListenerSupport {',
      '  boolean ok(ResponseEntity<String> r) { return r.getStatusCode() == HttpStatus.OK; }',
      '  HttpStatus status(ResponseEntity<String> r) { return r.getStatusCode(); }',
      '}',
      '',
    ].join('\n');
    const parses = vi.spyOn(Parser.prototype, 'parse');
    const r = migrateJvmSource({ path: 'A.java', text } as never, 'java', { table: loadTable(), options: {}, project: noProject, ruleSelected: () => true } as never);
    const out = applyEdits(text, r.edits ?? []).text;
    // each reader did its part on the one tree
    expect(out).toContain('implements JobExecutionListener {');
    expect(out).not.toContain('@ConstructorBinding');
    expect(r.edits.some((e) => e.rule === 'spring6/status-code')).toBe(true);
    expect(parses).toHaveBeenCalledTimes(1);
  });
});
