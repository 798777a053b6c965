// Kotlin parameters whose type changed under an override: an HttpStatus parameter of a
// ResponseEntityExceptionHandler / DefaultResponseErrorHandler override (spring6/handler-signature)
// and a List parameter of a Spring Batch writer or write listener method (batch5/chunk), on the
// tree-sitter-kotlin tree. The same rules as in Java: the parameter is retyped, each use is kept
// where the new type answers it and gets the old value back elsewhere (HttpStatus.valueOf(s.value()),
// chunk.items); a use that cannot be decided reports the method instead.
import type { Edit, FindingInput } from '../../../src/engine/types.js';
import type { Node } from '../../../src/formats/tree-sitter.js';
import { walk } from '../../../src/formats/tree-sitter.js';
import { type FileModel, denotes } from '../model.js';

export interface KotlinCtx {
  model: FileModel;
  edits: Edit[];
  findings: FindingInput[];
  imports: Set<string>;
}

/** A user_type's name as written (`a.b.X`, `X.Nested`), without type arguments. */
export function kotlinTypeName(t: Node | null | undefined): string {
  if (!t) return '';
  if (t.type === 'nullable_type') return kotlinTypeName(t.namedChild(0));
  if (t.type !== 'user_type') return t.text;
  return t.namedChildren.filter((c): c is Node => c?.type === 'identifier').map((c) => c.text).join('.');
}

export function kotlinTypeIs(model: FileModel, written: string, fq: string): boolean {
  if (written === fq || written.startsWith(fq + '.')) return true;
  const head = written.split('.')[0]!;
  return !/^[a-z]/.test(head) && denotes(model, head, fq);
}

/** The supertypes a Kotlin class or object declaration names, as written. */
export function kotlinSupertypes(cls: Node): string[] {
  const specs = cls.namedChildren.find((c) => c?.type === 'delegation_specifiers');
  const out: string[] = [];
  for (const s of specs?.namedChildren ?? []) {
    if (s?.type !== 'delegation_specifier') continue;
    const inner = s.namedChild(0);
    const t = inner?.type === 'constructor_invocation' ? inner.namedChild(0) : inner;
    if (t) out.push(kotlinTypeName(t));
  }
  return out;
}

export function kotlinParameters(fn: Node): Node[] {
  return (fn.namedChildren.find((c) => c?.type === 'function_value_parameters')?.namedChildren ?? []).filter((p): p is Node => p?.type === 'parameter');
}

export const kotlinParamType = (p: Node) => p.namedChildren.find((c) => c?.type === 'user_type' || c?.type === 'nullable_type') ?? undefined;
export const kotlinParamName = (p: Node) => p.namedChildren.find((c) => c?.type === 'identifier')!;

/**
 * The references of a parameter in its function's body, or undefined when a declaration inside
 * the body (a local, a lambda parameter, a loop variable) takes the same name: then a use cannot
 * be told apart without a full resolution, and the caller reports instead.
 */
export function kotlinReferences(fn: Node, name: string): Node[] | undefined {
  const body = fn.namedChildren.find((c) => c?.type === 'function_body');
  if (!body) return [];
  const out: Node[] = [];
  let shadowed = false;
  walk(body, (n) => {
    if (n.type === 'variable_declaration' && n.namedChild(0)?.text === name) shadowed = true;
    if (n.type !== 'identifier' || n.text !== name) return true;
    const p = n.parent;
    if (p?.type === 'navigation_expression' && p.namedChild(0)?.id !== n.id) return true; // x.name: a member
    if (p?.type === 'value_argument' && p.namedChildCount > 1 && p.namedChild(0)?.id === n.id) return true; // name = value
    out.push(n);
    return true;
  });
  return shadowed ? undefined : out;
}

/** The class (or object) declaration a node is in. */
export function kotlinClassOf(n: Node): Node | undefined {
  for (let p = n.parent; p; p = p.parent) if (p.type === 'class_declaration' || p.type === 'object_declaration' || p.type === 'object_literal') return p;
  return undefined;
}

/** A property or primary-constructor property of the class, by name: its declared type. */
export function kotlinMemberType(cls: Node, name: string): Node | undefined {
  let hit: Node | undefined;
  walk(cls, (n) => {
    if (hit) return false;
    if (n.id !== cls.id && (n.type === 'class_declaration' || n.type === 'function_body')) return false;
    if (n.type === 'class_parameter' && n.namedChildren.find((c) => c?.type === 'identifier')?.text === name) hit = kotlinParamType(n);
    if (n.type === 'variable_declaration' && n.namedChild(0)?.text === name && n.parent?.type === 'property_declaration') hit = n.namedChildren.find((c) => c?.type === 'user_type' || c?.type === 'nullable_type') ?? undefined;
    return true;
  });
  return hit;
}
