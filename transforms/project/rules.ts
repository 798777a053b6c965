// Rule rows of the `project` table section, indexed once per table.
import { tableIndex } from '../../src/table/load.js';
import type { MigrationTable } from '../../src/table/types.js';
import type { ProjectRule, ProjectSection } from '../../src/table/sections/project.js';
import type { FindingInput } from '../../src/engine/types.js';

export function projectSection(table: MigrationTable): ProjectSection {
  if (!table.project) throw new Error('the migration table has no project section (run npm run generate-table)');
  return table.project;
}

export function projectRule(table: MigrationTable, id: string): ProjectRule {
  const rules = tableIndex(table, 'project/rules', (t) => new Map(projectSection(t).rules.map((r) => [r.id, r])));
  const rule = rules.get(id);
  if (!rule) throw new Error(`the migration table has no project rule ${id}`);
  return rule;
}

/** A finding for a table rule, with the rule's severity and docs; `detail` goes before its message. */
export function ruleFinding(table: MigrationTable, id: string, where: { path: string; offset?: number; line?: number }, detail?: string, severity?: FindingInput['severity']): FindingInput {
  const rule = projectRule(table, id);
  return {
    rule: id,
    severity: severity ?? rule.severity,
    message: detail ? `${detail} ${rule.message}` : rule.message,
    docs: rule.docs,
    path: where.path,
    ...(where.offset !== undefined ? { offset: where.offset } : {}),
    ...(where.line !== undefined ? { line: where.line } : {}),
  };
}
