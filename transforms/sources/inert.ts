// A sharper prefilter for Java sources, and a short way through the pass for the commonest file.
// The substring prefilter lets through every file that names `javax` anywhere, and most do where
// no rule looks: a JDK package that stays (`javax.sql.DataSource`), a comment, a sentence in a
// string. Such a file paid the whole pass: tokens, model, every rule, for nothing. This walks the
// text once with the scanner's lexical rules (src/formats/java-regions.ts: no tokens) and judges
// every `javax`:
// - in a comment: inert (no rule of the pass reads comments);
// - in a string literal that is not a moved javax name (nor `{…}` around one): inert, which is
//   all sources/jakarta-string reads;
// - `javax.a.B` in code, not after a dot, naming a package the table keeps (fate `stay`): inert;
// - `javax.a.B` in code heading its name, where the table moves the package: the pass would make
//   exactly one edit of it (names.ts jakartaEdit), and nothing else of the pass reads it.
// So a file naming no other needle, whose every `javax` is one of those, gets its verdict here:
// inert (nothing to do), or the pass's whole answer, the jakarta edits of its javax names, made
// by the pass's own movedPackageEdit on the same chains. That is most changed Java files of a real
// migration (imports of persistence, servlet, validation), and 1,071 of the 10k bench's 1,490.
// Anything else (another needle or a library needle anywhere, a javax the walk cannot place as
// the scanner would, a file that also names `jakarta`, a text the scanner would refuse: the pass
// reports those) goes to the whole pass.
// test/inert.test.ts runs the whole pass on every fixture source this judges, on real and
// generated ones, and holds the verdicts to its answers.
import type { Edit } from '../../src/engine/types.js';
import { isIdentPart, isIdentStart, type Token } from '../../src/formats/jvm-tokens.js';
import { walkJavaRegions } from '../../src/formats/java-regions.js';
import { codeIndex, javaxFate, type CodeIndex } from './model.js';
import { rememberedPerTable } from '../../src/table/load.js';
import type { MigrationTable } from '../../src/table/types.js';
import { movedPackageEdit } from './names.js';
import type { PrefilterNeedles } from './jvm-pass.js';
import { movedLiteral } from './strings.js';

/**
 * What the walk makes of a Java text: `inert` (the pass has nothing to do), `pass` (the whole
 * pass decides), or the whole pass's answer: these edits and no finding.
 */
export type JavaxVerdict = 'inert' | 'pass' | Edit[];

const isBlank = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;

/**
 * Where the dotted name read from `at` in code ends (identifiers, blanks around the dots as the
 * scanner allows them, a closing `.*`), or -1 when something else follows a dot.
 */
function chainEnd(text: string, at: number): number {
  let i = at;
  for (;;) {
    const start = i;
    while (i < text.length && isIdentPart(text.charCodeAt(i))) i++;
    if (i === start) return -1;
    let j = i;
    while (isBlank(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) !== 46 /* . */) return i;
    j++;
    while (isBlank(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) === 42 /* * */) return j + 1;
    if (!isIdentStart(text.charCodeAt(j))) return -1; // a comment or anything unusual: let the pass decide
    i = j;
  }
}

/** The identifier tokens of a dotted name's text (what chainEnd read), at offsets in that text. */
function chainTokens(name: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < name.length; ) {
    const start = i;
    while (i < name.length && isIdentPart(name.charCodeAt(i))) i++;
    if (i > start) tokens.push({ type: 'ident', start, end: i, value: name.slice(start, i) });
    else i++;
  }
  return tokens;
}

/** The judgement of one `javax` name in code: it stays (no edit), this edit, or undefined (the pass decides). */
const STAYS = 'stays';
type Judged = Edit | typeof STAYS | undefined;

/**
 * What a dotted name's text means wherever it stands, its edit at offsets in that text: the same
 * few imports recur in every file, so each is judged once per table.
 */
function judgeName(table: MigrationTable, name: string): Judged {
  return rememberedPerTable(table, 'sources/javax-names', name, (t, n) => judgeNameNow(codeIndex(t), n));
}

function judgeNameNow(idx: CodeIndex, name: string): Judged {
  const tokens = chainTokens(name);
  const wildcard = name.endsWith('*');
  if (tokens[0]?.value !== 'javax' || tokens.length < 2) return undefined;
  const parts = tokens.map((t) => t.value);
  const fate = javaxFate(idx, parts, wildcard);
  if (fate?.kind === 'stay') return STAYS;
  if (fate?.kind !== 'move' || wildcard) return undefined; // a wildcard may split (names.ts splitWildcard)
  return movedPackageEdit({ tokens, first: 0, last: 0, afterDot: false, wildcard: false }, parts, fate.newPackage);
}

/**
 * Judges the `javax` at `at` in code, in the stretch of code that starts at `codeStart` (after
 * the last comment or literal). A name whose package stays is inert wherever it sits. One that
 * moves gets its edit only where it surely heads the scanner's chain: not inside a name or after
 * a dot, nor next to a comment (the scanner reads `a. /* c *\/ javax.b` as one chain), nor the
 * file's own `package`.
 */
function javaxInCode(table: MigrationTable, text: string, at: number, codeStart: number): Judged {
  if (at > 0 && (isIdentPart(text.charCodeAt(at - 1)) || text.charCodeAt(at - 1) === 46)) return undefined; // inside a name, or a member
  let k = at - 1;
  while (k >= 0 && isBlank(text.charCodeAt(k))) k--;
  if (text.charCodeAt(k) === 46) return undefined; // `x . javax`
  const end = chainEnd(text, at);
  if (end < 0) return undefined;
  const judged = judgeName(table, text.slice(at, end));
  if (judged === undefined || judged === STAYS) return judged;
  if (k < codeStart && codeStart > 0) return undefined; // a comment or literal right before
  if (k >= 6 && text.startsWith('package', k - 6) && !isIdentPart(text.charCodeAt(k - 7))) return undefined;
  let j = end;
  while (isBlank(text.charCodeAt(j))) j++;
  if (text.charCodeAt(j) === 47 /* / */ && (text.charCodeAt(j + 1) === 47 || text.charCodeAt(j + 1) === 42)) return undefined; // a comment may hide a dot
  return { start: at + judged.start, end: at + judged.end, text: judged.text, rule: judged.rule };
}

/**
 * The verdict on a Java text (see the top of the file). The other needles first: a library
 * module's name anywhere, or a rule's name as a name of its own (`Value`, not the `Value` of
 * `GeneratedValue`: the rules read tokens and chains, never part of a name), anywhere, even in a
 * comment, leaves the file to the pass; one search is cheaper than placing each hit.
 */
export function javaxVerdict(table: MigrationTable, text: string, needles: Pick<PrefilterNeedles, 'butJavax' | 'butJavaxAsRead'>): JavaxVerdict {
  if (needles.butJavax.test(text) && needles.butJavaxAsRead.occursIn(text)) return 'pass';
  const edits: Edit[] = [];
  // each `javax` judged where the walk over the regions meets it: in code before a region, or
  // inside one; the walk stops at the first the pass must judge
  let at = text.indexOf('javax');
  let codeStart = 0;
  const nextJavax = () => (at = text.indexOf('javax', at + 5));
  const judgeCode = (before: number) => {
    for (; at >= 0 && at < before; nextJavax()) {
      const judged = javaxInCode(table, text, at, codeStart);
      if (judged === undefined) return false;
      if (judged === STAYS) continue;
      // a file naming jakarta too may import one spec from both (names.ts mixedSpecs): the pass reports that
      if (!edits.length && text.includes('jakarta')) return false;
      edits.push(judged);
    }
    return true;
  };
  const walk = walkJavaRegions(text, (start, end, region, content) => {
    if (!judgeCode(start)) return false;
    codeStart = end;
    if (at < 0 || at >= end) return true;
    if (region === 'other-literal') return false; // a char literal or a text block: the pass decides
    if (region === 'string' && movedLiteral(codeIndex(table), text.slice(content, end - 1))) return false;
    while (at >= 0 && at < end) nextJavax();
    return true;
  });
  if (walk !== 'done' || !judgeCode(text.length)) return 'pass';
  return edits.length ? edits : 'inert';
}
