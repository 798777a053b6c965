// Where a Java or Kotlin file uses a type in a way a rename can break: as a supertype, in a
// constructor call (plain or anonymous class), in a constructor reference, or as an annotation.
// Every other mention (imports, declared types, class literals) survives a rename of any shape.
import type { GrammarLang, Node } from '../../src/formats/tree-sitter.js';
import { walk } from '../../src/formats/tree-sitter.js';

export interface Use {
  /** extends: superclass (Java) / `: X()` (Kotlin); implements: interface list / `: X`;
   * new: `new X(..)`; anonymous: `new X(..) { }`; construct: Kotlin `X(..)`, `X::new`, `::X`. */
  kind: 'extends' | 'implements' | 'new' | 'anonymous' | 'construct' | 'annotation';
  /** Java: the type node under superclass / type_list, else the whole expression or annotation. */
  node: Node;
  /** The type's name as written, without type arguments (`a.b.X` or `X`). */
  name: string;
  /** Argument list: Java argument_list / annotation_argument_list, Kotlin value_arguments. */
  args?: Node;
  /** The class body of an anonymous class. */
  body?: Node;
}

const stripTypeArgs = (text: string) => text.replace(/<[\s\S]*>/, '').replace(/\s+/g, '');
const isTypeName = (name: string) => /^[A-Z]/.test(name.slice(name.lastIndexOf('.') + 1));

function javaTypeName(type: Node): string {
  return stripTypeArgs(type.type === 'generic_type' ? type.namedChild(0)!.text : type.text);
}

function javaUse(n: Node, out: Use[]): void {
  switch (n.type) {
    case 'superclass': {
      const t = n.namedChild(0);
      if (t) out.push({ kind: 'extends', node: t, name: javaTypeName(t) });
      break;
    }
    case 'super_interfaces':
    case 'extends_interfaces': {
      const list = n.namedChildren.find((c) => c?.type === 'type_list');
      for (const t of list?.namedChildren ?? []) if (t) out.push({ kind: 'implements', node: t, name: javaTypeName(t) });
      break;
    }
    case 'object_creation_expression': {
      const t = n.childForFieldName('type');
      if (!t) break;
      const body = n.namedChildren.find((c) => c?.type === 'class_body') ?? undefined;
      const args = n.childForFieldName('arguments') ?? undefined;
      out.push({ kind: body ? 'anonymous' : 'new', node: n, name: javaTypeName(t), ...(args ? { args } : {}), ...(body ? { body } : {}) });
      break;
    }
    case 'method_reference': {
      const last = n.child(n.childCount - 1);
      const t = n.namedChild(0);
      if (last?.type === 'new' && t) out.push({ kind: 'construct', node: n, name: javaTypeName(t) });
      break;
    }
    case 'annotation':
    case 'marker_annotation': {
      const name = n.childForFieldName('name');
      const args = n.childForFieldName('arguments') ?? undefined;
      if (name) out.push({ kind: 'annotation', node: n, name: name.text.replace(/\s+/g, ''), ...(args ? { args } : {}) });
      break;
    }
  }
}

function kotlinUse(n: Node, out: Use[]): void {
  switch (n.type) {
    case 'delegation_specifier': {
      const first = n.namedChild(0);
      if (first?.type === 'constructor_invocation') {
        const user = first.namedChildren.find((c) => c?.type === 'user_type');
        const args = first.namedChildren.find((c) => c?.type === 'value_arguments') ?? undefined;
        if (user) out.push({ kind: 'extends', node: n, name: stripTypeArgs(user.text), ...(args ? { args } : {}) });
      } else if (first?.type === 'user_type') out.push({ kind: 'implements', node: n, name: stripTypeArgs(first.text) });
      break;
    }
    case 'call_expression': {
      const callee = n.namedChild(0);
      const args = n.namedChildren.find((c) => c?.type === 'value_arguments') ?? undefined;
      if (callee?.type === 'identifier' && isTypeName(callee.text)) out.push({ kind: 'construct', node: n, name: callee.text, ...(args ? { args } : {}) });
      break;
    }
    case 'callable_reference': {
      const m = /^::\s*([A-Z][\w$]*)$/.exec(n.text);
      if (m) out.push({ kind: 'construct', node: n, name: m[1]! });
      break;
    }
    case 'annotation': {
      const inv = n.namedChildren.find((c) => c?.type === 'constructor_invocation');
      const user = (inv ?? n).namedChildren.find((c) => c?.type === 'user_type');
      const args = inv?.namedChildren.find((c) => c?.type === 'value_arguments') ?? undefined;
      if (user) out.push({ kind: 'annotation', node: n, name: stripTypeArgs(user.text), ...(args ? { args } : {}) });
      break;
    }
  }
}

export function collectUses(root: Node, lang: GrammarLang): Use[] {
  const out: Use[] = [];
  walk(root, (n) => {
    if (n.isNamed) (lang === 'java' ? javaUse : kotlinUse)(n, out);
  });
  return out;
}
