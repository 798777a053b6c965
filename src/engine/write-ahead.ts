// Staging ahead of the write. Creating a file is the costly part of a write on most file systems
// (80-100 µs a file measured here, where a Java file's passes take 50-90 µs), and a migration
// creates one temporary file per changed file. So while the main thread still runs the passes,
// a worker thread on the other core creates the temporary file of each file the file passes
// changed, as soon as they have; the write (write.ts) then finds it made when the file's final
// text is the one staged, and makes only the others (a project pass changed the file again, say).
//
// Nothing of the tree changes before the write's renames: the temporary files sit beside their
// targets under the run's pid, as the write's own do. The lock is taken before the first one is
// made, and each is listed in a log beside it (journal.ts AHEAD_LOG) before it exists, so a run
// killed meanwhile leaves nothing that the next run does not remove. A run that does not write
// after all (a refusal, an error, a signal) removes them and the lock (close()).
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { Containment } from './contain.js';
import { Journal, recoveryMessage, type Recovery } from './journal.js';
import type { EncodedText } from './scratch.js';
import { removeFiles, removeNow, sideName, temporaryOf } from './temp-file.js';
import { encodedLength, encodeInto } from './text.js';
import { isLargeRun } from './heap.js';
import { recordPhase } from './timing.js';
import { startEngineWorker } from './worker-start.js';
import { BUSY, STOP, type StageBatch, type StageReply } from './stage-protocol.js';

/** A changed file as the file passes left it: what its temporary file would hold. */
export interface AheadFile {
  path: string;
  mode: number;
  /** Its text as the file passes left it (the run's own object: kept as it is, not copied). */
  source: EncodedText;
}

/** What the write takes over: the lock, and the temporary files made or perhaps made. */
export interface StagedAhead {
  journal: Journal;
  recovered?: Recovery;
  /** Path -> the text its temporary file holds (the file as the file passes left it). */
  made: ReadonlyMap<string, EncodedText>;
  /** Every path whose temporary file (temp-file.ts sideName) may exist: the write uses or removes each. */
  asked: ReadonlySet<string>;
}

/**
 * Fewer changed files than this and no worker starts: its start-up (about 30 ms on the other core)
 * buys nothing, and the write makes them. BOOT_UPGRADE_AHEAD_MIN sets it (tests), BOOT_UPGRADE_AHEAD=off turns staging ahead off.
 */
const AHEAD_MIN_FILES = 64;
/** Files per message to the worker. */
const BATCH = 64;

function minFiles(): number {
  const n = Number(process.env.BOOT_UPGRADE_AHEAD_MIN);
  return Number.isInteger(n) && n > 0 ? n : AHEAD_MIN_FILES;
}

export class WriteAhead {
  private readonly containment: Containment;
  private pending: AheadFile[] = [];
  private worker?: Worker;
  private journal?: Journal;
  private recovered?: Recovery;
  private readonly inFlight = new Map<number, AheadFile[]>();
  private batches = 0;
  // paths and texts the run holds anyway: no string or object of their own for 10,000 files
  private readonly made = new Map<string, EncodedText>();
  private readonly asked = new Set<string>();
  /** Nothing more is staged: the lock was not to be had, the worker failed, or the write took over. */
  private off = process.env.BOOT_UPGRADE_AHEAD === 'off';
  private drained?: () => void;
  private closing?: Promise<void>;
  private finishing?: Promise<void>;
  private readonly onSignal = (signal: NodeJS.Signals) => this.interrupt(signal);
  private readonly control = new Int32Array(new SharedArrayBuffer(8));

  constructor(private readonly root: string) {
    this.containment = new Containment(root);
  }

  /** How many temporary files were asked of the worker, and how many it has made so far. */
  stats(): { asked: number; made: number } {
    return { asked: this.asked.size, made: this.made.size };
  }

  /** A file the file passes changed: its temporary file is made ahead, once enough have come. */
  offer(file: AheadFile): void {
    if (this.off) return;
    this.pending.push(file);
    if (!this.worker && (this.pending.length < minFiles() || !this.start())) return;
    if (this.pending.length >= BATCH) this.send();
  }

  /** Takes the lock and starts the worker; false (and staging ahead off) when either fails. */
  private start(): boolean {
    try {
      const { journal, recovered } = Journal.acquire(this.root);
      this.journal = journal;
      this.recovered = recovered;
    } catch {
      return this.giveUp(); // a lock held by another run: the write says so
    }
    try {
      this.worker = startEngineWorker('stage-worker', this.control.buffer);
    } catch {
      this.journal.release();
      this.journal = undefined;
      return this.giveUp();
    }
    this.worker.on('message', (reply: StageReply) => this.answered(reply));
    // a worker that dies leaves what it made listed in `asked`: the write removes or remakes each
    this.worker.on('error', () => this.lost());
    this.worker.on('exit', () => this.lost());
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
    return true;
  }

  private giveUp(): false {
    this.off = true;
    this.pending = [];
    return false;
  }

  private send(): void {
    const items = this.pending.filter((f) => !this.asked.has(f.path) && this.containment.problem(f.path) === undefined);
    this.pending = [];
    if (!items.length) return;
    const tmps = items.map((f) => sideName(f.path, 'tmp'));
    this.journal!.noteAhead(tmps); // listed before they exist
    for (const f of items) this.asked.add(f.path);
    const batch = this.batches++;
    this.inFlight.set(batch, items);
    const ends: number[] = [];
    let size = 0;
    for (const { source: t } of items) ends.push((size += encodedLength(t.text, t.encoding, t.bom)));
    const bytes = new ArrayBuffer(size);
    items.forEach(({ source: t }, i) => encodeInto(Buffer.from(bytes, i === 0 ? 0 : ends[i - 1]), t.text, t.encoding, t.bom));
    const message: StageBatch = { batch, items: items.map((f, i) => ({ tmp: path.join(this.root, tmps[i]!), mode: f.mode })), bytes, ends };
    this.worker!.postMessage(message, [bytes]);
  }

  private answered({ batch, failed }: StageReply): void {
    const items = this.inFlight.get(batch);
    if (!items) return;
    this.inFlight.delete(batch);
    const notMade = new Set(failed);
    items.forEach((f, i) => notMade.has(i) || this.made.set(f.path, f.source));
    if (this.inFlight.size === 0) this.drained?.();
  }

  private lost(): void {
    this.inFlight.clear();
    this.off = true;
    this.drained?.();
  }

  /**
   * The write takes over: the files still pending are sent, every batch is waited for, and the
   * worker is stopped. Undefined when nothing was staged ahead (the write takes the lock itself).
   */
  async handOver(): Promise<StagedAhead | undefined> {
    this.stopListening(); // the write holds the signals from here on
    if (!this.worker || this.closing) return undefined;
    await this.finish();
    recordPhase(`write ahead: ${this.made.size} temporary file(s) made by the worker (count only)`, 0);
    const handed: StagedAhead = { journal: this.journal!, recovered: this.recovered, made: this.made, asked: this.asked };
    this.journal = undefined; // the write's now: it releases it
    return handed;
  }

  /**
   * The file passes are done: no more files will be offered, and the pending ones are sent. In a
   * large run (heap.ts) every batch is also waited for and the worker stopped now,
   * so that its thread and heap (~10 MB) are gone before the run holds the most (the project
   * passes, the changes). Otherwise it makes its last files beside the project passes, and the
   * write waits for it (handOver): 20 ms the main thread no longer waits at 10,000 files.
   */
  passesDone(large = isLargeRun()): Promise<void> {
    if (large) return this.finish();
    if (this.worker && !this.off) this.send();
    this.off = true;
    return Promise.resolve();
  }

  /**
   * No more files will be offered: the pending ones are sent, every batch is waited for, and the
   * worker is stopped. Its files stay, for the write.
   */
  finish(): Promise<void> {
    this.finishing ??= (async () => {
      if (!this.worker) return;
      const waited = performance.now();
      if (!this.off) this.send();
      this.off = true;
      if (this.inFlight.size) await new Promise<void>((resolve) => (this.drained = resolve));
      await this.terminateWorker();
      recordPhase('write ahead: waiting for the worker', performance.now() - waited);
    })();
    return this.finishing;
  }

  /**
   * The run will not write what was staged (a refusal, an error, a signal): the worker is
   * stopped, every temporary file it may have made removed, and the lock released. Does nothing
   * after handOver, whose write cleans up after itself.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.stopStaging();
      const removing = this.journal ? removeFiles([...this.asked].map((p) => temporaryOf(this.root, p))) : undefined;
      await Promise.all([this.terminateWorker(), removing]);
      // the lock this run took undid a dead run's write, and no write of this run will say so
      if (this.journal && this.recovered) process.stderr.write(`boot-upgrade: ${recoveryMessage(this.recovered)}\n`);
      this.journal?.release();
      this.journal = undefined;
    })();
    return this.closing;
  }

  /** Nothing more is offered, sent or made: after it, every temporary file this run will have exists. */
  private stopStaging(): void {
    this.off = true;
    this.pending = [];
    this.stopListening();
    this.stopMaking();
  }

  /** Stops the worker making files, and waits for the one it is making (see STOP and BUSY). */
  private stopMaking(): void {
    Atomics.store(this.control, STOP, 1);
    while (Atomics.load(this.control, BUSY) === 1) Atomics.wait(this.control, BUSY, 1, 50);
  }

  private stopListening(): void {
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
  }

  private async terminateWorker(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    worker.removeAllListeners('exit');
    await worker.terminate();
  }

  /**
   * Ctrl-C while the passes run: at once, before the passes go on, the worker is stopped, what it
   * made removed and the lock released; then the signal does what it would have done.
   */
  private interrupt(signal: NodeJS.Signals): void {
    this.stopStaging();
    for (const p of this.asked) removeNow(temporaryOf(this.root, p));
    this.journal?.release();
    this.journal = undefined;
    process.kill(process.pid, signal);
  }
}
