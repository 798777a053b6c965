// Turning annotation values into text: string literals, concatenations and constants resolved
// through an index of every string constant of the project (`Paths.USERS`, static imports,
// Kotlin `const val`). A value that cannot be resolved is kept as `{?}` and marked unresolved.
import type { ConstDecl, Value } from './declarations.js';
import type { StringPart } from '../formats/jvm-strings.js';
import type { PathLiteral } from './types.js';
import mediaTypes from './media-types.json' with { type: 'json' };

const MEDIA_TYPES = mediaTypes as Record<string, string>;

export interface Evaluated {
  text: string;
  literals: PathLiteral[];
  resolved: boolean;
}

export interface ConstSite {
  decl: ConstDecl;
  file: string;
  lineOf(offset: number): number;
}

export class ConstantIndex {
  private readonly qualified = new Map<string, ConstSite>();
  private readonly simple = new Map<string, ConstSite[]>();

  add(site: ConstSite): void {
    const { owner, name } = site.decl;
    if (owner) this.qualified.set(`${owner}.${name}`, site);
    const list = this.simple.get(name) ?? [];
    list.push(site);
    this.simple.set(name, list);
  }

  /** `Owner.NAME` (any package prefix dropped), or a simple name: same owner first, then unique. */
  lookup(ref: string, currentOwners: string[]): ConstSite | undefined {
    const parts = ref.split('.');
    if (parts.length >= 2) return this.qualified.get(parts.slice(-2).join('.'));
    for (const owner of currentOwners) {
      const hit = this.qualified.get(`${owner}.${ref}`);
      if (hit) return hit;
    }
    const list = this.simple.get(ref);
    return list && list.length === 1 ? list[0] : undefined;
  }
}

export interface EvalContext {
  file: string;
  lineOf(offset: number): number;
  owners: string[];
  constants: ConstantIndex;
}

/** Text of a string-valued expression, with the literals it came from. */
export function evaluate(v: Value, ctx: EvalContext, depth = 0): Evaluated {
  switch (v.k) {
    case 'str':
      if (v.tok.value === undefined) return evaluateTemplate(v.tok.parts ?? [], v, ctx, depth);
      return {
        text: v.tok.value,
        literals: [{ file: ctx.file, start: v.s, end: v.e, quote: v.tok.quote ?? '"', value: v.tok.value, line: ctx.lineOf(v.s) }],
        resolved: true,
      };
    case 'concat': {
      const parts = v.parts.map((p) => evaluate(p, ctx, depth));
      return { text: parts.map((p) => p.text).join(''), literals: parts.flatMap((p) => p.literals), resolved: parts.every((p) => p.resolved) };
    }
    case 'ref': {
      const site = depth < 8 ? ctx.constants.lookup(v.name, ctx.owners) : undefined;
      if (!site) return { text: '{?}', literals: [], resolved: false };
      const inner = evaluate(site.decl.value, { ...ctx, file: site.file, lineOf: site.lineOf, owners: site.decl.owner ? [site.decl.owner] : [] }, depth + 1);
      return { ...inner, literals: inner.literals.map((l) => ({ ...l, viaConstant: l.viaConstant ?? v.name })) };
    }
    default:
      return { text: '{?}', literals: [], resolved: false };
  }
}

/**
 * A Kotlin string template: `"$API/users"` or `"${Paths.API}/users"` is resolved when every
 * template names a known constant. The literal itself is no path literal (its text is not its
 * value); the constants' literals are kept, so their positions still point at exact strings.
 */
function evaluateTemplate(parts: StringPart[], v: Value, ctx: EvalContext, depth: number): Evaluated {
  const out: Evaluated = { text: '', literals: [], resolved: parts.length > 0 };
  for (const part of parts) {
    if (part.kind === 'text') {
      out.text += part.value;
      continue;
    }
    const e = /^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/.test(part.expr) ? evaluate({ k: 'ref', name: part.expr, s: part.start, e: part.end }, ctx, depth) : undefined;
    if (!e?.resolved) return { text: '{?}', literals: [], resolved: false };
    out.text += e.text;
    out.literals.push(...e.literals);
  }
  return out.resolved ? out : { text: '{?}', literals: [], resolved: false };
}

/** The items of an annotation value: an array's elements, or the value itself. */
export function items(v: Value | undefined): Value[] {
  if (!v) return [];
  return v.k === 'array' ? v.items : [v];
}

/** A media type written as a literal, a project constant, or a framework constant. */
export function mediaType(v: Value, ctx: EvalContext): string {
  if (v.k === 'ref') {
    const last = v.name.slice(v.name.lastIndexOf('.') + 1).replace(/_VALUE$/, '');
    const known = MEDIA_TYPES[last];
    if (known) return known;
  }
  const e = evaluate(v, ctx);
  return e.resolved ? e.text : v.k === 'ref' ? v.name : '{?}';
}

export function lookupMediaConstant(name: string): string | undefined {
  return MEDIA_TYPES[name.replace(/_VALUE$/, '')];
}
