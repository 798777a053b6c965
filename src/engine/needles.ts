// "Does this text contain any of these strings?" for a few hundred literal needles (the Java
// pass's prefilter: every type, member and package name of the table's code rows). One regex
// alternation of them all answers it, but slowly once needles that start with a lower-case
// letter (`getProperty`, `write`, `apache`) join the capitalised type names: V8's regex engine
// skips ahead by the characters a match can start with, and with most lower-case letters among
// them it tries nearly every position. On the 10k bench the one alternation scanned 18 MB of
// Java in 45 ms; capitalised needles alone took 9 ms.
//
// So a needle with a capital letter is looked for by its tail from that capital (`Property` for
// `getProperty`: the needle cannot occur without it), all tails in one alternation that starts
// at a capital; only a text where a tail occurs is searched for the whole needles. Needles
// without a capital have an alternation of their own. The answer is the one alternation's,
// exactly (test/needles.test.ts).
import { escapeRegExp } from './text.js';

const CAPITAL = /[A-Z]/;

/** The needles without any that contains another: a text holding one of those holds the other too. */
function shortest(needles: readonly string[]): string[] {
  const unique = [...new Set(needles)];
  return unique.filter((n) => !unique.some((other) => other !== n && n.includes(other)));
}

function alternation(words: readonly string[]): RegExp | undefined {
  return words.length ? new RegExp(words.map(escapeRegExp).join('|')) : undefined;
}

export class NeedleSet {
  /** Tails from the first capital of each capitalised needle: one must occur for the needle to. */
  private readonly tails: RegExp | undefined;
  /** The capitalised needles themselves, asked only of a text where a tail occurs. */
  private readonly capitalised: RegExp | undefined;
  /** Needles without a capital letter. */
  private readonly plain: RegExp | undefined;

  constructor(needles: readonly string[]) {
    const words = shortest(needles); // an empty needle leaves only itself, which every text holds
    const capitalised = words.filter((w) => CAPITAL.test(w));
    this.capitalised = alternation(capitalised);
    this.tails = alternation(shortest(capitalised.map((w) => w.slice(w.search(CAPITAL)))));
    this.plain = alternation(words.filter((w) => !CAPITAL.test(w)));
  }

  /**
   * True when the text contains at least one of the needles. The plain needles first: the
   * pass's `javax` is one, and most Java files name it in their first lines.
   */
  test(text: string): boolean {
    if (this.plain?.test(text)) return true;
    return !!this.tails?.test(text) && this.capitalised!.test(text);
  }
}
