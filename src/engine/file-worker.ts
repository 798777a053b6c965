// The worker side of pool.ts: the default file passes named by the main thread, run on chunks
// of files the main thread hands out, with the same runFilePasses the main thread uses.
import { parentPort, workerData } from 'node:worker_threads';
import { FILE_PASSES } from '../../transforms/index.js';
import { makeSelector, runFilePasses } from './file-run.js';
import { snapshotView, type PoolJob, type WorkerOutcome, type WorkerSetup } from './pool.js';
import type { PassContext } from './types.js';

const setup = workerData as WorkerSetup;
const select = makeSelector(setup.onlyRules, setup.skipRules);
const passes = FILE_PASSES.filter((p) => setup.passIds.includes(p.id));
// isolated passes read no neighbour but the texts their projectReads named (pool.ts projectSnapshot)
const ctx: PassContext = {
  table: setup.table,
  options: setup.options,
  project: snapshotView(setup.project),
  ruleSelected: (passId, rule) => select.rule(passId, rule),
  wholeRepository: setup.wholeRepository,
  decisions: setup.decisions,
};

// Chunks arrive one message each and are run in order; `end` says no more will come.
const queue: ({ jobs: PoolJob[] } | { end: true })[] = [];
let busy = false;

async function drain(): Promise<void> {
  if (busy) return;
  busy = true;
  for (let m = queue.shift(); m; m = queue.shift()) {
    if ('end' in m) {
      parentPort!.postMessage({ done: true });
      break;
    }
    const outcomes: WorkerOutcome[] = [];
    for (const job of m.jobs) {
      const o = await runFilePasses(job.file, passes, ctx, select);
      outcomes.push({ ...o, index: job.index, text: o.text === job.file.text ? undefined : o.text });
    }
    parentPort!.postMessage({ outcomes });
  }
  busy = false;
}

parentPort!.on('message', (m: { jobs: PoolJob[] } | { end: true }) => {
  queue.push(m);
  void drain();
});
