// collectPlanningGarbage (src/cli/memory.ts): a full collection before the write when the heap is
// large, nothing when it is small or turned off.
import { describe, expect, it } from 'vitest';
import { collectPlanningGarbage } from '../src/cli/memory.js';

/**
 * ~40 MB of strings that lived long enough to be promoted to the old generation (as the texts of
 * a run are), and that nothing refers to once this returns.
 */
function makeGarbage(): void {
  const texts: string[] = [];
  for (let i = 0; i < 20_000; i++) texts.push(Buffer.alloc(2000, `class C${i} {}\n`).toString('latin1')); // flat strings of their own
  let churn = 0;
  for (let i = 0; i < 200_000; i++) churn += [i, i + 1].length; // young collections promote the texts meanwhile
  expect(texts.length + churn).toBeGreaterThan(0);
}

describe('collectPlanningGarbage', () => {
  it('skips a run that is not large', async () => {
    expect(await collectPlanningGarbage(false)).toBe(false);
  });

  it('skips when BOOT_UPGRADE_COLLECT=off', async () => {
    process.env.BOOT_UPGRADE_COLLECT = 'off';
    try {
      expect(await collectPlanningGarbage(true)).toBe(false);
    } finally {
      delete process.env.BOOT_UPGRADE_COLLECT;
    }
  });

  it('collects the garbage of a large run before it resolves', async () => {
    makeGarbage();
    const before = process.memoryUsage().heapUsed;
    expect(await collectPlanningGarbage(true)).toBe(true);
    expect(before - process.memoryUsage().heapUsed).toBeGreaterThan(30 * 1024 * 1024);
  });
});
