// A token-level scanner for Java and Kotlin: identifiers, punctuation, string and char literals,
// with comments, text blocks, Kotlin raw strings and string templates skipped correctly. It is
// what the sources transform uses for imports, qualified names and literal arguments: on 15k
// real Java files it found the same javax edits as a full tree-sitter parse in a quarter of the
// time (docs/sources.md). Structure (which class a constructor belongs to) is left to
// tree-sitter.
//
// "Does not parse" for this scanner means: a comment, string, char literal or text block that
// never ends, or brackets that do not balance. Such a file is reported and left untouched.

export type JvmLang = 'java' | 'kotlin';

export type TokenType = 'ident' | 'punct' | 'string' | 'char' | 'number';

export interface Token {
  type: TokenType;
  /** UTF-16 offsets into the scanned text: [start, end). */
  start: number;
  end: number;
  /** For punctuation: the character. For identifiers: the name (backticks removed). */
  value: string;
  /** Strings: the raw source text between the quotes (escapes not decoded). */
  contentStart?: number;
  contentEnd?: number;
  /** Strings: a Java text block or Kotlin raw string (`"""`). */
  block?: boolean;
  /** Strings: Kotlin `${...}` / `$name` templates inside (the content is not a plain constant). */
  templated?: boolean;
  /**
   * Strings: where each Kotlin template sits, `$` included (`${a.b}` or `$name`, the name read
   * as letters, digits and `_`). Read by `stringParts`.
   */
  templates?: { start: number; end: number }[];
}

/**
 * The scanner's tokens are made by this class, not by object literals. V8 tracks each object
 * literal's allocation site and, when a young collection finds nearly all of a site's objects
 * alive, allocates the site's later objects in the old generation. A collection that lands in the
 * middle of one file's scan finds that file's tokens alive, and the tokens of every later file
 * then went to the old generation, garbage that only a full collection frees: at 50,000 files,
 * 1 run in about 20 peaked at 317-354 MB instead of 265-288. Objects made by `new` have no
 * allocation site and are always allocated young: 100 runs, 263-286 MB (docs/performance.md).
 */
class ScannedToken implements Token {
  declare contentStart?: number;
  declare contentEnd?: number;
  declare block?: boolean;
  declare templated?: boolean;
  declare templates?: { start: number; end: number }[];
  constructor(
    readonly type: TokenType,
    readonly start: number,
    readonly end: number,
    readonly value: string,
  ) {}
}

export class ScanError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'ScanError';
  }
}

export const isIdentStart = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || c > 127;
export const isIdentPart = (c: number) => isIdentStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;

const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS = new Set([')', ']', '}']);
const CLOSES: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
/** One-character strings of ASCII, made once: punctuation tokens share them. */
const ASCII = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));

class Scanner {
  readonly tokens: Token[] = [];
  private i = 0;
  private readonly brackets: { ch: string; at: number }[] = [];

  constructor(
    private readonly text: string,
    private readonly lang: JvmLang,
  ) {}

  run(): Token[] {
    this.scanCode(false);
    if (this.brackets.length) {
      const open = this.brackets[this.brackets.length - 1]!;
      throw new ScanError(`'${open.ch}' is never closed`, open.at);
    }
    return this.tokens;
  }

  /** Scans code until the end, or (inside a Kotlin template) until its closing brace. */
  private scanCode(inTemplate: boolean): void {
    const t = this.text;
    const depthAtStart = this.brackets.length;
    const n = t.length;
    while (this.i < n) {
      const c = t.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12) {
        // a run of blanks (indentation) in a local loop: the scanner's most frequent case
        let i = this.i + 1;
        for (let b = t.charCodeAt(i); b === 32 || b === 9 || b === 10 || b === 13 || b === 12; b = t.charCodeAt(++i));
        this.i = i;
      } else if (c === 47 /* / */ && t.charCodeAt(this.i + 1) === 47) {
        const nl = t.indexOf('\n', this.i);
        this.i = nl < 0 ? t.length : nl;
      } else if (c === 47 && t.charCodeAt(this.i + 1) === 42 /* * */) {
        this.skipBlockComment();
      } else if (c === 34 /* " */) {
        this.scanString();
      } else if (c === 39 /* ' */) {
        this.scanChar();
      } else if (c === 96 /* ` */ && this.lang === 'kotlin') {
        const end = t.indexOf('`', this.i + 1);
        if (end < 0) throw new ScanError('unterminated backtick identifier', this.i);
        this.tokens.push(new ScannedToken('ident', this.i, end + 1, t.slice(this.i + 1, end)));
        this.i = end + 1;
      } else if (isIdentStart(c)) {
        const start = this.i;
        let i = start + 1;
        while (i < n && isIdentPart(t.charCodeAt(i))) i++;
        this.i = i;
        this.tokens.push(new ScannedToken('ident', start, i, t.slice(start, i)));
      } else if (isDigit(c)) {
        this.scanNumber();
      } else {
        if (inTemplate && c === 125 /* } */ && this.brackets.length === depthAtStart) {
          this.i++;
          return;
        }
        this.bracket(c);
        this.tokens.push(new ScannedToken('punct', this.i, this.i + 1, c < 128 ? ASCII[c]! : t[this.i]!));
        this.i++;
      }
    }
    if (inTemplate) throw new ScanError('unterminated string template', this.i);
  }

  /** Brackets by character code (the scanner's hot path: no lookups by string). */
  private bracket(c: number): void {
    if (c === 40 /* ( */ || c === 91 /* [ */ || c === 123 /* { */) this.brackets.push({ ch: String.fromCharCode(c), at: this.i });
    else if (c === 41 || c === 93 || c === 125) {
      const open = this.brackets.pop();
      const ch = String.fromCharCode(c);
      if (!open || OPEN[open.ch] !== ch) throw new ScanError(`unbalanced '${ch}'`, this.i);
    }
  }

  private scanNumber(): void {
    const t = this.text;
    const start = this.i;
    // Digits, letters (hex, suffixes, exponents), '_' and a '.' followed by a digit.
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      if (isIdentPart(c)) this.i++;
      else if (c === 46 && isDigit(t.charCodeAt(this.i + 1))) this.i++;
      else if ((c === 43 || c === 45) && /[eEpP]/.test(t[this.i - 1]!) && !/^0[xX]/.test(t.slice(start, this.i)))
        this.i++; // 1e-5
      else break;
    }
    this.tokens.push(new ScannedToken('number', start, this.i, t.slice(start, this.i)));
  }

  private skipBlockComment(): void {
    const t = this.text;
    const start = this.i;
    let depth = 0;
    while (this.i < t.length) {
      if (t.charCodeAt(this.i) === 47 && t.charCodeAt(this.i + 1) === 42) {
        depth++;
        this.i += 2;
        // Java block comments do not nest; Kotlin's do.
        if (this.lang === 'java') {
          const end = t.indexOf('*/', this.i);
          if (end < 0) break;
          this.i = end + 2;
          return;
        }
      } else if (t.charCodeAt(this.i) === 42 && t.charCodeAt(this.i + 1) === 47) {
        depth--;
        this.i += 2;
        if (depth === 0) return;
      } else this.i++;
    }
    throw new ScanError('unterminated block comment', start);
  }

  private scanChar(): void {
    const t = this.text;
    const start = this.i;
    this.i++;
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      if (c === 92 /* \ */) this.i += 2;
      else if (c === 39) {
        this.i++;
        this.tokens.push(new ScannedToken('char', start, this.i, t.slice(start, this.i)));
        return;
      } else if (c === 10) break;
      else this.i++;
    }
    throw new ScanError('unterminated char literal', start);
  }

  private scanString(): void {
    const t = this.text;
    const start = this.i;
    const block = t.startsWith('"""', this.i);
    this.i += block ? 3 : 1;
    const contentStart = this.i;
    let templated = false;
    const templates: { start: number; end: number }[] = [];
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      if (block && c === 34 && t.startsWith('"""', this.i)) {
        // Kotlin raw strings may end with more quotes: """a"""" is `a"`.
        let end = this.i + 3;
        while (this.lang === 'kotlin' && t.charCodeAt(end) === 34) end++;
        const contentEnd = end - 3;
        this.i = end;
        this.push(start, contentStart, contentEnd, block, templated, templates);
        return;
      }
      if (!block && c === 34) {
        this.i++;
        this.push(start, contentStart, this.i - 1, block, templated, templates);
        return;
      }
      if (!block && c === 10) break;
      // Escapes: always in Java; in Kotlin only in ordinary strings (raw strings have none).
      if (c === 92 && (this.lang === 'java' || !block)) {
        this.i += 2;
        continue;
      }
      if (this.lang === 'kotlin' && c === 36 /* $ */ && t.charCodeAt(this.i + 1) === 123 /* { */) {
        templated = true;
        const at = this.i;
        this.i += 2;
        this.scanCode(true);
        templates.push({ start: at, end: this.i });
        continue;
      }
      if (this.lang === 'kotlin' && c === 36 && isIdentStart(t.charCodeAt(this.i + 1))) {
        templated = true;
        const name = /^[A-Za-z_]\w*/.exec(t.slice(this.i + 1, this.i + 256));
        if (name) templates.push({ start: this.i, end: this.i + 1 + name[0].length });
      }
      this.i++;
    }
    throw new ScanError(block ? 'unterminated text block' : 'unterminated string literal', start);
  }

  private push(start: number, contentStart: number, contentEnd: number, block: boolean, templated: boolean, templates: Token['templates'] & {}): void {
    const tok = new ScannedToken('string', start, this.i, '');
    tok.contentStart = contentStart;
    tok.contentEnd = contentEnd;
    if (block) tok.block = true;
    if (templated) tok.templated = true;
    if (templates.length) tok.templates = templates;
    // Template tokens were pushed while scanning the string; keep the token list in order by
    // inserting the string before them. (Template code is rarely relevant; its tokens stay.)
    let at = this.tokens.length;
    while (at > 0 && this.tokens[at - 1]!.start > start) at--;
    this.tokens.splice(at, 0, tok);
  }
}

/** Tokens of a Java or Kotlin source; throws ScanError when the text does not scan. */
export function scanJvm(text: string, lang: JvmLang): Token[] {
  return new Scanner(text, lang).run();
}

/** The index of the token that closes the bracket opened at tokens[open], or -1. */
export function matchingBracket(tokens: readonly Token[], open: number): number {
  const o = tokens[open]!.value;
  const c = OPEN[o];
  if (!c) return -1;
  let depth = 0;
  for (let k = open; k < tokens.length; k++) {
    const tok = tokens[k]!;
    if (tok.type !== 'punct') continue;
    if (OPEN[tok.value]) depth++;
    else if (CLOSERS.has(tok.value) && --depth === 0) return k;
  }
  return -1;
}

/** The index of the token that opens the bracket closed at tokens[close] (walking back), or -1. */
export function openingBracket(tokens: readonly Token[], close: number): number {
  const closer = tokens[close]!.value;
  const want = CLOSES[closer];
  let depth = 0;
  for (let j = close; j >= 0; j--) {
    const v = tokens[j]!;
    if (v.type !== 'punct') continue;
    if (v.value === closer) depth++;
    else if (v.value === want && --depth === 0) return j;
  }
  return -1;
}

/** The index of the nearest `open` bracket before tokens[at] that is still open there (encloses it), or -1. */
export function enclosingBracket(tokens: readonly Token[], at: number, open: '(' | '[' | '{'): number {
  const close = OPEN[open];
  let depth = 0;
  for (let j = at - 1; j >= 0; j--) {
    const v = tokens[j]!;
    if (v.type !== 'punct') continue;
    if (v.value === close) depth++;
    else if (v.value === open) {
      if (depth === 0) return j;
      depth--;
    }
  }
  return -1;
}

// Type arguments: `<` and `>` are not brackets to the scanner (they are also comparisons and
// arrows); a reader that knows it stands on type arguments pairs them by count alone.

/** The `>` closing the `<` at tokens[open], or -1. */
export function matchingAngle(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let j = open; j < tokens.length; j++) {
    if (tokens[j]!.value === '<') depth++;
    else if (tokens[j]!.value === '>' && --depth === 0) return j;
  }
  return -1;
}

/** The `<` opening the `>` at tokens[close], looked for back to tokens[lowest], or -1. */
export function openingAngle(tokens: readonly Token[], close: number, lowest = 0): number {
  let depth = 0;
  for (let j = close; j >= lowest; j--) {
    if (tokens[j]!.value === '>') depth++;
    else if (tokens[j]!.value === '<' && --depth === 0) return j;
  }
  return -1;
}
