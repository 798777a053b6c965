// Environment-variable spellings of renamed keys (SPRING_REDIS_HOST -> SPRING_DATA_REDIS_HOST) in
// .env files, Dockerfiles, docker-compose files, Kubernetes manifests and Helm values. A .env
// file is plainly a KEY=value list: its keys are renamed. Anywhere else the name may be read by
// scripts, templates or other services, so each occurrence is reported.
import { resolveEnvVar } from '../../src/properties/resolve.js';
import type { Edit, FindingInput, ProjectFile, ProjectPass, ProjectResult } from '../../src/engine/types.js';
import { ruleFinding } from './rules.js';

export const ENV_RULE = 'project/env-var';

/** Names Spring maps to configuration keys start with these (relaxed binding of spring.*, management.*, server.*). */
const CANDIDATE = /\b(?:SPRING|MANAGEMENT|SERVER|LOGGING)_[A-Z0-9_]+\b/g;

function isDotEnv(p: string): boolean {
  const base = p.slice(p.lastIndexOf('/') + 1);
  return /^\.env(\..+)?$/.test(base) || base.endsWith('.env');
}

/** Offsets of KEY in `KEY=value` / `export KEY=value` lines of a .env file. */
function dotEnvKeys(text: string): { name: string; start: number }[] {
  const out: { name: string; start: number }[] = [];
  const re = /^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)[ \t]*=/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ name: m[1]!, start: m.index + m[0].indexOf(m[1]!) });
  return out;
}

function describe(name: string, to: string | null, key: string): string {
  return to ? `${name} is the environment form of ${key}; 3.0 reads ${to}.` : `${name} is the environment form of ${key}, which 3.0 removes.`;
}

function scanFile(file: ProjectFile, ctx: Parameters<ProjectPass['run']>[1]): ProjectResult {
  const text = file.text ?? '';
  const findings: FindingInput[] = [];
  const edits: Edit[] = [];
  if (isDotEnv(file.path)) {
    for (const { name, start } of dotEnvKeys(text)) {
      const hit = resolveEnvVar(ctx.table, name);
      if (!hit) continue;
      const key = hit.rule.kind === 'rename' || hit.rule.kind === 'remove' || hit.rule.kind === 'convert' ? keyOf(hit.rule) : name;
      if (hit.to && hit.to !== name.toUpperCase()) edits.push({ start, end: start + name.length, text: hit.to, rule: ENV_RULE });
      else findings.push(ruleFinding(ctx.table, ENV_RULE, { path: file.path, offset: start }, describe(name, hit.to, key)));
    }
    return { edits: edits.length ? [{ path: file.path, edits }] : [], findings };
  }
  for (const m of text.matchAll(CANDIDATE)) {
    const hit = resolveEnvVar(ctx.table, m[0]);
    if (!hit) continue;
    const detail = `${describe(m[0], hit.to, keyOf(hit.rule))} Rename it here and wherever it is read (scripts, templates, other services).`;
    findings.push(ruleFinding(ctx.table, ENV_RULE, { path: file.path, offset: m.index! }, detail));
  }
  return { findings };
}

function keyOf(rule: { kind: string; row: unknown }): string {
  const row = rule.row as { from?: string | string[]; key?: string };
  if (typeof row.from === 'string') return row.from.replace(/\.$/, '.*');
  if (Array.isArray(row.from)) return row.from.join(', ');
  return row.key ?? '?';
}

export const envPass: ProjectPass = {
  id: 'project/env',
  description: 'environment-variable spellings of renamed keys: renamed in .env files, reported in Dockerfiles, compose files, Kubernetes manifests and Helm values',
  rules: [ENV_RULE],
  kinds: ['env'],
  run(project, ctx) {
    const result: Required<ProjectResult> = { edits: [], fileOps: [], findings: [] };
    for (const file of project.ofKind('env')) {
      if (!/SPRING_|MANAGEMENT_|SERVER_|LOGGING_/.test(file.text ?? '')) continue;
      const r = scanFile(file, ctx);
      result.edits.push(...(r.edits ?? []));
      result.findings.push(...(r.findings ?? []));
    }
    return result;
  },
};
