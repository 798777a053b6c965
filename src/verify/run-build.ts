// Runs one build command with a time limit and reads its output line by line as it comes (a
// large build prints megabytes; only the problems and the last lines are kept). The build runs
// in a process group of its own, so that a time limit or Ctrl-C stops the whole tree: Maven's
// and Gradle's forked JVMs and compiler daemons included, and on Linux any descendant that left
// the group too.
import { spawn } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync, type WriteStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { BuildPlan } from './build-root.js';
import { GradleParser } from './parse/gradle.js';
import { JavacParser } from './parse/javac.js';
import { KotlincParser } from './parse/kotlinc.js';
import { MavenParser } from './parse/maven.js';
import type { BuildProblem, OutputParser } from './parse/problems.js';

export interface BuildRun {
  /** The build's exit status; null when it was stopped. */
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  problems: BuildProblem[];
  /** The last lines of the output (for a failure no parser recognised). */
  tail: string[];
}

/** After SIGTERM, how long a build has to stop before SIGKILL. */
const GRACE_MS = 5000;
/** After the build exits, how long its output may still take to arrive (a daemon it started can hold the pipe open). */
const DRAIN_MS = 2000;
const TAIL_LINES = 200;
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** Feeds a stream's text to its parsers, one line at a time. */
class Lines {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  readonly parsers: OutputParser[] = [new JavacParser(), new KotlincParser(), new MavenParser(), new GradleParser()];

  constructor(private readonly tail: string[]) {}

  write(chunk: Buffer): void {
    this.feed(this.decoder.write(chunk));
  }

  end(): void {
    this.feed(this.decoder.end() + '\n');
  }

  private feed(text: string): void {
    const parts = (this.pending + text).split(/\r\n|\n|\r/);
    this.pending = parts.pop()!;
    for (const raw of parts) {
      const line = raw.replace(ANSI, '');
      for (const p of this.parsers) p.line(line);
      if (line.trim()) {
        this.tail.push(line);
        if (this.tail.length > TAIL_LINES) this.tail.shift();
      }
    }
  }
}

/** Linux: every process below `pid` (by parent id), found before a signal so that orphans are still known. */
function descendants(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const e of entries) {
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(e)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const out: number[] = [];
  for (let queue = [pid]; queue.length; ) for (const c of children.get(queue.shift()!) ?? []) out.push(c), queue.push(c);
  return out;
}

function killTree(pid: number, signal: NodeJS.Signals): void {
  const below = descendants(pid);
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
  for (const p of below) {
    try {
      process.kill(p, signal);
    } catch {
      // gone already
    }
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export async function runBuild(plan: BuildPlan, options: { timeoutMs: number; log?: WriteStream }): Promise<BuildRun> {
  const started = Date.now();
  const tail: string[] = [];
  const child = spawn(plan.program, plan.args, { cwd: plan.dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const streams = [new Lines(tail), new Lines(tail)];
  const closed = Promise.all(
    [child.stdout, child.stderr].map(
      (stream, i) =>
        new Promise<void>((resolve) => {
          stream.on('data', (chunk: Buffer) => {
            streams[i]!.write(chunk);
            options.log?.write(chunk);
          });
          stream.on('close', () => resolve());
        }),
    ),
  );
  let timedOut = false;
  let stopping: Promise<void> | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    killTree(child.pid, signal);
    stopping ??= delay(GRACE_MS).then(() => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) killTree(child.pid, 'SIGKILL');
    });
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop('SIGTERM');
  }, options.timeoutMs);
  // Ctrl-C reaches this process only (the build has its own group): stop the build, then end as the signal asks.
  let interruptedBy: NodeJS.Signals | undefined;
  const interrupted = (signal: NodeJS.Signals) => {
    interruptedBy ??= signal;
    stop('SIGTERM');
  };
  for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, interrupted);
  try {
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code) => resolve(code));
    });
    if (interruptedBy) {
      // the build is stopped: this process ends by the same signal (its default action), building nothing more
      for (const s of ['SIGINT', 'SIGTERM'] as const) process.removeListener(s, interrupted);
      process.kill(process.pid, interruptedBy);
      await new Promise(() => {});
    }
    await Promise.race([closed, delay(DRAIN_MS)]);
    child.stdout.destroy();
    child.stderr.destroy();
    for (const s of streams) s.end();
    return { exitCode: timedOut ? null : exitCode, timedOut, durationMs: Date.now() - started, problems: streams.flatMap((s) => s.parsers.flatMap((p) => p.problems())), tail };
  } finally {
    clearTimeout(timer);
    for (const s of ['SIGINT', 'SIGTERM'] as const) process.removeListener(s, interrupted);
  }
}

export function openLog(file: string): WriteStream {
  return createWriteStream(file);
}
