// The call chains of Spring Batch 5: `factory.get(..)` calls (Java and Kotlin), and in Kotlin the
// `.chunk(..)` / `.tasklet(..)` calls after them that take the transaction manager (type arguments
// and trailing lambdas included). Used by batch5.ts and batch5-kotlin.ts.
import type { Edit } from '../../../src/engine/types.js';
import { matchingBracket, type Token } from '../../../src/formats/jvm-tokens.js';
import { type LibContext, callArgs } from '../lib-edits.js';

const RULE = 'batch5/builders';

/** `name.get(` / `this.name.get(` calls: token of the name and of the call's first token. */
export function getCalls(tokens: readonly Token[], name: string): { at: number; first: number }[] {
  const out: { at: number; first: number }[] = [];
  tokens.forEach((t, k) => {
    if (t.type !== 'ident' || t.value !== name || tokens[k + 1]?.value !== '.' || tokens[k + 2]?.value !== 'get' || tokens[k + 3]?.value !== '(') return;
    const self = tokens[k - 1]?.value === '.' && tokens[k - 2]?.value === 'this';
    if (tokens[k - 1]?.value === '.' && !self) return;
    out.push({ at: k, first: self ? k - 2 : k });
  });
  return out;
}

/** The end of `<...>` type arguments starting at tokens[k] (`<`), or -1. */
function typeArgsEnd(tokens: readonly Token[], k: number): number {
  let depth = 0;
  for (let j = k; j < tokens.length; j++) {
    const v = tokens[j]!.value;
    if (v === '<') depth++;
    else if (v === '>' && --depth === 0) return j;
    else if (tokens[j]!.type === 'punct' && !['<', '>', ',', '.', '?', '*'].includes(v)) return -1;
  }
  return -1;
}

/**
 * The transaction-manager edits for `.chunk(..)` / `.tasklet(..)` calls in the chain that follows
 * `get(..)`'s ')': one argument gets `, tm`; a trailing lambda `{ .. }` becomes `({ .. }, tm)`.
 */
export function transactionalEdits(ctx: LibContext, from: number, tm: string): Edit[] | undefined {
  const { tokens } = ctx.model;
  const names = new Set(ctx.libs.batch.transactional);
  const edits: Edit[] = [];
  let j = from + 1;
  while (tokens[j]?.value === '.') {
    const n = j + 1;
    if (tokens[n]?.type !== 'ident') break;
    let k = n + 1;
    if (tokens[k]?.value === '<') {
      const end = typeArgsEnd(tokens, k);
      if (end < 0) break;
      k = end + 1;
    }
    const transactional = names.has(tokens[n]!.value);
    if (tokens[k]?.value === '(') {
      const close = matchingBracket(tokens, k);
      const lambda = tokens[close + 1]?.value === '{';
      if (transactional && lambda) return undefined; // `.tasklet(x) { }`: not a shape to guess at
      if (transactional && callArgs(tokens, k).length === 1) edits.push({ start: tokens[close]!.start, end: tokens[close]!.start, text: `, ${tm}`, rule: RULE });
      j = close + 1;
    } else if (tokens[k]?.value === '{') {
      const close = matchingBracket(tokens, k);
      if (transactional) {
        // `.tasklet { .. }` -> `.tasklet({ .. }, tm)`: the gap before the lambda goes.
        edits.push({ start: tokens[k - 1]!.end, end: tokens[k]!.start, text: '(', rule: RULE });
        edits.push({ start: tokens[close]!.end, end: tokens[close]!.end, text: `, ${tm})`, rule: RULE });
      }
      j = close + 1;
    } else break;
    if (tokens[j]?.value === '{' && !transactional) j = matchingBracket(tokens, j) + 1; // a trailing lambda after (..)
  }
  return edits;
}
