// Whose method a call is: the Spring Security DSL's, or a user type's that happens to have a
// method named antMatchers or authorizeRequests. Read from tokens: the call's chain is walked back
// to its root (`http` in `http.csrf().disable().authorizeRequests()`), and the root is
//   - a variable, field or parameter: the type it is declared with in the file (a type imported
//     from org.springframework.security, or written with that package, is Spring Security's);
//     `var`/`val x = <expr>` follows the initializer's own root;
//   - a lambda parameter (`authz -> authz.antMatchers(..)`, Kotlin `{ it.antMatchers(..) }`): the
//     receiver of the call the lambda is given to, so `http.authorizeRequests(authz -> ..)` is
//     Spring Security's when `http` is.
// Anything else (a method's result, `this`, a name declared nowhere in the file) is unknown.
import { matchingBracket, openingAngle, openingBracket, type Token } from '../../../src/formats/jvm-tokens.js';
import type { LibContext } from '../lib-edits.js';
import { chainText } from '../model.js';

export type Receiver = 'security' | 'other' | 'unknown';

const SECURITY = 'org.springframework.security.';
const NOT_A_TYPE = new Set(['return', 'new', 'throw', 'case', 'else', 'yield', 'assert', 'package', 'import', 'this', 'super', 'in', 'is', 'as', 'fun', 'class', 'interface', 'object']);

/** The root of the chain a `.name(` call at `k` belongs to: its token index, or undefined (a call's result, a parenthesised expression). */
export function chainRoot(tokens: readonly Token[], k: number): number | undefined {
  let j = k - 2; // the token before `.name`
  for (let guard = 0; guard < 10_000; guard++) {
    const t = tokens[j];
    if (!t) return undefined;
    if (t.value === ')' && t.type === 'punct') {
      const open = openingBracket(tokens, j);
      const name = tokens[open - 1];
      if (open < 1 || name?.type !== 'ident') return undefined;
      if (tokens[open - 2]?.value !== '.') return undefined; // receiverless call: its result
      j = open - 3;
      continue;
    }
    if (t.type === 'ident') {
      if (tokens[j - 1]?.value === '.' && tokens[j - 2]?.type === 'ident' && tokens[j - 2]!.value === 'this') return j;
      if (tokens[j - 1]?.value === '.') {
        j -= 2;
        continue;
      }
      return j;
    }
    return undefined;
  }
  return undefined;
}

/** Is the type written at tokens[j] (its first identifier) Spring Security's? */
function securityType(ctx: LibContext, j: number): boolean {
  const { tokens, importedNames, imports } = ctx.model;
  const name = tokens[j]!.value;
  if (name === 'org') {
    let last = j;
    while (tokens[last + 1]?.value === '.' && tokens[last + 2]?.type === 'ident') last += 2;
    return tokens.slice(j, last + 1).map((t) => t.value).join('').startsWith(SECURITY.replace(/\.$/, ''));
  }
  const imported = importedNames.get(name);
  if (imported) return imported.startsWith(SECURITY);
  return imports.some((i) => i.chain.wildcard && !i.isStatic && (chainText(i.chain) + '.').startsWith(SECURITY));
}

/** The first token of the type written just before tokens[end + 1] (Java: `Outer<X>.Inner name`). */
function typeStart(tokens: readonly Token[], end: number): number {
  let j = end;
  for (;;) {
    if (tokens[j]?.value === '>') j = Math.max(openingAngle(tokens, j, 1), 0) - 1;
    if (tokens[j]?.value === ']' && tokens[j - 1]?.value === '[') {
      j -= 2;
      continue;
    }
    if (tokens[j - 1]?.value === '.' && tokens[j - 2] && (tokens[j - 2]!.type === 'ident' || tokens[j - 2]!.value === '>')) {
      j -= 2;
      continue;
    }
    return j;
  }
}

interface Declaration {
  /** First token of the declared type, or undefined for `var`/`val x =`. */
  type?: number;
  /** For an untyped declaration: the first token of the initializer. */
  init?: number;
}

/** Declarations of `name` in the file (fields, locals, parameters), read from tokens. */
export function declarationsOf(ctx: LibContext, name: string): Declaration[] {
  const { tokens } = ctx.model;
  const out: Declaration[] = [];
  const kotlin = ctx.lang === 'kotlin';
  for (let j = 1; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (t.type !== 'ident' || t.value !== name) continue;
    const prev = tokens[j - 1]!;
    const next = tokens[j + 1];
    if (kotlin) {
      if (next?.value === ':' && tokens[j + 2]?.type === 'ident' && (['val', 'var', '(', ','].includes(prev.value) || prev.type === 'ident' && /^(private|public|protected|internal|override|lateinit)$/.test(prev.value))) out.push({ type: j + 2 });
      else if (['val', 'var'].includes(prev.value) && next?.value === '=') out.push({ init: j + 2 });
      continue;
    }
    if (!next || !['=', ';', ',', ')', ':'].includes(next.value) || tokens[j + 2]?.value === '=') continue;
    if (prev.type === 'ident' && NOT_A_TYPE.has(prev.value)) continue;
    if (prev.type !== 'ident' && prev.value !== '>' && prev.value !== ']') continue;
    if (prev.value === 'var' && next.value === '=') {
      out.push({ init: j + 2 });
      continue;
    }
    if (next.value === ':' && tokens.slice(Math.max(0, j - 8), j).every((x) => x.value !== 'for')) continue; // a label or a ternary
    out.push({ type: typeStart(tokens, j - 1) });
  }
  return out;
}

/** A lambda that declares `name` as its parameter and whose body holds tokens[at]: the call it is given to (its name token). */
function lambdaCall(ctx: LibContext, name: string, at: number): number | undefined | null {
  const { tokens } = ctx.model;
  const kotlin = ctx.lang === 'kotlin';
  let depth = 0;
  for (let j = at - 1; j >= 0; j--) {
    const t = tokens[j]!;
    if (t.type === 'punct' && (t.value === ')' || t.value === '}' || t.value === ']')) depth++;
    else if (t.type === 'punct' && (t.value === '(' || t.value === '{' || t.value === '[')) {
      if (depth > 0) {
        depth--;
        continue;
      }
      // An opening bracket that encloses `at`: does a lambda with the parameter start right after it?
      const header = lambdaHeader(tokens, j, name, kotlin);
      if (header === undefined) continue;
      if (t.value === '(') return tokens[j - 1]?.type === 'ident' && tokens[j - 2]?.value === '.' ? j - 1 : null;
      // Kotlin trailing lambda: `.name { }` or `.name(..) { }`
      if (tokens[j - 1]?.type === 'ident' && tokens[j - 2]?.value === '.') return j - 1;
      if (tokens[j - 1]?.value === ')') {
        const open = openingBracket(tokens, j - 1);
        return tokens[open - 1]?.type === 'ident' && tokens[open - 2]?.value === '.' ? open - 1 : null;
      }
      return null;
    }
  }
  return undefined;
}

/** After the bracket at `open`: `name ->`, `(name) ->`, `(T name) ->`, Kotlin `{ name ->` or `{` using `it`. */
function lambdaHeader(tokens: readonly Token[], open: number, name: string, kotlin: boolean): true | undefined {
  const a = tokens[open + 1];
  if (!a) return undefined;
  if (a.value === name && tokens[open + 2]?.value === '-' && tokens[open + 3]?.value === '>') return true;
  if (kotlin && tokens[open]!.value === '{') {
    // `{ it.x }`: no parameter declared (`{ a -> ..}` or `{ a, b -> ..}` declare one).
    const declares = tokens[open + 2]?.value === '-' || tokens[open + 2]?.value === ',';
    if (name === 'it' && !declares) return true;
    return undefined;
  }
  if (a.value === '(') {
    const close = matchingBracket(tokens, open + 1);
    if (close < 0 || tokens[close + 1]?.value !== '-' || tokens[close + 2]?.value !== '>') return undefined;
    if (tokens.slice(open + 2, close).some((x) => x.value === name)) return true;
  }
  return undefined;
}

/** Whose DSL the `.name(` call at `k` is. */
export function receiverOf(ctx: LibContext, k: number, depth = 0): Receiver {
  if (depth > 8) return 'unknown';
  const { tokens } = ctx.model;
  const root = chainRoot(tokens, k);
  if (root === undefined) return 'unknown';
  const name = tokens[root]!.value;
  if (name === 'this' || name === 'super') return 'unknown';
  const call = lambdaCall(ctx, name, root);
  if (call !== undefined) return call === null ? 'unknown' : receiverOf(ctx, call, depth + 1);
  const decls = declarationsOf(ctx, name);
  if (!decls.length) return 'unknown';
  const kinds = new Set<Receiver>(
    decls.map((d) => {
      if (d.type !== undefined) return securityType(ctx, d.type) ? 'security' : 'other';
      // `var x = new T(..)` / Kotlin `val x = T(..)`: T decides.
      const init = tokens[d.init!];
      if (init?.value === 'new' && tokens[d.init! + 1]?.type === 'ident' && tokens[d.init! + 2]?.value !== '.') return securityType(ctx, d.init! + 1) ? 'security' : 'other';
      if (ctx.lang === 'kotlin' && init?.type === 'ident' && /^[A-Z]/.test(init.value) && tokens[d.init! + 1]?.value === '(') return securityType(ctx, d.init!) ? 'security' : 'other';
      // `var x = a.b().c()`: the initializer's last call decides.
      let j = d.init!;
      let lastCall = -1;
      for (;;) {
        if (tokens[j + 1]?.value === '(') {
          lastCall = j;
          j = matchingBracket(tokens, j + 1);
          if (j < 0) return 'unknown';
        }
        if (tokens[j + 1]?.value === '.' && tokens[j + 2]?.type === 'ident') j += 2;
        else break;
      }
      return lastCall > 0 && tokens[lastCall - 1]?.value === '.' ? receiverOf(ctx, lastCall, depth + 1) : 'unknown';
    }),
  );
  return kinds.size === 1 ? [...kinds][0]! : 'unknown';
}
