// sources/lost-supertype: Spring Data 3.0's sorting repositories no longer extend their CRUD
// repositories (table `code.lostSupertypes`). A repository declared as
// `interface Orders extends PagingAndSortingRepository<Order, Long>` loses save/findById/delete
// and every caller stops compiling. Adding `CrudRepository<Order, Long>` with the same type
// arguments gives it back exactly what it inherited before, so the edit is always safe: on 2.x
// the two lists were the same, and a list that already names the CRUD type is left as it is.
import type { Edit, FindingInput } from '../../src/engine/types.js';
import { withSharedTree, type GrammarLang, type Node, type SharedTrees } from '../../src/formats/tree-sitter.js';
import type { LostSupertype } from '../../src/table/sections/sources.js';
import { chainText, denotes, type FileModel } from './model.js';
import { collectUses, type Use } from './shape-uses.js';

export const LOST_SUPERTYPE_RULE = 'sources/lost-supertype';

const simpleOf = (fq: string) => fq.slice(fq.lastIndexOf('.') + 1);

/** Does the file name one of the rows' types at all (cheap, on the token model)? */
export function needsLostSupertypes(rows: readonly LostSupertype[], model: FileModel): boolean {
  if (!rows.length) return false;
  const wanted = new Set(rows.map((r) => simpleOf(r.type)));
  return model.chains.some((c) => wanted.has(c.tokens[c.tokens.length - 1]!.value));
}

/** `<Order, Long>` as written after the supertype's name, or '' for a raw type (Kotlin nests it in simple_user_type). */
function typeArguments(use: Use): string {
  const find = (n: Node | null, depth: number): Node | undefined => {
    if (!n || depth > 3) return undefined;
    if (n.type === 'type_arguments') return n;
    for (const c of n.namedChildren) {
      const hit = c && c.type !== 'class_body' ? find(c, depth + 1) : undefined;
      if (hit) return hit;
    }
    return undefined;
  };
  return find(use.node, 0)?.text ?? '';
}

/** The other supertypes in the same list as `use` (Java type_list, Kotlin delegation specifiers). */
function siblings(use: Use, uses: readonly Use[]): Use[] {
  const list = use.node.parent;
  return uses.filter((u) => u !== use && u.node.parent?.startIndex === list?.startIndex && u.node.parent?.type === list?.type);
}

interface Naming {
  /** How the lost type is written: its simple name, or its qualified name when that is taken. */
  written: string;
  importEdit?: Edit;
}

function naming(model: FileModel, row: LostSupertype, lang: GrammarLang, eol: string): Naming {
  const simple = simpleOf(row.lost);
  const taken = model.importedNames.get(simple);
  if (taken && taken !== row.lost) return { written: row.lost };
  if (taken === row.lost || denotes(model, simple, row.lost)) return { written: simple };
  // Import it just before the import of the sorting repository (it sorts first), same style.
  const anchor = model.imports.find((i) => !i.chain.wildcard && chainText(i.chain) === row.type);
  if (!anchor) return { written: row.lost };
  const start = model.tokens[anchor.startToken]!.start;
  const text = `import ${row.lost}${lang === 'java' ? ';' : ''}${eol}`;
  return { written: simple, importEdit: { start, end: start, text, rule: LOST_SUPERTYPE_RULE } };
}

export function restoreLostSupertypes(rows: readonly LostSupertype[], model: FileModel, lang: GrammarLang, eol: string, trees?: SharedTrees): { edits: Edit[]; findings: FindingInput[] } {
  // Nodes live in the tree's WASM memory, freed when the tree is: all of it happens inside.
  return withSharedTree(trees, lang, model.text, (tree) => restore(rows, model, lang, eol, collectUses(tree.rootNode, lang).filter((u) => u.kind === 'implements')));
}

function restore(rows: readonly LostSupertype[], model: FileModel, lang: GrammarLang, eol: string, uses: Use[]): { edits: Edit[]; findings: FindingInput[] } {
  const edits: Edit[] = [];
  const findings: FindingInput[] = [];
  for (const row of rows) {
    const sorting = uses.filter((u) => denotes(model, u.name, row.type));
    if (sorting.length === 0) continue;
    const name = naming(model, row, lang, eol);
    let added = 0;
    for (const use of sorting) {
      if (siblings(use, uses).some((s) => denotes(model, s.name, row.lost))) continue;
      edits.push({ start: use.node.endIndex, end: use.node.endIndex, text: `, ${name.written}${typeArguments(use)}`, rule: LOST_SUPERTYPE_RULE });
      findings.push({ rule: LOST_SUPERTYPE_RULE, severity: 'info', offset: use.node.startIndex, message: `${simpleOf(row.type)} no longer extends ${simpleOf(row.lost)} in Spring Data 3.0: ${simpleOf(row.lost)} added so that its methods stay (drop it where they are not used)`, docs: row.docs });
      added++;
    }
    if (added && name.importEdit) edits.push(name.importEdit);
  }
  return { edits, findings };
}
