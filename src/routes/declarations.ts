// Declarations of a Java or Kotlin file read from tokens: types with their annotations, methods
// with annotations, parameters, return type and body span, and string constants. Only the
// shapes the route inventory needs; everything else is walked over.
import { matching, tokenize, type Token } from './tokens.js';

export type Value =
  | { k: 'str'; tok: Token; s: number; e: number }
  | { k: 'ref'; name: string; s: number; e: number }
  | { k: 'concat'; parts: Value[]; s: number; e: number }
  | { k: 'array'; items: Value[]; s: number; e: number }
  | { k: 'other'; text: string; s: number; e: number };

export interface AnnotationArg {
  name: string; // '' for a positional argument
  value: Value;
}

export interface Annotation {
  name: string; // simple name
  full: string; // as written, dotted
  args: AnnotationArg[];
  s: number;
  e: number;
  argsStart?: number;
  argsEnd?: number;
}

export interface ParamDecl {
  name: string;
  type: string;
  annotations: Annotation[];
}

export interface MethodDecl {
  name: string;
  offset: number;
  annotations: Annotation[];
  params: ParamDecl[];
  returnType?: string;
  body?: { start: number; end: number };
}

export interface TypeDecl {
  name: string;
  kind: string; // class | interface | enum | record | object | annotation
  offset: number;
  annotations: Annotation[];
  methods: MethodDecl[];
  /** The header between the name and the body (extends/implements/supertypes), as text. */
  header: string;
  outer?: TypeDecl;
}

export interface ConstDecl {
  owner?: string;
  name: string;
  value: Value;
}

export interface FileDecls {
  types: TypeDecl[];
  constants: ConstDecl[];
  imports: string[];
  tokens: Token[];
}

const TYPE_KW = new Set(['class', 'interface', 'enum', 'record', 'object']);
const JAVA_MODIFIERS = new Set(['public', 'protected', 'private', 'static', 'final', 'abstract', 'synchronized', 'native', 'default', 'strictfp', 'transient', 'volatile', 'sealed', 'non']);
const KOTLIN_DECL_START = new Set([
  'class', 'interface', 'object', 'fun', 'val', 'var', 'enum', 'data', 'private', 'public', 'internal', 'protected', 'open',
  'abstract', 'sealed', 'annotation', 'companion', 'override', 'suspend', 'import', 'typealias', 'const', 'lateinit', 'inline', 'init',
]);

export function parseDeclarations(text: string, kotlin: boolean): FileDecls {
  return new Walker(tokenize(text, kotlin), text, kotlin).walk();
}

class Walker {
  private readonly out: FileDecls;
  constructor(
    private readonly tk: Token[],
    private readonly text: string,
    private readonly kotlin: boolean,
  ) {
    this.out = { types: [], constants: [], imports: [], tokens: tk };
  }

  walk(): FileDecls {
    const stack: { type: TypeDecl; depth: number }[] = [];
    let depth = 0;
    let pending: Annotation[] = [];
    let memberStart = 0;
    let openFor: { index: number; type: TypeDecl } | undefined;
    const tk = this.tk;
    let i = 0;
    while (i < tk.length) {
      const t = tk[i]!;
      const top = stack[stack.length - 1];
      if (t.t === 'p') {
        if (t.v === '{') {
          depth++;
          if (openFor && openFor.index === i) {
            stack.push({ type: openFor.type, depth });
            openFor = undefined;
          }
          pending = [];
          memberStart = i + 1;
          i++;
          continue;
        }
        if (t.v === '}') {
          depth--;
          while (stack.length && stack[stack.length - 1]!.depth > depth) stack.pop();
          pending = [];
          memberStart = i + 1;
          i++;
          continue;
        }
        if (t.v === ';') {
          pending = [];
          memberStart = i + 1;
          i++;
          continue;
        }
        if (t.v === '@' && tk[i + 1]?.t === 'id' && tk[i + 1]!.v !== 'interface') {
          const { ann, next } = this.annotation(i);
          pending.push(ann);
          i = next;
          memberStart = i;
          continue;
        }
      }
      if (t.t === 'id') {
        if ((t.v === 'import' || t.v === 'package') && depth === 0) {
          const { name, next } = this.dotted(i + 1, true);
          if (t.v === 'import') this.out.imports.push(name);
          i = next;
          memberStart = i;
          continue;
        }
        const isTypeKw = TYPE_KW.has(t.v) && (tk[i + 1]?.t === 'id' || (t.v === 'object' && this.kotlin));
        if (isTypeKw && !(t.v === 'class' && tk[i - 1]?.v === '.') && !(t.v === 'class' && tk[i - 1]?.v === '::')) {
          const type = this.typeDecl(i, pending, top?.type);
          const bodyIndex = this.findBody(type.nameEnd);
          type.decl.header = this.text.slice(tk[type.nameEnd]?.s ?? t.e, tk[bodyIndex ?? type.headerEnd]?.s ?? this.text.length).trim();
          this.out.types.push(type.decl);
          pending = [];
          if (bodyIndex !== undefined) {
            openFor = { index: bodyIndex, type: type.decl };
            i = bodyIndex;
          } else {
            i = type.headerEnd;
            memberStart = i;
          }
          continue;
        }
        if (this.kotlin && (t.v === 'val' || t.v === 'var')) pending = []; // annotations on a property stay with it
        if (this.kotlin && t.v === 'fun') {
          const m = this.kotlinFun(i, pending);
          if (m) {
            if (top && depth === top.depth) top.type.methods.push(m.decl);
            pending = [];
            i = m.next;
            memberStart = i;
            continue;
          }
        }
        if (!this.kotlin && top && depth === top.depth && tk[i + 1]?.v === '(' && i > memberStart && this.looksLikeJavaMethod(memberStart, i)) {
          const m = this.javaMethod(memberStart, i, pending);
          if (m.decl.returnType !== undefined) top.type.methods.push(m.decl); // constructors are not handlers
          pending = [];
          i = m.next;
          memberStart = i;
          continue;
        }
        if (tk[i + 1]?.v === '=' && tk[i + 2]?.v !== '=' && (top ? depth === top.depth : depth === 0) && this.isFieldName(memberStart, i)) {
          const { value, next } = this.value(i + 2);
          if (isStringValue(value)) this.out.constants.push({ owner: top ? ownerName(top.type) : undefined, name: t.v, value });
          i = next;
          if (this.kotlin) memberStart = i; // no ';' ends a Kotlin property
          continue;
        }
      }
      i++;
    }
    return this.out;
  }

  /** A field declaration `Type NAME =` (Java) or `val NAME =` (Kotlin) starts at memberStart. */
  private isFieldName(memberStart: number, i: number): boolean {
    if (i <= memberStart) return false;
    const before = this.tk.slice(memberStart, i);
    if (before.some((t) => t.t === 'p' && (t.v === '(' || t.v === '=' || t.v === '{'))) return false;
    if (this.kotlin) return before.some((t) => t.v === 'val' || t.v === 'var');
    return true;
  }

  private dotted(i: number, stopAtNewline: boolean): { name: string; next: number } {
    const tk = this.tk;
    let name = '';
    while (i < tk.length) {
      const t = tk[i]!;
      if (stopAtNewline && name && t.nl) break;
      if (t.t === 'id' || (t.t === 'p' && (t.v === '.' || t.v === '*'))) {
        if (t.t === 'id' && name && !name.endsWith('.')) break;
        name += t.v;
        i++;
      } else break;
    }
    if (tk[i]?.v === ';') i++;
    return { name: name.replace(/^static\s*/, ''), next: i };
  }

  private annotation(at: number): { ann: Annotation; next: number } {
    const tk = this.tk;
    let i = at + 1;
    // Kotlin use-site targets: @field:JsonProperty, @get:Mapping
    if (this.kotlin && tk[i + 1]?.v === ':' && tk[i + 2]?.t === 'id' && ['field', 'get', 'set', 'param', 'property', 'file', 'receiver', 'setparam', 'delegate'].includes(tk[i]!.v)) i += 2;
    let full = tk[i]!.v;
    i++;
    while (tk[i]?.v === '.' && tk[i + 1]?.t === 'id') {
      full += '.' + tk[i + 1]!.v;
      i += 2;
    }
    const ann: Annotation = { name: full.slice(full.lastIndexOf('.') + 1), full, args: [], s: tk[at]!.s, e: tk[i - 1]!.e };
    if (tk[i]?.v === '(' && !(this.kotlin && tk[i]!.nl)) {
      const close = matching(tk, i);
      ann.argsStart = tk[i]!.s;
      ann.argsEnd = tk[close]?.e ?? this.text.length;
      ann.args = this.args(i + 1, close);
      ann.e = ann.argsEnd;
      i = close + 1;
    }
    return { ann, next: i };
  }

  /** Arguments between from and close (exclusive): `name = value` or positional values. */
  private args(from: number, close: number): AnnotationArg[] {
    const tk = this.tk;
    const out: AnnotationArg[] = [];
    let i = from;
    while (i < close) {
      let name = '';
      if (tk[i]?.t === 'id' && tk[i + 1]?.v === '=' && tk[i + 2]?.v !== '=') {
        name = tk[i]!.v;
        i += 2;
      }
      const { value, next } = this.value(i, close);
      out.push({ name, value });
      i = next;
      while (i < close && tk[i]!.v !== ',') i = this.skipOne(i); // rest of an expression we do not model
      i++;
    }
    return out;
  }

  private skipOne(i: number): number {
    const v = this.tk[i]!.v;
    if (this.tk[i]!.t === 'p' && (v === '(' || v === '{' || v === '[')) return matching(this.tk, i) + 1;
    return i + 1;
  }

  /** A constant-ish expression: string, concatenation, reference, array, or other (skipped). */
  value(i: number, limit = this.tk.length): { value: Value; next: number } {
    const first = this.primary(i, limit);
    let { value, next } = first;
    const parts: Value[] = [value];
    while (next < limit && this.tk[next]?.v === '+') {
      const more = this.primary(next + 1, limit);
      parts.push(more.value);
      next = more.next;
    }
    if (parts.length > 1) value = { k: 'concat', parts, s: parts[0]!.s, e: parts[parts.length - 1]!.e };
    return { value, next };
  }

  private primary(i: number, limit: number): { value: Value; next: number } {
    const tk = this.tk;
    const t = tk[i];
    if (!t || i >= limit) return { value: { k: 'other', text: '', s: this.text.length, e: this.text.length }, next: i };
    if (t.t === 'str') return { value: { k: 'str', tok: t, s: t.s, e: t.e }, next: i + 1 };
    const arrayOpen = t.v === '{' || t.v === '[' ? i : t.t === 'id' && /^(arrayOf|listOf)$/.test(t.v) && tk[i + 1]?.v === '(' ? i + 1 : -1;
    if (arrayOpen >= 0) {
      const close = matching(tk, arrayOpen);
      const items: Value[] = [];
      let j = arrayOpen + 1;
      while (j < close) {
        const { value, next } = this.value(j, close);
        items.push(value);
        j = next;
        while (j < close && tk[j]!.v !== ',') j = this.skipOne(j);
        j++;
      }
      return { value: { k: 'array', items, s: t.s, e: tk[close]?.e ?? this.text.length }, next: close + 1 };
    }
    if (t.t === 'id' && !(tk[i + 1]?.v === '(')) {
      let name = t.v;
      let j = i + 1;
      while (tk[j]?.v === '.' && tk[j + 1]?.t === 'id') {
        name += '.' + tk[j + 1]!.v;
        j += 2;
      }
      if (tk[j]?.v !== '(' && tk[j]?.v !== '::') return { value: { k: 'ref', name, s: t.s, e: tk[j - 1]!.e }, next: j };
    }
    let j = i;
    while (j < limit && tk[j]!.v !== ',' && tk[j]!.v !== ';' && tk[j]!.v !== '+' && tk[j]!.v !== ')' && tk[j]!.v !== '}' && tk[j]!.v !== ']') {
      if (this.kotlin && j > i && tk[j]!.nl) break;
      j = this.skipOne(j);
    }
    const e = tk[Math.max(i, j - 1)]!.e;
    return { value: { k: 'other', text: this.text.slice(t.s, e), s: t.s, e }, next: Math.max(j, i + 1) };
  }

  private typeDecl(i: number, annotations: Annotation[], outer: TypeDecl | undefined): { decl: TypeDecl; nameEnd: number; headerEnd: number } {
    const tk = this.tk;
    const kw = tk[i]!.v;
    const annotationType = tk[i - 1]?.v === '@' || tk[i - 1]?.v === 'annotation';
    const hasName = tk[i + 1]?.t === 'id';
    const name = hasName ? tk[i + 1]!.v : 'Companion';
    const decl: TypeDecl = { name, kind: annotationType ? 'annotation' : kw, offset: hasName ? tk[i + 1]!.s : tk[i]!.s, annotations, methods: [], header: '', outer };
    const nameEnd = hasName ? i + 2 : i + 1;
    return { decl, nameEnd, headerEnd: this.headerEnd(nameEnd) };
  }

  /** The `{` opening a type body after its header, or undefined when it has none (Kotlin). */
  private findBody(from: number): number | undefined {
    const end = this.headerEnd(from);
    return this.tk[end]?.v === '{' ? end : undefined;
  }

  private headerEnd(from: number): number {
    const tk = this.tk;
    let i = from;
    while (i < tk.length) {
      const t = tk[i]!;
      if (t.t === 'p' && (t.v === '(' || t.v === '[')) {
        i = matching(tk, i) + 1;
        continue;
      }
      if (t.t === 'p' && (t.v === '{' || t.v === '}' || t.v === ';' || t.v === '@' || t.v === '=')) return i;
      if (this.kotlin && t.t === 'id' && KOTLIN_DECL_START.has(t.v) && i > from) return i;
      if (this.kotlin && t.nl && i > from && t.t === 'id' && !['where', 'by'].includes(t.v) && ![':', ',', '.', '<'].includes(tk[i - 1]!.v)) return i;
      i++;
    }
    return i;
  }

  private looksLikeJavaMethod(memberStart: number, nameAt: number): boolean {
    const prev = this.tk[nameAt - 1]!;
    if (!(prev.t === 'id' || prev.v === '>' || prev.v === ']' || prev.v === '?')) return false;
    for (let j = memberStart; j < nameAt; j++) {
      const v = this.tk[j]!.v;
      if (v === '=' || v === '(' || v === '.' && this.tk[j + 1]?.v === '.') return false;
      if (this.tk[j]!.t === 'id' && (v === 'new' || v === 'return')) return false;
    }
    return true;
  }

  private javaMethod(memberStart: number, nameAt: number, annotations: Annotation[]): { decl: MethodDecl; next: number } {
    const tk = this.tk;
    let j = memberStart;
    while (j < nameAt && tk[j]!.t === 'id' && JAVA_MODIFIERS.has(tk[j]!.v)) j++;
    if (tk[j]?.v === '-') j += 2; // non-sealed
    if (tk[j]?.v === '<') j = matching(tk, j) + 1;
    const returnType = j < nameAt ? this.text.slice(tk[j]!.s, tk[nameAt - 1]!.e) : undefined;
    const open = nameAt + 1;
    const close = matching(tk, open);
    const params = this.params(open + 1, close);
    let k = close + 1;
    while (k < tk.length && tk[k]!.v !== '{' && tk[k]!.v !== ';' && tk[k]!.v !== '}') k = this.skipOne(k);
    let body: MethodDecl['body'];
    let next = k + 1;
    if (tk[k]?.v === '{') {
      const end = matching(tk, k);
      body = { start: tk[k]!.s, end: tk[end]?.e ?? this.text.length };
      next = end + 1;
    }
    return { decl: { name: tk[nameAt]!.v, offset: tk[nameAt]!.s, annotations, params, returnType, body }, next };
  }

  private kotlinFun(at: number, annotations: Annotation[]): { decl: MethodDecl; next: number } | undefined {
    const tk = this.tk;
    let i = at + 1;
    if (tk[i]?.v === '<') i = matching(tk, i) + 1;
    let nameAt = -1;
    while (i < tk.length && tk[i]!.v !== '(') {
      if (tk[i]!.t === 'id') nameAt = i;
      else if (tk[i]!.v === '<') {
        i = matching(tk, i) + 1;
        continue;
      } else if (tk[i]!.v !== '.' && tk[i]!.v !== '?') return undefined;
      i++;
    }
    if (nameAt < 0 || tk[i]?.v !== '(') return undefined;
    const close = matching(tk, i);
    const params = this.params(i + 1, close);
    let k = close + 1;
    let returnType: string | undefined;
    if (tk[k]?.v === ':') {
      const rs = k + 1;
      k = rs;
      while (k < tk.length && !(tk[k]!.v === '{' || tk[k]!.v === '=' || tk[k]!.v === '}' || tk[k]!.v === ';' || tk[k]!.v === '@' || (k > rs && tk[k]!.nl && !['<', '.', ',', '?'].includes(tk[k - 1]!.v) && tk[k]!.v !== '>' && tk[k]!.v !== '?'))) {
        if (tk[k]!.v === '(' ) k = matching(tk, k) + 1;
        else if (tk[k]!.v === '<') k = matching(tk, k) + 1;
        else k++;
        if (tk[k]?.t === 'id' && KOTLIN_DECL_START.has(tk[k]!.v) && tk[k]!.nl) break;
      }
      returnType = this.text.slice(tk[rs]!.s, tk[k - 1]!.e);
    }
    while (tk[k]?.t === 'id' && tk[k]!.v === 'where') {
      k++;
      while (k < tk.length && tk[k]!.v !== '{' && tk[k]!.v !== '=') k++;
    }
    let body: MethodDecl['body'];
    let next = k;
    if (tk[k]?.v === '{') {
      const end = matching(tk, k);
      body = { start: tk[k]!.s, end: tk[end]?.e ?? this.text.length };
      next = end + 1;
    } else if (tk[k]?.v === '=') {
      let e = k + 1;
      while (e < tk.length) {
        const t = tk[e]!;
        if (t.t === 'p' && (t.v === '(' || t.v === '{' || t.v === '[')) {
          e = matching(tk, e) + 1;
          continue;
        }
        if (t.v === '}' || t.v === ';' || (t.nl && (t.v === '@' || (t.t === 'id' && KOTLIN_DECL_START.has(t.v))))) break;
        e++;
      }
      body = { start: tk[k]!.s, end: tk[e - 1]?.e ?? this.text.length };
      next = e;
    }
    return { decl: { name: tk[nameAt]!.v, offset: tk[nameAt]!.s, annotations, params, returnType, body }, next };
  }

  private params(from: number, close: number): ParamDecl[] {
    const tk = this.tk;
    const out: ParamDecl[] = [];
    let i = from;
    while (i < close) {
      const annotations: Annotation[] = [];
      const parts: Token[] = [];
      let typeStart = -1;
      let typeEnd = -1;
      let name = '';
      while (i < close && tk[i]!.v !== ',') {
        const t = tk[i]!;
        if (t.v === '@' && tk[i + 1]?.t === 'id') {
          const { ann, next } = this.annotation(i);
          annotations.push(ann);
          i = next;
          continue;
        }
        if (t.t === 'p' && (t.v === '(' || t.v === '<' || t.v === '[' || t.v === '{')) {
          if (typeStart < 0) typeStart = i;
          const end = t.v === '<' ? matching(tk, i) : matching(tk, i);
          typeEnd = end;
          i = end + 1;
          continue;
        }
        if (this.kotlin && t.v === ':' && parts.length) {
          name = parts[parts.length - 1]!.v;
          typeStart = i + 1;
          i++;
          continue;
        }
        if (this.kotlin && t.v === '=') {
          while (i < close && tk[i]!.v !== ',') i = this.skipOne(i);
          break;
        }
        if (!(t.t === 'id' && (t.v === 'final' || t.v === 'val' || t.v === 'var' || t.v === 'vararg'))) {
          if (typeStart < 0 && t.t === 'id') typeStart = i;
          parts.push(t);
          typeEnd = i;
        }
        i++;
      }
      if (!this.kotlin && parts.length) {
        name = parts[parts.length - 1]!.v;
        typeEnd = tk.indexOf(parts[parts.length - 1]!) - 1;
      }
      const type = typeStart >= 0 && typeEnd >= typeStart ? this.text.slice(tk[typeStart]!.s, tk[typeEnd]!.e).trim() : '';
      if (name || type) out.push({ name, type, annotations });
      i++;
    }
    return out;
  }
}

function ownerName(type: TypeDecl): string {
  return type.name === 'Companion' && type.outer ? type.outer.name : type.name;
}

function isStringValue(v: Value): boolean {
  if (v.k === 'str') return v.tok.value !== undefined || !!v.tok.parts; // Kotlin templates may name constants
  if (v.k === 'concat') return v.parts.some((p) => p.k === 'str') && v.parts.every((p) => p.k === 'str' || p.k === 'ref');
  return false;
}
