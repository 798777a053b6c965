// What a Java syntax tree says about names, for the rules that follow a value through a file:
// the declaration an identifier refers to (local, parameter, catch or loop variable, field), the
// references of a declared variable, the type a receiver expression is known to have, and the
// qualified name a type as written denotes. Only what the file proves: a receiver whose type the
// file does not declare is unknown, and the rules then report instead of editing.
import type { Node } from '../../../src/formats/tree-sitter.js';
import { walk } from '../../../src/formats/tree-sitter.js';
import { type FileModel, denotes } from '../model.js';

export interface Declaration {
  kind: 'local' | 'param' | 'lambda' | 'catch' | 'for' | 'resource' | 'field';
  /** The identifier naming the variable. */
  name: Node;
  /** The declared type (absent for an inferred lambda parameter; `var` is a type node reading `var`). */
  type?: Node;
  /** The initializer of a local or field. */
  value?: Node;
  /** Where the variable is visible: the block (from the declaration on), the method or lambda, the class body. */
  scope: Node;
}

const CLASS_BODIES = new Set(['class_body', 'interface_body', 'enum_body', 'record_declaration']);
const BLOCKS = new Set(['block', 'switch_block_statement_group', 'constructor_body']);

function declarators(decl: Node): Node[] {
  return decl.namedChildren.filter((c): c is Node => c?.type === 'variable_declarator');
}

/** The variables a node declares for what follows it in its block, or for its own body. */
function declaredBy(n: Node, name: string, before: number, scope: Node): Declaration | undefined {
  switch (n.type) {
    case 'local_variable_declaration': {
      if (n.startIndex >= before) return undefined;
      const type = n.childForFieldName('type') ?? undefined;
      for (const d of declarators(n)) {
        const id = d.childForFieldName('name');
        if (id?.text === name) return { kind: 'local', name: id, ...(type ? { type } : {}), ...(d.childForFieldName('value') ? { value: d.childForFieldName('value')! } : {}), scope };
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

function parameterIn(list: Node | null, name: string, kind: Declaration['kind'], scope: Node): Declaration | undefined {
  if (!list) return undefined;
  for (const p of list.namedChildren) {
    if (!p) continue;
    if (p.type === 'identifier' && p.text === name) return { kind, name: p, scope }; // inferred lambda parameter
    if (p.type !== 'formal_parameter' && p.type !== 'spread_parameter' && p.type !== 'catch_formal_parameter') continue;
    const id = p.childForFieldName('name') ?? p.namedChildren.find((c) => c?.type === 'identifier') ?? p.namedChildren.find((c) => c?.type === 'variable_declarator')?.childForFieldName('name');
    if (id?.text !== name) continue;
    const type = p.childForFieldName('type') ?? p.namedChildren.find((c) => c?.type === 'catch_type') ?? undefined;
    return { kind, name: id, ...(type ? { type } : {}), scope };
  }
  return undefined;
}

function fieldIn(body: Node, name: string): Declaration | undefined {
  for (const m of body.namedChildren) {
    if (m?.type !== 'field_declaration') continue;
    const type = m.childForFieldName('type') ?? undefined;
    for (const d of declarators(m)) {
      const id = d.childForFieldName('name');
      if (id?.text === name) return { kind: 'field', name: id, ...(type ? { type } : {}), ...(d.childForFieldName('value') ? { value: d.childForFieldName('value')! } : {}), scope: body };
    }
  }
  return undefined;
}

/** The declaration `id` (an identifier used as a variable) refers to: the innermost in scope. */
export function declarationOf(id: Node): Declaration | undefined {
  const name = id.text;
  let child: Node = id;
  for (let n = id.parent; n; child = n, n = n.parent) {
    if (BLOCKS.has(n.type)) {
      for (const s of n.namedChildren) {
        if (!s || s.startIndex >= id.startIndex) break;
        const d = declaredBy(s, name, id.startIndex, n);
        if (d) return d;
      }
    } else if (n.type === 'method_declaration' || n.type === 'constructor_declaration') {
      if (child.type === 'formal_parameters') continue;
      const d = parameterIn(n.childForFieldName('parameters'), name, 'param', n);
      if (d) return d;
    } else if (n.type === 'lambda_expression') {
      const params = n.childForFieldName('parameters');
      if (params?.type === 'identifier') {
        if (params.text === name) return { kind: 'lambda', name: params, scope: n };
      } else {
        const d = parameterIn(params, name, 'lambda', n);
        if (d) return d;
      }
    } else if (n.type === 'catch_clause') {
      const d = parameterIn(n.namedChildren.find((c) => c?.type === 'catch_formal_parameter')?.parent ?? null, name, 'catch', n);
      if (d) return d;
    } else if (n.type === 'enhanced_for_statement') {
      const nm = n.childForFieldName('name');
      if (nm?.text === name && child.startIndex > nm.endIndex) return { kind: 'for', name: nm, ...(n.childForFieldName('type') ? { type: n.childForFieldName('type')! } : {}), scope: n };
    } else if (n.type === 'for_statement') {
      for (const init of n.childrenForFieldName('init')) {
        if (init?.type !== 'local_variable_declaration') continue;
        const d = declaredBy(init, name, id.startIndex, n);
        if (d) return d;
      }
    } else if (n.type === 'try_with_resources_statement') {
      const spec = n.childForFieldName('resources');
      for (const r of spec?.namedChildren ?? []) {
        if (r?.type !== 'resource' || r.startIndex >= id.startIndex) continue;
        const nm = r.childForFieldName('name');
        if (nm?.text === name) return { kind: 'resource', name: nm, ...(r.childForFieldName('type') ? { type: r.childForFieldName('type')! } : {}), ...(r.childForFieldName('value') ? { value: r.childForFieldName('value')! } : {}), scope: n };
      }
    } else if (CLASS_BODIES.has(n.type)) {
      const d = fieldIn(n, name);
      if (d) return d;
    }
  }
  return undefined;
}

/** Is this identifier node used as a variable (not a member name, a type, a label or a declaration)? */
export function isVariableUse(id: Node): boolean {
  if (id.type !== 'identifier') return false;
  const p = id.parent;
  if (!p) return false;
  switch (p.type) {
    case 'method_invocation':
      return p.childForFieldName('object')?.id === id.id;
    case 'field_access':
      return p.childForFieldName('object')?.id === id.id;
    case 'variable_declarator':
      return p.childForFieldName('value')?.id === id.id;
    case 'formal_parameter':
    case 'catch_formal_parameter':
    case 'spread_parameter':
    case 'inferred_parameters':
    case 'method_declaration':
    case 'constructor_declaration':
    case 'class_declaration':
    case 'labeled_statement':
    case 'break_statement':
    case 'continue_statement':
    case 'method_reference':
    case 'scoped_identifier':
    case 'annotation':
    case 'marker_annotation':
    case 'element_value_pair':
    case 'enum_constant':
      return false;
    case 'lambda_expression':
      return p.childForFieldName('parameters')?.id !== id.id;
    case 'enhanced_for_statement':
      return p.childForFieldName('name')?.id !== id.id;
    case 'resource':
      return p.childForFieldName('name')?.id !== id.id;
    default:
      return true;
  }
}

/** Every use of the variable a declaration declares (`this.x` for a field too), in source order. */
export function referencesOf(decl: Declaration): Node[] {
  const out: Node[] = [];
  const name = decl.name.text;
  walk(decl.scope, (n) => {
    if (n.type === 'identifier' && n.text === name && n.id !== decl.name.id && isVariableUse(n)) {
      const target = declarationOf(n);
      if (target && target.name.id === decl.name.id) out.push(n);
    } else if (decl.kind === 'field' && n.type === 'field_access' && n.childForFieldName('object')?.type === 'this' && n.childForFieldName('field')?.text === name) {
      out.push(n);
    }
    return true;
  });
  return out;
}

/** A type node's name as written, without type arguments or annotations (`Map.Entry`, `HttpStatus`). */
export function typeName(type: Node): string {
  let t = type;
  if (t.type === 'generic_type') t = t.namedChild(0)!;
  if (t.type === 'annotated_type') t = t.namedChildren[t.namedChildCount - 1]!;
  return t.text.replace(/\s+/g, '').replace(/<.*$/, '');
}

/** Does a type as written (`X`, `X.Nested`, `a.b.X`) denote `fq` or a type nested in it? */
export function typeIs(model: FileModel, written: string, fq: string): boolean {
  if (written === fq || written.startsWith(fq + '.')) return true;
  const dot = written.indexOf('.');
  const head = dot < 0 ? written : written.slice(0, dot);
  if (/^[a-z]/.test(head)) return false;
  return denotes(model, head, fq);
}

/** The first of `types` a type as written denotes (or is nested in). */
export function typeAmong(model: FileModel, written: string, types: readonly string[]): string | undefined {
  return types.find((fq) => typeIs(model, written, fq));
}

/** The method or constructor declaration a node is inside (not crossing a lambda or class body). */
export function enclosingMethod(n: Node): Node | undefined {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === 'method_declaration' || p.type === 'constructor_declaration') return p;
    if (p.type === 'lambda_expression' || CLASS_BODIES.has(p.type)) return undefined;
  }
  return undefined;
}

/** The class (declaration or anonymous creation) whose body holds a node. */
export function enclosingClass(n: Node): Node | undefined {
  for (let p = n.parent; p; p = p.parent) if (p.type === 'class_declaration' || (p.type === 'object_creation_expression' && p.namedChildren.some((c) => c?.type === 'class_body'))) return p;
  return undefined;
}

/** The supertypes a class declaration (or anonymous class) names, as written. */
export function supertypesOf(cls: Node): string[] {
  if (cls.type === 'object_creation_expression') return [typeName(cls.childForFieldName('type')!)];
  const out: string[] = [];
  const sup = cls.childForFieldName('superclass');
  if (sup?.namedChild(0)) out.push(typeName(sup.namedChild(0)!));
  const ifaces = cls.childForFieldName('interfaces');
  const list = ifaces?.namedChildren.find((c) => c?.type === 'type_list');
  for (const t of list?.namedChildren ?? []) if (t) out.push(typeName(t));
  return out;
}

/** Strips parentheses around an expression. */
export function unparen(n: Node): Node {
  let e = n;
  while (e.type === 'parenthesized_expression' && e.namedChildCount === 1) e = e.namedChild(0)!;
  return e;
}

/** The parent of an expression, skipping the parentheses it stands in. */
export function valueParent(n: Node): { parent: Node | null; child: Node } {
  let child = n;
  let p = n.parent;
  while (p && p.type === 'parenthesized_expression' && p.parent && p.parent.type !== 'switch_expression' && p.parent.type !== 'switch_statement') {
    child = p;
    p = p.parent;
  }
  return { parent: p, child };
}

/** The declared return type of a receiverless call to a method of the enclosing class (all its overloads agreeing). */
export function localMethodType(call: Node): Node | undefined {
  if (call.type !== 'method_invocation' || call.childForFieldName('object')) return undefined;
  const name = call.childForFieldName('name')?.text;
  const cls = enclosingClass(call);
  const body = cls?.namedChildren.find((c) => c?.type === 'class_body');
  const types = (body?.namedChildren ?? []).filter((m): m is Node => m?.type === 'method_declaration' && m.childForFieldName('name')?.text === name).map((m) => m.childForFieldName('type'));
  if (!types.length || types.some((t) => !t || t.text !== types[0]!.text)) return undefined;
  return types[0]!;
}
