// Reading and copying whole mini repositories for fixture tests.
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Every regular file below dir, relative path -> bytes. */
export function readTree(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel))) {
      const r = rel ? `${rel}/${name}` : name;
      const st = lstatSync(path.join(dir, r));
      if (st.isDirectory()) walk(r);
      else if (st.isFile()) out.set(r, readFileSync(path.join(dir, r)));
    }
  };
  walk('');
  return out;
}

/** Paths of the files below dir whose names match `name` (fixture sources of one kind), depth first. */
export function filesUnder(dir: string, name: RegExp, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (lstatSync(p).isDirectory()) filesUnder(p, name, out);
    else if (name.test(entry)) out.push(p);
  }
  return out;
}

/** A new temporary folder holding `files` (relative path -> content), remembered in `temps` for removal. */
export function writeTree(temps: string[], files: Record<string, string | Buffer>, label = 'tree'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `boot-upgrade-${label}-`));
  temps.push(dir);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  }
  return dir;
}

export function copyToTemp(dir: string, label = 'fixture'): string {
  const tmp = mkdtempSync(path.join(os.tmpdir(), `boot-upgrade-${label}-`));
  cpSync(dir, tmp, { recursive: true });
  return tmp;
}

/** A readable description of how two trees differ, or '' when they are byte-identical. */
export function treeDiff(actual: Map<string, Buffer>, expected: Map<string, Buffer>): string {
  const problems: string[] = [];
  for (const [p, bytes] of expected) {
    const got = actual.get(p);
    if (!got) problems.push(`missing: ${p}`);
    else if (!got.equals(bytes)) problems.push(`differs: ${p}\n--- expected\n${bytes.toString('latin1')}\n--- actual\n${got.toString('latin1')}`);
  }
  for (const p of actual.keys()) if (!expected.has(p)) problems.push(`unexpected: ${p}`);
  return problems.join('\n');
}
