// Java and Kotlin syntax trees through web-tree-sitter (WASM: no native build on the user's
// machine). The grammars come as prebuilt .wasm files inside the npm packages `tree-sitter-java`
// and `@tree-sitter-grammars/tree-sitter-kotlin` (both ABI 14, loadable by web-tree-sitter
// 0.27). Those packages are devDependencies: the build copies their .wasm into dist/grammars
// (scripts/postbuild.mjs), which is all an installed copy ships; from the sources (tests, tsx)
// the files are read from node_modules. Nothing is downloaded at install or run time.
//
// Offsets: web-tree-sitter feeds a JS string to the parser as UTF-16, so `node.startIndex` /
// `node.endIndex` are UTF-16 code-unit indexes into the string that was parsed — the same unit
// as the engine's Edit offsets. (Columns in `startPosition` are UTF-16 units too.) test/tree-
// sitter.test.ts pins this with non-ASCII and astral characters before a node.
//
// Usage: `await loadGrammar('java')` once, then `parse`, `withTree` or `SharedTrees` synchronously. A pass may
// also just call `parse`: before the grammar is loaded it throws NotReady, and the engine loads
// it and runs the pass again, so a repository whose files never need a tree never loads one. Trees live in WASM memory: `withTree` frees them; whoever calls
// `parse` must call `tree.delete()`.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Node, Parser, Tree } from 'web-tree-sitter';
import { NotReady } from '../engine/types.js';
import { timed, timedAsync } from '../engine/timing.js';
import { importExternal } from '../engine/lazy.js';

export type { Node, Tree } from 'web-tree-sitter';

export type GrammarLang = 'java' | 'kotlin';

const require = createRequire(import.meta.url);

/** Where each grammar's prebuilt WASM lives (resolved from node_modules, never fetched). */
const GRAMMAR_FILES: Record<GrammarLang, string> = {
  java: 'tree-sitter-java/tree-sitter-java.wasm',
  kotlin: '@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm',
};

/**
 * dist/grammars/<name>.wasm beside the built code — two levels up from tsc's dist/src/formats,
 * one level up from the bundle's dist/cli (scripts/bundle.mjs) — else the grammar package
 * (running from the sources).
 */
function grammarFile(lang: GrammarLang): string {
  const name = GRAMMAR_FILES[lang].split('/').pop()!;
  const shipped = [`../../grammars/${name}`, `../grammars/${name}`].map((rel) => fileURLToPath(new URL(rel, import.meta.url))).find(existsSync);
  return shipped ?? require.resolve(GRAMMAR_FILES[lang]);
}

let runtime: Promise<void> | undefined;
const loading = new Map<GrammarLang, Promise<Parser>>();
const parsers = new Map<GrammarLang, Parser>();

/** Loads the tree-sitter runtime and one grammar; cached, safe to call any number of times. */
export function loadGrammar(lang: GrammarLang): Promise<void> {
  let pending = loading.get(lang);
  if (!pending) {
    pending = createParser(lang);
    loading.set(lang, pending);
    // A failed load must not stay cached as a rejected promise forever.
    pending.catch(() => loading.delete(lang));
  }
  return pending.then(() => undefined);
}

async function createParser(lang: GrammarLang): Promise<Parser> {
  const { Language, Parser } = await importExternal<typeof import('web-tree-sitter')>('web-tree-sitter');
  runtime ??= timedAsync('tree-sitter runtime init', () => Parser.init());
  await runtime;
  const file = grammarFile(lang);
  const language = await timedAsync(`tree-sitter grammar load (${lang})`, () => Language.load(file));
  const parser = new Parser();
  parser.setLanguage(language);
  parsers.set(lang, parser);
  return parser;
}

export function isGrammarLoaded(lang: GrammarLang): boolean {
  return parsers.has(lang);
}

/** Parses text synchronously. The grammar must have been loaded; the caller frees the tree. */
export function parse(lang: GrammarLang, text: string): Tree {
  const parser = parsers.get(lang);
  if (!parser) throw new NotReady(loadGrammar(lang), `the tree-sitter grammar '${lang}'`);
  const tree = timed(`tree-sitter parse (${lang})`, () => parser.parse(text));
  if (!tree) throw new Error(`tree-sitter returned no tree for a ${lang} source`);
  return tree;
}

/** Parses, hands the tree to fn, and frees it whatever fn does. */
export function withTree<T>(lang: GrammarLang, text: string, fn: (tree: Tree) => T): T {
  const tree = parse(lang, text);
  try {
    return fn(tree);
  } finally {
    tree.delete();
  }
}

/**
 * The trees of one text, parsed on first use and shared by every reader of that text (the Java
 * pass's shapes, annotations and library modules each used to parse the same file again). A
 * reader handing another text — one it edited — gets a tree of its own through withTree, never
 * a tree of the text it replaced. The owner calls `dispose` once every reader is done; readers
 * must not keep nodes past it.
 */
export class SharedTrees {
  private readonly trees = new Map<GrammarLang, Tree>();

  constructor(readonly text: string) {}

  /** fn with the tree of `text`: the shared one when it is this holder's text, else one freed after fn. */
  with<T>(lang: GrammarLang, text: string, fn: (tree: Tree) => T): T {
    if (text !== this.text) return withTree(lang, text, fn);
    let tree = this.trees.get(lang);
    if (!tree) {
      tree = parse(lang, text);
      this.trees.set(lang, tree);
    }
    return fn(tree);
  }

  dispose(): void {
    for (const tree of this.trees.values()) tree.delete();
    this.trees.clear();
  }
}

/** withTree through a holder of shared trees when the caller has one. */
export function withSharedTree<T>(shared: SharedTrees | undefined, lang: GrammarLang, text: string, fn: (tree: Tree) => T): T {
  return shared ? shared.with(lang, text, fn) : withTree(lang, text, fn);
}

/**
 * Depth-first, pre-order walk over every node (named and anonymous) under `root`, using a
 * cursor (no per-level child arrays). `visit` returns false to skip a node's children.
 */
export function walk(root: Node, visit: (node: Node) => boolean | void): void {
  const cursor = root.walk();
  try {
    let descend = visit(cursor.currentNode) !== false;
    for (;;) {
      if (descend && cursor.gotoFirstChild()) {
        descend = visit(cursor.currentNode) !== false;
        continue;
      }
      // Climb until a sibling exists; stop when back at the root.
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent() || cursor.currentNode.id === root.id) return;
      }
      descend = visit(cursor.currentNode) !== false;
    }
  } finally {
    cursor.delete();
  }
}

/** Every named node of the given types under root, in source order. */
export function nodesOfType(root: Node, types: ReadonlySet<string> | string): Node[] {
  const wanted = typeof types === 'string' ? new Set([types]) : types;
  const found: Node[] = [];
  walk(root, (node) => {
    if (wanted.has(node.type)) found.push(node);
  });
  return found;
}

/** The first ERROR or MISSING node under root (its UTF-16 offset), or undefined for a clean tree. */
export function firstSyntaxError(root: Node): { offset: number; missing: boolean; type: string } | undefined {
  if (!root.hasError) return undefined;
  let hit: { offset: number; missing: boolean; type: string } | undefined;
  walk(root, (node) => {
    if (hit) return false;
    if (node.isError || node.isMissing) {
      hit = { offset: node.startIndex, missing: node.isMissing, type: node.type };
      return false;
    }
    return node.hasError;
  });
  return hit;
}
