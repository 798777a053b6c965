// Every pass together, over every fixture input at once (a fixture case runs only its own
// transform): nothing crashes, and a second run changes nothing even when passes meet.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { planMigration, writeChanges } from '../src/api.js';
import { loadTable } from '../src/table/load.js';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures');

it('all passes over all fixture inputs: no internal error, idempotent', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bu-pipeline-'));
  try {
    for (const transform of readdirSync(FIXTURES).filter((t) => t !== 'maturity')) {
      for (const name of readdirSync(path.join(FIXTURES, transform))) {
        cpSync(path.join(FIXTURES, transform, name, 'input'), path.join(root, `${transform}-${name}`), { recursive: true });
      }
    }
    const table = loadTable();
    const first = await planMigration({ root, table });
    expect(first.findings.filter((f) => f.rule === 'internal-error' || f.rule.startsWith('engine/'))).toEqual([]);
    expect(first.changes.length).toBeGreaterThan(100);
    await writeChanges(root, first.changes);
    const second = await planMigration({ root, table });
    expect(second.changes.map((c) => c.path)).toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
