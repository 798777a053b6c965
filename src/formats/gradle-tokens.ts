// A Gradle script's tokens in either DSL (Groovy: groovy.ts, Kotlin: kotlin-dsl.ts), remembered by
// text while a caller holds a memo open. The module decision reads every script three times —
// whether it parses at all (a module whose build does not parse is left alone), whether it is a
// Spring Boot module, and which Boot line it is on — and tokenizing is the costly part of each.
// The memo lasts only as long as the decision, so a large Gradle build's tokens are not kept
// through the rest of the run.
import { ParseError } from '../engine/types.js';
import { groovyTokens, type BuildToken } from './groovy.js';
import { kotlinTokens } from './kotlin-dsl.js';

export type GradleDsl = 'groovy' | 'kotlin';

type Memo = Record<GradleDsl, Map<string, BuildToken[] | ParseError>>;
let memo: Memo | undefined;

/**
 * The script's tokens; throws ParseError when it does not parse. Callers share the array a memo
 * holds: they must not change it. Within a memo a failure is remembered too (the same error is
 * thrown again); NotReady (the Kotlin grammar not loaded yet) is not.
 */
export function gradleTokens(dsl: GradleDsl, text: string): BuildToken[] {
  const known = memo?.[dsl].get(text);
  if (known instanceof ParseError) throw known;
  if (known) return known;
  let tokens: BuildToken[];
  try {
    tokens = dsl === 'kotlin' ? kotlinTokens(text) : groovyTokens(text);
  } catch (e) {
    if (e instanceof ParseError) memo?.[dsl].set(text, e);
    throw e;
  }
  memo?.[dsl].set(text, tokens);
  return tokens;
}

/** Runs fn with every script's tokens remembered by text (nested calls share the outer memo). */
export async function rememberingGradleTokens<T>(fn: () => Promise<T>): Promise<T> {
  if (memo) return fn();
  memo = { groovy: new Map(), kotlin: new Map() };
  try {
    return await fn();
  } finally {
    memo = undefined;
  }
}
