// A baseline: the findings a team has acknowledged, written by `report --write-baseline` and left
// out by check, report and migrate afterwards, so CI does not repeat them. A finding matches by
// rule, path and message — not by line, so an edit above it does not bring it back; the same
// finding twice in a file needs two entries. A finding whose message changes (an application
// with one more route) is new again.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Finding, RunResult } from '../engine/types.js';
import { writeFileAtomically } from '../engine/temp-file.js';
import { LinkRefused } from '../engine/write-errors.js';

export const BASELINE_FILE = '.boot-upgrade-baseline.json';
const SCHEMA_VERSION = 1;

export class BaselineError extends Error {}

export interface Entry {
  rule: string;
  path: string;
  message: string;
  /** Where it was when recorded: for the reader, not for matching. */
  line?: number;
}

const key = (f: { rule: string; path: string; message: string }) => `${f.rule}\0${f.path}\0${f.message}`;

/** The baseline to use: the one named, else the default file in the base folder when it exists. */
export function baselinePath(named: unknown, baseDir: string): string | undefined {
  if (typeof named === 'string') return path.resolve(named);
  const fallback = path.join(baseDir, BASELINE_FILE);
  return existsSync(fallback) ? fallback : undefined;
}

export function writeBaseline(file: string, findings: Finding[], toolVersion: string): number {
  const entries: Entry[] = findings.map((f) => ({ rule: f.rule, path: f.path, line: f.line, message: f.message }));
  const doc = { schemaVersion: SCHEMA_VERSION, tool: { name: 'boot-upgrade', version: toolVersion }, findings: entries };
  // the file often lies in the user's repository: never written through a link, and whole or not at all
  try {
    writeFileAtomically(file, JSON.stringify(doc, null, 2) + '\n', 'the baseline', 0o644);
  } catch (e) {
    if (e instanceof LinkRefused) throw new BaselineError(e.message);
    throw e;
  }
  return entries.length;
}

export function readBaseline(file: string): Entry[] {
  if (!existsSync(file)) throw new BaselineError(`${file}: no such baseline file (report --write-baseline writes one)`);
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new BaselineError(`${file}: not valid JSON: ${(e as Error).message}`);
  }
  const findings = (doc as { findings?: unknown })?.findings;
  const ok = (e: unknown): e is Entry => !!e && typeof e === 'object' && ['rule', 'path', 'message'].every((k) => typeof (e as Record<string, unknown>)[k] === 'string');
  if (!Array.isArray(findings) || !findings.every(ok)) throw new BaselineError(`${file}: not a baseline (expected {"findings": [{"rule", "path", "message"}, ...]})`);
  return findings;
}

/** The result without the findings the baseline records (each entry matches one finding). */
export function applyBaseline(result: RunResult, entries: Entry[]): RunResult {
  const left = new Map<string, number>();
  for (const e of entries) left.set(key(e), (left.get(key(e)) ?? 0) + 1);
  let baselined = 0;
  const findings = result.findings.filter((f) => {
    const n = left.get(key(f)) ?? 0;
    if (n === 0) return true;
    left.set(key(f), n - 1);
    baselined++;
    return false;
  });
  const errors = result.errors.filter((f) => findings.includes(f));
  return { ...result, findings, errors, stats: { ...result.stats, ...(baselined ? { baselined } : {}) } };
}
