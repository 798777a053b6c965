// The block structure of a Gradle script, one model for both DSLs (Groovy: good-enough-parser,
// Kotlin: tree-sitter-kotlin; both flattened to BuildToken streams). For every token it answers
// which `{ }` blocks enclose it, innermost last, each named by the call that opens it:
//
//   plugins {                       -> plugins
//   tasks.withType<KotlinCompile> { -> withType, subject KotlinCompile
//   tasks.withType(JavaCompile) {   -> withType, subject JavaCompile
//   tasks.named('bootJar') {        -> named, subject bootJar
//   tasks.bootJar { / bootJar {     -> bootJar
//   project(':app') {               -> project, subject :app
//   tasks.withType(X).configureEach { -> withType, subject X (configureEach/all/configure/apply are transparent)
//
// Rules ask `within(i, 'dependencies')`, `blockPath(i)`, `taskOf(block)` instead of scanning
// tokens around themselves, so `dependencies {}` inside `buildscript {}` is told apart from the
// project's, a `mainClassName` inside `springBoot {}` from a top-level one, and so on.
import type { BuildToken } from './groovy.js';

export interface GradleBlock {
  /** The call that opens the block: `dependencies`, `withType`, `named`, `kotlinOptions`, ... */
  name: string;
  /** The first string or type argument of that call (`KotlinCompile`, `bootJar`, `:app`), if any. */
  subject?: string;
  /** Token indexes of `{` and its `}`. */
  open: number;
  close: number;
  /** Index of the first token of the statement that opens the block (`tasks` in `tasks.withType<X> {`). */
  head: number;
  parent?: GradleBlock;
}

export interface GradleModel {
  tokens: BuildToken[];
  blocks: GradleBlock[];
  /** Innermost block enclosing token i (undefined: top level). */
  blockAt(i: number): GradleBlock | undefined;
  /** The names of the enclosing blocks, outermost first (`['subprojects', 'dependencies']`). */
  blockPath(i: number): string[];
  /** True when some enclosing block is one of `names` (by name, or by task subject for withType/named). */
  within(i: number, ...names: string[]): boolean;
  /** The block directly enclosing token i is one of `names`. */
  directlyIn(i: number, ...names: string[]): boolean;
  /** Blocks with this name (or task/type subject) anywhere in the script. */
  blocksNamed(...names: string[]): GradleBlock[];
}

/** Calls that configure what their receiver configures: the block belongs to the receiver's call. */
const TRANSPARENT = new Set(['configureEach', 'all', 'configure', 'apply', 'run', 'with', 'also', 'each', 'forEach']);
/** Calls whose block configures the task or type named by their argument. */
const BY_SUBJECT = new Set(['withType', 'named', 'getByName', 'register', 'create', 'maybeCreate', 'getting', 'existing', 'configure']);

const cache = new WeakMap<BuildToken[], GradleModel>();

export function gradleModel(tokens: BuildToken[]): GradleModel {
  let model = cache.get(tokens);
  if (model) return model;
  const blocks: GradleBlock[] = [];
  const inner: (GradleBlock | undefined)[] = new Array(tokens.length);
  const stack: GradleBlock[] = [];
  const openers: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'close') {
      const top = stack[stack.length - 1];
      if (t.value === '}' && top && top.open === openers[openers.length - 1]) {
        top.close = i;
        stack.pop();
      }
      openers.pop();
    }
    inner[i] = stack[stack.length - 1];
    if (t.type === 'open') {
      openers.push(i);
      if (t.value === '{') {
        const block: GradleBlock = { ...nameOf(tokens, i), open: i, close: tokens.length, parent: stack[stack.length - 1] };
        blocks.push(block);
        stack.push(block);
      }
    }
  }
  const matches = (b: GradleBlock, names: string[]) => names.includes(b.name) || (b.subject !== undefined && BY_SUBJECT.has(b.name) && names.includes(b.subject));
  model = {
    tokens,
    blocks,
    blockAt: (i) => inner[i],
    blockPath(i) {
      const path: string[] = [];
      for (let b = inner[i]; b; b = b.parent) path.unshift(b.name);
      return path;
    },
    within(i, ...names) {
      for (let b = inner[i]; b; b = b.parent) if (matches(b, names)) return true;
      return false;
    },
    directlyIn(i, ...names) {
      const b = inner[i];
      return b !== undefined && matches(b, names);
    },
    blocksNamed: (...names) => blocks.filter((b) => matches(b, names)),
  };
  cache.set(tokens, model);
  return model;
}

/**
 * The name of the call before `{` at tokens[open]: skips a balanced `( … )` argument list and a
 * `< … >` type argument list, and looks through transparent calls (`.configureEach`).
 */
function nameOf(tokens: BuildToken[], open: number): { name: string; subject?: string; head: number } {
  let j = open - 1;
  let subject: string | undefined;
  for (;;) {
    let args: number | undefined;
    if (tokens[j]?.value === ')') {
      args = matchBack(tokens, j, '(', ')');
      if (args < 0) return { name: '', head: open };
      subject = firstArgument(tokens, args + 1, j) ?? subject;
      j = args - 1;
    }
    if (tokens[j]?.value === '>' && tokens[j]!.type === 'op') {
      const lt = matchBack(tokens, j, '<', '>');
      if (lt < 0) return { name: '', head: open };
      subject = lastSymbol(tokens, lt + 1, j) ?? subject;
      j = lt - 1;
    }
    const t = tokens[j];
    if (t?.type !== 'symbol') return { name: '', head: open };
    const name = t.value.replace(/^`|`$/g, '');
    let head = j;
    while (tokens[head - 1]?.value === '.' && tokens[head - 2]?.type === 'symbol') head -= 2;
    // `x.configureEach {` / `x.apply {`: the block configures x.
    if (TRANSPARENT.has(name) && tokens[j - 1]?.value === '.') {
      j -= 2;
      continue;
    }
    return { name, ...(subject !== undefined ? { subject } : {}), head };
  }
}

function matchBack(tokens: BuildToken[], close: number, openValue: string, closeValue: string): number {
  let depth = 0;
  for (let k = close; k >= 0; k--) {
    const v = tokens[k]!.value;
    if (v === closeValue) depth++;
    else if (v === openValue && --depth === 0) return k;
    if (tokens[k]!.type === 'open' && v === '{') return -1;
  }
  return -1;
}

/** A string argument's value, or a class name (`KotlinCompile`, `org.x.KotlinCompile`, `KotlinCompile::class`). */
function firstArgument(tokens: BuildToken[], from: number, to: number): string | undefined {
  for (let k = from; k < to; k++) {
    const t = tokens[k]!;
    if (t.type === 'string' && !t.templated) return t.value;
    if (t.type === 'symbol' && /^[A-Z]/.test(t.value) && tokens[k + 1]?.value !== '.') return t.value;
    if (t.value === ',') return undefined;
  }
  return undefined;
}

function lastSymbol(tokens: BuildToken[], from: number, to: number): string | undefined {
  for (let k = to - 1; k >= from; k--) if (tokens[k]!.type === 'symbol') return tokens[k]!.value;
  return undefined;
}
