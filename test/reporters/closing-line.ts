// Prints one plain closing line, "N passed, N failed, N skipped", after vitest's own summary:
// CI machinery that reads test output recognises that line in any language. A test that was to
// run but did not because a setup hook of its file or describe failed counts as failed, not
// skipped (vitest lists it as skipped): a broken setup must not read as a shorter suite.
import type { Reporter, TestCase, TestModule, TestSuite } from 'vitest/node';

/** A hook of this test's describe blocks or file failed: the errors vitest keeps on each. */
function setupFailed(test: TestCase): boolean {
  for (let parent: TestSuite | TestModule = test.parent; ; parent = parent.parent) {
    if (parent.errors().length > 0) return true;
    if (parent.type === 'module') return false;
  }
}

export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed' || (state === 'skipped' && test.options.mode !== 'skip' && test.options.mode !== 'todo' && setupFailed(test))) failed++;
        else skipped++;
      }
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
