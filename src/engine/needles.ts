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

/**
 * Where a name counts only as a name of its own: "does the text name any of these?" when some
 * needles (`words`) count only with no word character on either side (`Value` in `@Value`, not
 * in `GeneratedValue`) and the others (`anywhere`) wherever they stand, as NeedleSet finds them.
 * The words are looked for as NeedleSet does, a capitalised one by its tail from the first capital
 * (one fast alternation), the others in one of their own; each place where a tail or word starts
 * is judged for every word that can stand there.
 */
export class NameSearch {
  private readonly anywhere: NeedleSet;
  private readonly capitalised: WordIndex;
  private readonly plain: WordIndex;

  constructor(
    words: readonly string[],
    anywhere: readonly string[],
    private readonly isWordChar: (c: number) => boolean,
  ) {
    this.anywhere = new NeedleSet(anywhere);
    const unique = [...new Set(words)].filter((w) => w.length > 0);
    this.capitalised = wordIndex(unique.filter((w) => CAPITAL.test(w)).map((w) => ({ word: w, keyAt: w.search(CAPITAL) })));
    this.plain = wordIndex(unique.filter((w) => !CAPITAL.test(w)).map((w) => ({ word: w, keyAt: 0 })));
  }

  occursIn(text: string): boolean {
    return this.anywhere.test(text) || this.wordIn(text, this.capitalised) || this.wordIn(text, this.plain);
  }

  private wordIn(text: string, { keys, byFirst }: WordIndex): boolean {
    if (!keys) return false;
    keys.lastIndex = 0;
    for (let m = keys.exec(text); m; m = keys.exec(text)) {
      const q = m.index;
      for (const { word, keyAt } of byFirst.get(text.charCodeAt(q))!) {
        const at = q - keyAt;
        if (at >= 0 && text.startsWith(word, at) && !this.isWordChar(text.charCodeAt(at - 1)) && !this.isWordChar(text.charCodeAt(at + word.length))) return true;
      }
      keys.lastIndex = q + 1; // another key may start inside the one matched here
    }
    return false;
  }
}

/** Words by their key (the part from `keyAt` on, which must occur where the word does): one alternation of the keys, and the words by their key's first character. */
interface WordIndex {
  keys: RegExp | undefined;
  byFirst: Map<number, { word: string; keyAt: number }[]>;
}

function wordIndex(words: { word: string; keyAt: number }[]): WordIndex {
  const byFirst = new Map<number, { word: string; keyAt: number }[]>();
  for (const w of words) {
    const first = w.word.charCodeAt(w.keyAt);
    byFirst.set(first, [...(byFirst.get(first) ?? []), w]);
  }
  const keys = [...new Set(words.map((w) => w.word.slice(w.keyAt)))];
  return { keys: keys.length ? new RegExp(keys.map(escapeRegExp).join('|'), 'g') : undefined, byFirst };
}
