// `rules`: every rule id, one line each (its levels and what it does); `explain RULE`: the rule's
// documentation as shipped with the package — its entry in docs/rules.md (what it does, when it
// reports at which level) and its row in the area document that details it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../table/load.js';
import { RULES, ruleAnchor } from '../report/rules.js';
import { ruleLevels } from '../report/rule-levels.js';
import type { Command } from './commands.js';
import { didYouMean } from './suggest.js';

const levelsOf = (rule: string) => (['error', 'warning', 'info'] as const).filter((s) => ruleLevels(rule)[s]);

/** `properties/removed  warning,info  The key has no ...`: every rule, sorted, one line each. */
export function rulesList(): string {
  const ids = Object.keys(RULES).sort();
  const width = Math.max(...ids.map((id) => id.length));
  const levels = ids.map((id) => levelsOf(id).join(',') || 'edit');
  const lw = Math.max(...levels.map((l) => l.length));
  return ids.map((id, i) => `${id.padEnd(width)}  ${levels[i]!.padEnd(lw)}  ${RULES[id]!.summary}`).join('\n');
}

/** The rule's entry in the shipped docs/rules.md, and its row in the area document. */
export function explainRule(rule: string): string {
  const root = packageRoot();
  const index = readFileSync(path.join(root, 'docs', 'rules.md'), 'utf8');
  const start = index.indexOf(`<a id="${ruleAnchor(rule)}"></a>`);
  if (start < 0) throw new Error(`docs/rules.md has no entry for ${rule}`);
  const next = index.slice(start + 1).search(/\n<a id="|\n## /);
  const entry = index
    .slice(start, next < 0 ? undefined : start + 1 + next)
    .replace(/^<a id="[^"]*"><\/a>\n/, '')
    .trim();
  const lines = [entry];
  const area = path.join(root, RULES[rule]!.doc);
  if (RULES[rule]!.doc !== 'README.md' && existsSync(area)) {
    const doc = readFileSync(area, 'utf8').split('\n');
    const at = doc.findIndex((l) => l.startsWith(`| \`${rule}\` |`));
    if (at >= 0) {
      // the row's cells under their table's column names ("what it does: ...", "edit / finding: ...")
      let h = at;
      while (h > 0 && doc[h - 1]!.startsWith('|')) h--;
      const cells = (l: string) => l.replace(/^\|\s*|\s*\|\s*$/g, '').split(/\s+\|\s+/);
      const names = cells(doc[h]!);
      const values = cells(doc[at]!);
      lines.push('', `From ${RULES[rule]!.doc}:`);
      for (let i = 1; i < values.length; i++) lines.push('', `${names[i] ?? ''}: ${values[i]}`);
    }
  }
  return lines.join('\n');
}

/** `--help` / `-h` anywhere: print the usage and stop. */
function helped(argv: string[], usage: string): boolean {
  if (!argv.includes('--help') && !argv.includes('-h')) return false;
  process.stdout.write(usage);
  return true;
}

export const rulesCommand: Command = {
  usage: 'rules',
  summary: 'list every rule id with its severities and what it does, one line each',
  async run(argv, context) {
    if (helped(argv, 'Usage: boot-upgrade rules\n\nEvery rule id, one line each: the id, the severities it reports at (or "edit"), what it does.\nboot-upgrade explain RULE prints one rule\'s documentation.\n\nExamples:\n  boot-upgrade rules\n      every rule id\n  boot-upgrade rules | grep error\n      the rules that can report an error\n')) return 0;
    if (argv.length) throw new context.UsageError(`rules takes no arguments, not '${argv[0]}'`);
    process.stdout.write(rulesList() + '\n');
    return 0;
  },
};

export const explainCommand: Command = {
  usage: 'explain RULE',
  summary: "print a rule's documentation (what it does, when it is an error)",
  async run(argv, context) {
    if (helped(argv, 'Usage: boot-upgrade explain RULE\n\nPrints the documentation of one rule id (boot-upgrade rules lists them): what it does, when it\nreports at which severity, and its details from the area document.\n\nExamples:\n  boot-upgrade explain properties/removed\n      what the rule does and when it is a warning or an info\n')) return 0;
    if (argv.length !== 1) throw new context.UsageError('explain takes one rule id (boot-upgrade rules lists them)');
    const rule = argv[0]!;
    if (!RULES[rule]) throw new context.UsageError(`unknown rule '${rule}'${didYouMean(rule, Object.keys(RULES))} (boot-upgrade rules lists them)`);
    process.stdout.write(explainRule(rule) + '\n');
    return 0;
  },
};
