// What each alias of a YAML document stands for, resolved: the re-parse gate (engine/verify.ts)
// compares it before and after a rewrite. A rewrite may rename keys inside an anchored node
// (every alias then reads the new key, as the rule wants), but must not leave an alias without
// its anchor, point it at another definition, or change the values it stands for (a key moved
// into an anchored map would appear at every alias of it). Values are compared as a sorted list,
// keys ignored; an alias inside an anchored node counts as `*name`, so nothing is expanded twice
// (no blow-up on nested aliases).
import type { Document, Node } from 'yaml';
import { isAlias, isMap, isScalar, isSeq, yamlLib } from './yaml-lib.js';

export interface AliasView {
  /** The first alias whose anchor is not defined before it. */
  unresolved?: string;
  /** `name#k` (the k-th definition of the anchor, from 0) -> what its aliases stand for. */
  meanings: Map<string, string>;
}

function values(node: unknown, out: string[]): string[] {
  if (isAlias(node)) out.push(`*${node.source}`);
  else if (isScalar(node)) out.push(`=${String(node.value)}`);
  else if (isMap(node)) for (const pair of node.items) values(pair.value, out);
  else if (isSeq(node)) for (const item of node.items) values(item, out);
  return out;
}

/** The aliases of one parsed document, resolved as a YAML loader resolves them (in document order). */
export function aliasView(doc: Document): AliasView {
  const view: AliasView = { meanings: new Map() };
  if (!doc.contents) return view;
  const defined = new Map<string, { node: Node; key: string }>();
  const counts = new Map<string, number>();
  yamlLib().visit(doc, {
    Alias(_, alias) {
      const target = defined.get(alias.source);
      if (!target) view.unresolved ??= alias.source;
      else if (!view.meanings.has(target.key)) view.meanings.set(target.key, values(target.node, []).sort().join('\u0000'));
    },
    Node(_, node) {
      const anchor = (node as { anchor?: string }).anchor;
      if (!anchor || isAlias(node)) return;
      const k = counts.get(anchor) ?? 0;
      counts.set(anchor, k + 1);
      defined.set(anchor, { node, key: `${anchor}#${k}` });
    },
  });
  return view;
}

/** Why the aliases of `after` do not mean what those of `before` meant; undefined when they do. */
export function aliasChange(before: AliasView, after: AliasView): string | undefined {
  if (after.unresolved !== undefined) return `the alias *${after.unresolved} would no longer have its anchor`;
  for (const [key, meaning] of after.meanings) {
    const name = key.slice(0, key.lastIndexOf('#'));
    if (before.meanings.get(key) !== meaning) return `the alias *${name} would stand for other values than before`;
  }
  return undefined;
}
