// Plans the edits for one YAML document: key renames in place, moves of whole blocks or single
// leaves to their 3.0 path (merged into the maps that already exist there), value changes,
// conversions, and findings for what must not be guessed. Every edit is a splice on the
// original text; a move that cannot be made with certainty this round is left for the next
// round (the engine re-runs the pass) or reported.
import { isAlias } from '../../src/formats/yaml-lib.js';
import type { Edit, FindingInput } from '../../src/engine/types.js';
import type { Lines, YamlDoc, YamlFile, YamlMap, YamlPair } from '../../src/formats/yaml.js';
import { pairEnd, scalarText } from '../../src/formats/yaml.js';
import { convertValue } from '../../src/properties/conversions.js';
import type { PresentKey } from '../../src/properties/conversions.js';
import { canonicalSegment, isProfileSpecificForbidden, keptKeySeverity, removalWords, resolveKey, RULES, splitKey, subtreeMove, valueChanges, type KeyRule } from '../../src/properties/resolve.js';
import type { PropertyConversion, PropertyRemoval } from '../../src/table/sections/properties.js';
import type { MigrationTable } from '../../src/table/types.js';
import { blockEnd, blockStart, indentStep, mapEnd, mapIndent, shiftLines, shiftText } from './blocks.js';
import { listScalars, plainValue, scalarItems, valueEdit } from './values.js';
import type { ValueItem } from './values.js';
import { appendAll } from '../../src/engine/edits.js';
import { LIBRARY_CONFIG_RULES, meterNameConflict, NO_LIBRARY_CONTEXT, type LibraryConfigContext } from '../../src/properties/library-config.js';
import { dialectValue, openfeignKeyRule, springfoxKeyRule } from './library-config.js';

export const YAML_RULES = {
  targetExists: 'yaml/target-exists',
  flowStyle: 'yaml/flow-style',
  anchor: 'yaml/anchor',
  layout: 'yaml/layout',
  profileSpecific: 'properties/profile-specific',
} as const;

const canonCache = new Map<string, string>();

/** Canonical form of a segment keeping its index (`nodes[0]`), for comparing paths (memoized: keys repeat across files). */
function canonSeg(seg: string): string {
  let c = canonCache.get(seg);
  if (c === undefined) {
    const bracket = seg.indexOf('[');
    c = canonicalSegment(seg) + (bracket >= 0 ? seg.slice(bracket) : '');
    if (canonCache.size < 100_000) canonCache.set(seg, c);
  }
  return c;
}

function canon(path: readonly string[]): string {
  return path.map(canonSeg).join('.');
}

function isBelow(path: string, prefix: string): boolean {
  return path.startsWith(prefix + '.') || path.startsWith(prefix + '[');
}

interface Move {
  pair: YamlPair;
  target: string[];
  rule: string;
  /** New value text for the pair (conversions), replacing [start, end). */
  value?: ValueItem;
  /** Other pairs the move deletes (keys a conversion merged into this one). */
  consumed: YamlPair[];
}

interface TrieNode {
  name: string;
  children: Map<string, TrieNode>;
  leaf?: { move: Move; flat: boolean };
}

/** Pairs going into one existing map, as a tree of the maps to create, inserted as one edit. */
interface Insertion {
  host: YamlMap;
  offset: number;
  root: TrieNode;
}

type Outcome = 'done' | 'busy' | { rule: string; message: string };

const ANCHOR_HAZARD: Outcome = { rule: YAML_RULES.anchor, message: 'an anchor or alias is involved and moving the lines could change what an alias means; move it by hand' };

export interface PlanOutput {
  edits: Edit[];
  findings: FindingInput[];
  /**
   * The next round may do more: a move or value edit put off (its place was taken), a move
   * blocked or reported instead of made, a conversion reported. The engine then runs another.
   */
  postponed?: boolean;
}

export class DocPlanner {
  private readonly lines: Lines;
  private readonly text: string;
  private readonly removed = new Map<YamlPair, string>();
  private readonly claimed = new Set<string>();
  private readonly insertions = new Map<YamlMap, Insertion>();
  private readonly taken: [number, number][] = [];
  private readonly points: number[] = [];
  private readonly conversions = new Map<PropertyConversion, YamlPair[]>();
  /**
   * The rule of the lines inserted at each offset: one insertion edit per offset carries the
   * moves of one rule, so its rule names them all (another rule's move into the same place waits
   * for the next round). Moves of different rules elsewhere in the document go in the same
   * round: each round re-parses the document, and most files carry moves of several rules.
   */
  private readonly insertionRule = new Map<number, string>();
  private profileDoc = false;

  constructor(
    file: YamlFile,
    private readonly doc: YamlDoc,
    private readonly table: MigrationTable,
    private readonly eol: string,
    private readonly profileFile: boolean,
    private readonly out: PlanOutput,
    private readonly wanted: (rule: string) => boolean = () => true,
    private readonly libs: LibraryConfigContext = NO_LIBRARY_CONTEXT,
  ) {
    this.lines = file.lines;
    this.text = file.text;
  }

  run(): void {
    const root = this.doc.root;
    if (!root) return;
    this.profileDoc = this.profileFile || this.doc.pairs.some((p) => this.isProfileMarker(p));
    for (const pair of root.pairs) this.visit(pair);
    for (const [row, pairs] of this.conversions) this.convert(row, pairs);
    this.emitRemovals(root);
    this.emitInsertions();
  }

  private isProfileMarker(pair: YamlPair): boolean {
    const c = canon(pair.path);
    return c === 'spring.config.activate.onprofile' || (c === 'spring.profiles' && !pair.child);
  }

  private finding(pair: YamlPair, rule: string, severity: FindingInput['severity'], message: string, offset = pair.key.range![0], docs = this.table.docs?.guide): void {
    this.out.findings.push({ rule, severity, message, offset, docs });
  }

  private visit(pair: YamlPair): void {
    if (pair.child) {
      const mv = subtreeMove(this.table, pair.path.join('.'));
      if (mv && this.tryMove({ pair, target: splitKey(mv.to), rule: mv.rule, consumed: [] }, 'block')) return;
      for (const p of pair.child.pairs) this.visit(p);
      return;
    }
    if (isAlias(pair.value) && subtreeMove(this.table, pair.path.join('.'))) {
      this.finding(pair, YAML_RULES.anchor, 'warning', `${pair.path.join('.')} is an alias (*${pair.value.source}) of a map whose keys move in 3.0; write the keys out under the new path by hand`);
      this.out.postponed = true;
      return;
    }
    if (this.leaf(pair)) return;
    for (const item of pair.itemMaps) for (const p of item.pairs) this.visit(p);
  }

  private reportRemoved(pair: YamlPair, row: PropertyRemoval): void {
    const hint = row.hint ? ` Consider ${row.hint}.` : '';
    this.finding(pair, RULES.removed, keptKeySeverity(row.level), `${pair.path.join('.')} ${removalWords(row)}: ${row.reason}${hint}`, pair.key.range![0], row.docs);
  }

  /** Rules for a key whose value is not a map. True when the pair was moved (do not look below it). */
  private leaf(pair: YamlPair): boolean {
    const key = pair.path.join('.');
    if (this.profileDoc && isProfileSpecificForbidden(this.table, key)) {
      this.finding(pair, YAML_RULES.profileSpecific, 'error', `${key} is not allowed in a profile-specific document in Spring Boot 3.0; set it in the main document or use profile groups`);
    }
    const changes = valueChanges(this.table, key);
    if (changes.length > 0) this.changeValues(pair, key, changes);
    this.changeDialect(pair, key);
    const rule = this.meterNamed(pair, key, resolveKey(this.table, key)) ?? this.springfox(pair, key) ?? this.openfeign(pair, key);
    if (!rule) return false;
    if (rule.kind === 'rename') return this.tryMove({ pair, target: splitKey(rule.to), rule: rule.rule, consumed: [] }, 'leaf');
    if (rule.kind === 'remove') this.reportRemoved(pair, rule.row);
    else this.conversions.set(rule.row, [...(this.conversions.get(rule.row) ?? []), pair]);
    return false;
  }

  // ---- values ---------------------------------------------------------------------------

  private changeValues(pair: YamlPair, key: string, changes: ReturnType<typeof valueChanges>): void {
    for (const scalar of listScalars(pair)) {
      const items = scalarItems(this.text, scalar);
      if (!items) {
        const words = String(scalar.source ?? '').toLowerCase().split(/[\s,]+/);
        const hit = changes.find((c) => words.includes(c.from));
        if (hit) this.finding(pair, RULES.value, 'warning', `${key} lists '${hit.from}' in a layout that is not changed automatically; ${hit.to ? `rename it to '${hit.to}'` : 'remove it'}`, scalar.range![0]);
        continue;
      }
      for (const item of items) {
        const change = changes.find((c) => c.from === item.text.toLowerCase());
        if (!change) continue;
        if (change.to === null) {
          this.finding(pair, RULES.value, 'warning', `${key}: the '${item.text}' endpoint no longer exists in Spring Boot 3.0; remove it`, item.start);
        } else if (this.reserve([[item.start, item.end]], [])) {
          this.out.edits.push({ start: item.start, end: item.end, text: change.to, rule: RULES.value });
        } else this.out.postponed = true;
      }
    }
  }

  /** A Hibernate dialect class that 6.1 lacks: the value is rewritten, or reported. */
  private changeDialect(pair: YamlPair, key: string): void {
    const change = dialectValue(this.table, this.text, pair, key, this.libs);
    if (!change) return;
    if (change.edit && this.reserve([[change.edit.start, change.edit.end]], [])) {
      this.out.edits.push({ ...change.edit, rule: LIBRARY_CONFIG_RULES.dialect });
    } else if (change.edit) {
      this.out.postponed = true; // another edit holds the value this round; the next round sees it again
      return;
    }
    this.finding(pair, LIBRARY_CONFIG_RULES.dialect, change.severity, change.message, pair.key.range![0], change.docs);
  }

  /** A rename to a meter's default name, in a project that names the meter otherwise: reported, not made. */
  private meterNamed(pair: YamlPair, key: string, rule: KeyRule | undefined): KeyRule | undefined {
    if (rule?.kind !== 'rename' || !('meter' in rule.row)) return rule;
    const conflict = meterNameConflict(rule.row, key, this.libs);
    if (!conflict) return rule;
    this.finding(pair, RULES.removed, 'warning', conflict);
    return undefined;
  }

  /** A Spring Cloud OpenFeign 3.1 key: a rename to its 4.0 key when the build has OpenFeign, else reported. */
  private openfeign(pair: YamlPair, key: string): ReturnType<typeof openfeignKeyRule>['rule'] {
    const { rule, report, docs } = openfeignKeyRule(this.table, key, this.libs, pair);
    if (report) this.finding(pair, LIBRARY_CONFIG_RULES.openfeign, 'warning', report, pair.key.range![0], docs);
    return rule;
  }

  /** A springfox key: a rename when springdoc has the same key and the build has springdoc, else reported. */
  private springfox(pair: YamlPair, key: string): ReturnType<typeof springfoxKeyRule>['rule'] {
    const { rule, report } = springfoxKeyRule(this.table, key, this.libs);
    if (report) this.finding(pair, LIBRARY_CONFIG_RULES.springfox, 'warning', report, pair.key.range![0], this.table.libraryConfig?.springfox.source);
    return rule;
  }

  // ---- conversions -----------------------------------------------------------------------

  private convert(row: PropertyConversion, pairs: YamlPair[]): void {
    // reported instead of converted: the keys present may differ once this round's moves are made
    const reported = () => void (this.out.postponed = true);
    const present: PresentKey[] = [];
    for (const pair of pairs) {
      const value = plainValue(pair);
      const key = row.from.find((f) => canon(splitKey(f)) === canon(pair.path)) ?? row.from[0]!;
      if (value === undefined) {
        this.finding(pair, RULES.convert, keptKeySeverity(row.level), `${pair.path.join('.')} -> ${row.to}: the value is not a plain scalar or list; change it by hand. ${row.reason}`);
        return reported();
      }
      present.push({ key, value });
    }
    const outcome = convertValue(row, present);
    if (outcome.kind === 'report') {
      for (const pair of pairs) this.finding(pair, RULES.convert, keptKeySeverity(row.level), outcome.message);
      return reported();
    }
    const consumed = new Set(outcome.consumed.map((k) => canon(splitKey(k))));
    const first = pairs.find((p) => consumed.has(canon(p.path))) ?? pairs[0]!;
    const value = valueEdit(this.text, first, outcome.value);
    if (value === 'uncertain') {
      this.finding(first, RULES.convert, keptKeySeverity(row.level), `${first.path.join('.')} -> ${outcome.key}: the value's layout cannot be rewritten with certainty; set ${outcome.key}: ${outcome.value} by hand`);
      return reported();
    }
    const others = pairs.filter((p) => p !== first && consumed.has(canon(p.path)));
    this.tryMove({ pair: first, target: splitKey(outcome.key), rule: RULES.convert, value, consumed: others }, 'leaf');
  }

  // ---- moves -----------------------------------------------------------------------------

  /** Moves a pair to `target`. For a block, false means "move its keys one by one instead". */
  private tryMove(move: Move, mode: 'block' | 'leaf'): boolean {
    // a move not made this round may be made, or met differently, in the next: what stood in the
    // way (a key at the target, a flow map, another move's lines) may have moved meanwhile
    const postponedBefore = this.out.postponed;
    this.out.postponed = true;
    // A rule the run does not select must not hold the round's one structural rule (it would starve the others).
    if (!this.wanted(move.rule)) return mode === 'leaf';
    const from = move.pair.path.join('.');
    const to = move.target.join('.');
    const sources = [move.pair, ...move.consumed];
    if (this.conflicts(move.target, sources)) {
      if (mode === 'block') return false;
      this.finding(move.pair, YAML_RULES.targetExists, 'warning', `${from} -> ${to}: ${to} is already set in this document; left as is, merge the two by hand`);
      return true;
    }
    const outcome = this.place(move);
    if (outcome === 'done') {
      this.claimed.add(canon(move.target));
      this.out.postponed = postponedBefore;
    } else if (outcome !== 'busy') this.finding(move.pair, outcome.rule, 'warning', `${from} -> ${to}: ${outcome.message}`);
    return true;
  }

  private within(p: YamlPair, x: YamlPair): boolean {
    if (p === x) return true;
    return p.key.range![0] > x.key.range![0] && p.key.range![0] < pairEnd(x);
  }

  /** The target (or a key below it) is already set, or a scalar sits where a map must go. */
  private conflicts(target: string[], sources: YamlPair[]): boolean {
    const t = canon(target);
    for (const p of this.doc.pairs) {
      if (sources.some((s) => this.within(p, s))) continue;
      const c = canon(p.path);
      if (c === t || isBelow(c, t)) return true;
      if (t.startsWith(c + '.') && !p.child) return true;
    }
    for (const c of this.claimed) if (c === t || isBelow(c, t) || isBelow(t, c)) return true;
    return false;
  }

  /**
   * Would moving the pair change what an alias means? Always when the pair sits in an aliased map
   * (the alias would lose the key). Lines moved to `offset` (undefined: the key stays in place)
   * keep their aliases working when each alias still comes after its anchor.
   */
  private anchorHazard(pair: YamlPair, offset?: number): boolean {
    if (this.aliasedChain(pair.map)) return true;
    if (offset === undefined) return false;
    const [start, end] = this.removal(pair);
    if (offset === start) return false; // replaced where it stands: the order of lines is kept
    const inside = (o: number) => o >= start && o < end;
    for (const alias of this.doc.aliases.filter((a) => inside(a.offset))) {
      const anchor = this.doc.anchors.filter((a) => a.name === alias.name && a.offset < alias.offset).pop();
      if (anchor && !inside(anchor.offset) && anchor.offset >= offset) return true;
    }
    for (const anchor of this.doc.anchors.filter((a) => inside(a.offset))) {
      if (this.doc.aliases.some((a) => a.name === anchor.name && !inside(a.offset) && a.offset > anchor.offset && a.offset < offset)) return true;
    }
    return false;
  }

  /** Is `map`, or a map around it, anchored and aliased somewhere in the document? */
  private aliasedChain(map: YamlMap): boolean {
    const aliased = new Set(this.doc.aliases.map((a) => a.name));
    for (let m: YamlMap | undefined = map; m; m = m.owner?.map) {
      if (m.node.anchor && aliased.has(m.node.anchor)) return true;
    }
    return false;
  }

  /** Claims text ranges and insertion points for one move; false when they touch another move's. */
  private reserve(ranges: [number, number][], points: number[]): boolean {
    for (const [s, e] of ranges) {
      if (this.taken.some(([ts, te]) => s < te && ts < e)) return false;
      if (this.points.some((p) => s < p && p < e)) return false;
    }
    for (const p of points) if (this.taken.some(([ts, te]) => ts < p && p < te)) return false;
    appendAll(this.taken, ranges);
    appendAll(this.points, points);
    return true;
  }

  private removal(pair: YamlPair): [number, number] {
    return [blockStart(this.lines, pair), blockEnd(this.lines, pair)];
  }

  private place(move: Move): Outcome {
    const pair = move.pair;
    const parentPath = pair.map.path;
    const target = move.target;
    const inParent = parentPath.length < target.length && canon(target.slice(0, parentPath.length)) === canon(parentPath);
    const rest = inParent ? target.slice(parentPath.length) : undefined;
    const flat = pair.keySegs.length > 1;
    if (move.consumed.some((p) => !p.lineOwned)) return { rule: YAML_RULES.layout, message: 'a key to merge shares its line with other content; change it by hand' };
    if (rest && (rest.length === 1 || flat || pair.map.flow)) return this.renameInPlace(move, rest);
    if (!pair.lineOwned) {
      return pair.map.flow
        ? { rule: YAML_RULES.flowStyle, message: 'the key sits in a flow mapping ({...}) that cannot take the new path with certainty; change it by hand' }
        : { rule: YAML_RULES.layout, message: 'the key shares its line with a sequence dash or other content; move it by hand' };
    }
    const host = this.findHost(target, [pair, ...move.consumed]);
    if (host.map.flow) return { rule: YAML_RULES.flowStyle, message: 'the target map is written in flow style ({...}); move it by hand' };
    // keys moved into an anchored map would appear at every alias of it
    if (this.aliasedChain(host.map)) return ANCHOR_HAZARD;
    const remaining = target.slice(host.depth);
    if (remaining.length === 0) return { rule: YAML_RULES.targetExists, message: 'the target already exists' };
    const removals = [this.removal(pair), ...move.consumed.map((p) => this.removal(p))];
    const existing = this.insertions.get(host.map);
    const atSource = host.map === pair.map;
    const offset = existing?.offset ?? (atSource ? removals[0]![0] : mapEnd(this.lines, host.map));
    const owner = this.insertionRule.get(offset);
    if (owner !== undefined && owner !== move.rule) return 'busy';
    if ([pair, ...move.consumed].some((p) => this.anchorHazard(p, offset))) return ANCHOR_HAZARD;
    if (!this.reserve(removals, [offset])) return 'busy';
    this.insertionRule.set(offset, move.rule);
    const insertion = existing ?? { host: host.map, offset, root: { name: '', children: new Map() } };
    this.insertions.set(host.map, insertion);
    this.addToTrie(insertion.root, flat ? [remaining.join('.')] : remaining, { move, flat });
    this.removed.set(pair, move.rule);
    for (const p of move.consumed) this.removed.set(p, move.rule);
    return 'done';
  }

  /** The key stays where it is: only its text changes (or, in flow style, it is wrapped in new maps). */
  private renameInPlace(move: Move, rest: string[]): Outcome {
    const pair = move.pair;
    const key = pair.key.range!;
    const edits: Edit[] = [];
    if (rest.length === 1 || pair.keySegs.length > 1) {
      edits.push({ start: key[0], end: key[1], text: scalarText(rest.join('.'), pair.key.type), rule: move.rule });
    } else {
      const clash = pair.map.pairs.some((o) => o !== pair && canonSeg(o.keySegs[0]!) === canonSeg(rest[0]!));
      if (clash) return { rule: YAML_RULES.flowStyle, message: `the flow mapping ({...}) already has a '${rest[0]}' key; merge by hand` };
      const open = rest.slice(0, -1).map((s) => `${scalarText(s)}: { `).join('');
      const valueEnd = pair.value?.range ? pair.value.range[1] : key[1];
      edits.push({ start: key[0], end: key[1], text: open + scalarText(rest[rest.length - 1]!, pair.key.type), rule: move.rule });
      edits.push({ start: valueEnd, end: valueEnd, text: ' }'.repeat(rest.length - 1), rule: move.rule });
    }
    if (move.value) edits.push({ ...move.value, rule: move.rule });
    if ([pair, ...move.consumed].some((p) => this.anchorHazard(p))) return ANCHOR_HAZARD;
    const removals = move.consumed.map((p) => this.removal(p));
    const ranges = edits.filter((e) => e.end > e.start).map((e): [number, number] => [e.start, e.end]);
    const points = edits.filter((e) => e.end === e.start).map((e) => e.start);
    if (!this.reserve([...ranges, ...removals], points)) return 'busy';
    appendAll(this.out.edits, edits);
    for (const p of move.consumed) this.removed.set(p, move.rule);
    return 'done';
  }

  /** The deepest map that exists along the target path (outside the pairs being moved). */
  private findHost(target: string[], sources: YamlPair[]): { map: YamlMap; depth: number } {
    let map = this.doc.root!;
    let depth = 0;
    for (;;) {
      let best: YamlPair | undefined;
      for (const p of map.pairs) {
        if (!p.child || sources.some((s) => this.within(p, s))) continue;
        const n = p.keySegs.length;
        if (depth + n >= target.length) continue;
        if (canon(p.keySegs) !== canon(target.slice(depth, depth + n))) continue;
        if (!best || n > best.keySegs.length) best = p;
      }
      if (!best) return { map, depth };
      map = best.child!;
      depth += best.keySegs.length;
    }
  }

  private addToTrie(root: TrieNode, path: string[], leaf: TrieNode['leaf']): void {
    let node = root;
    for (const name of path) {
      const c = canonSeg(name);
      let next = node.children.get(c);
      if (!next) {
        next = { name, children: new Map() };
        node.children.set(c, next);
      }
      node = next;
    }
    node.leaf = leaf;
  }

  // ---- emitting --------------------------------------------------------------------------

  /** Removes the key line of every map the moves left empty, then the moved pairs' own lines. */
  private emitRemovals(root: YamlMap): void {
    this.sweepEmptied(root);
    for (const [pair, rule] of this.removed) {
      if (this.keyLineOnly.has(pair)) continue;
      const [start, end] = this.removal(pair);
      this.out.edits.push({ start, end, text: '', rule });
    }
  }

  private sweepEmptied(map: YamlMap): void {
    for (const pair of map.pairs) {
      if (!pair.child || this.removed.has(pair)) continue;
      this.sweepEmptied(pair.child);
      const child = pair.child;
      if (this.insertions.has(child) || child.pairs.length === 0 || !child.pairs.every((p) => this.removed.has(p))) continue;
      if (!pair.lineOwned || child.flow) continue;
      // emptied by moves of several rules (one round moves each rule's keys): the first names it
      this.removeKeyLine(pair, this.removed.get(child.pairs[0]!)!);
    }
  }

  private readonly keyLineOnly = new Set<YamlPair>();

  /** Deletes the key line of a map that is now empty; a comment on that line is kept on its own line. */
  private removeKeyLine(pair: YamlPair, rule: string): void {
    const line = this.lines.lineOf(pair.key.range![0]);
    const start = this.lines.starts[line]!;
    const end = this.lines.lineEnd(start);
    const rest = this.text.slice(pair.key.range![1], end);
    const comment = /\s#.*$/.exec(rest.replace(/\r?\n$/, ''));
    const keep = comment ? ' '.repeat(pair.column) + comment[0].trim() + (rest.endsWith('\n') ? this.eol : '') : '';
    this.out.edits.push({ start, end, text: keep, rule });
    this.removed.set(pair, rule);
    this.keyLineOnly.add(pair);
  }

  private emitInsertions(): void {
    const step = indentStep(this.doc.pairs);
    const byOffset = new Map<number, Insertion[]>();
    for (const ins of this.insertions.values()) byOffset.set(ins.offset, [...(byOffset.get(ins.offset) ?? []), ins]);
    for (const [offset, list] of byOffset) {
      // Deeper maps end first: their new lines go before those of the maps around them.
      list.sort((a, b) => mapIndent(b.host) - mapIndent(a.host));
      let text = list.map((ins) => this.render(ins.root, mapIndent(ins.host), step)).join('');
      if (offset === this.text.length && this.text.length > 0 && !this.text.endsWith('\n')) text = this.eol + text.replace(/(\r?\n)$/, '');
      this.out.edits.push({ start: offset, end: offset, text, rule: this.insertionRule.get(offset)! });
    }
  }

  private render(node: TrieNode, column: number, step: number, commentsDone = false): string {
    let out = '';
    for (const child of node.children.values()) {
      if (child.leaf) {
        const parts = this.leafParts(child.leaf.move, child.name, column, column);
        out += (commentsDone ? '' : parts.comments) + parts.body;
        continue;
      }
      // A new chain of maps made for one moved pair: its comments go above the chain's first line.
      const only = commentsDone ? undefined : this.singleLeaf(child);
      const comments = only ? this.leafParts(only.leaf!.move, only.name, column, column).comments : '';
      out += `${comments}${' '.repeat(column)}${scalarText(child.name)}:${this.eol}${this.render(child, column + step, step, commentsDone || only !== undefined)}`;
    }
    return out;
  }

  private singleLeaf(node: TrieNode): TrieNode | undefined {
    if (node.leaf) return node;
    if (node.children.size !== 1) return undefined;
    return this.singleLeaf(node.children.values().next().value!);
  }

  /**
   * The moved pair's own lines, re-indented, under its new key name: the comment lines above it
   * (shifted to `commentColumn`) and the pair itself (shifted to `column`).
   */
  private leafParts(move: Move, name: string, column: number, commentColumn: number): { comments: string; body: string } {
    const pair = move.pair;
    const [start, end] = this.removal(pair);
    const keyLine = this.lines.lineStart(pair.key.range![0]);
    const comments = shiftText(this.text.slice(start, keyLine), pair.column, commentColumn);
    const key = { start: pair.key.range![0], end: pair.key.range![1], text: scalarText(name, pair.key.type) };
    let body: string;
    const value = move.value;
    if (value && this.text.slice(value.start, value.end).includes('\n')) {
      const spliced = [key, value].sort((a, b) => b.start - a.start).reduce((t, r) => t.slice(0, r.start - keyLine) + r.text + t.slice(r.end - keyLine), this.text.slice(keyLine, end));
      body = shiftText(spliced, pair.column, column);
    } else {
      body = shiftLines(this.lines, keyLine, end, pair.column, column, value ? [key, value] : [key]);
    }
    return { comments, body: body.endsWith('\n') ? body : body + this.eol };
  }
}
