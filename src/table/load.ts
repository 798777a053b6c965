// Loading the migration table: the bundled migration-table.json, then each --table FILE on top.
// Every file is checked against the JSON Schema in src/table/schema; an error names the file and
// the row. A table is data only: nothing in it is evaluated or executed.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { lazyModule } from '../engine/lazy.js';
import { rowProblem } from './check.js';

// only --table files and the tests validate: a plain run never loads ajv
const ajvModule = lazyModule<typeof import('ajv')>('ajv');
import type { MigrationTable } from './types.js';

export class TableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TableError';
  }
}

/** The package root, found from this module whether it runs from src/ (tests) or dist/src/. */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === 'boot-upgrade') return dir;
    } catch {
      // keep walking up
    }
    dir = path.dirname(dir);
  }
  throw new Error('cannot find the boot-upgrade package root');
}

export const BUNDLED_TABLE = () => path.join(packageRoot(), 'migration-table.json');
const SCHEMA_DIR = () => path.join(packageRoot(), 'src', 'table', 'schema');
const MAIN_SCHEMA = 'migration-table.schema.json';

type Json = Record<string, unknown>;
const validators = new Map<'full' | 'partial', ValidateFunction>();

/** Compiled on first use only: compiling the schemas costs more than a whole `check` of one file. */
function validator(kind: 'full' | 'partial'): ValidateFunction {
  const cached = validators.get(kind);
  if (cached) return cached;
  type AjvCtor = new (options: object) => import('ajv').default;
  const AjvModule = ajvModule();
  const Ajv = ((AjvModule as unknown as { default?: AjvCtor }).default ?? AjvModule) as unknown as AjvCtor;
  const files = readdirSync(SCHEMA_DIR()).filter((f) => f.endsWith('.schema.json'));
  const ajv = new Ajv({ allErrors: false, strict: false });
  for (const f of files) {
    const schema = JSON.parse(readFileSync(path.join(SCHEMA_DIR(), f), 'utf8')) as Json;
    // A user's table may hold any part of the shape; its rows must still be whole rows.
    if (kind === 'partial') delete schema.required;
    ajv.addSchema(schema, f);
  }
  const validate = ajv.getSchema(MAIN_SCHEMA)!;
  validators.set(kind, validate);
  return validate;
}

/** Checks a whole table against the schema (the bundled one is checked by the tests, not per run). */
export function validateTable(table: unknown, file: string): void {
  const full = validator('full');
  if (!full(table)) throw new TableError(explain(file, table, full.errors![0]!));
}

/** `properties.rename[12] (from "spring.x")`: the JSON pointer as a reader finds the row. */
function describeRow(doc: unknown, pointer: string): string {
  const parts = pointer.split('/').slice(1);
  let label = '';
  let node: unknown = doc;
  for (const part of parts) {
    if (Array.isArray(node)) {
      node = node[Number(part)];
      const row = node as Json | undefined;
      const id = row && typeof row === 'object' ? (row.from ?? row.key ?? row.id ?? row.name) : undefined;
      label += `[${part}]` + (id !== undefined ? ` (${JSON.stringify(Array.isArray(id) ? id[0] : id)})` : '');
    } else {
      label += label ? `.${part}` : part;
      node = (node as Json | undefined)?.[part];
    }
  }
  return label || 'top level';
}

function explain(file: string, doc: unknown, error: ErrorObject): string {
  const where = describeRow(doc, error.instancePath);
  const what =
    error.keyword === 'additionalProperties'
      ? `unknown field '${(error.params as { additionalProperty: string }).additionalProperty}'`
      : error.keyword === 'enum'
        ? `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`
        : error.message ?? 'is invalid';
  return `${file}: ${where}: ${what}`;
}

/** A table file is data of a few MB at most: a larger one, or anything but a regular file (/dev/zero, a FIFO), is refused before it is read. */
const MAX_TABLE_BYTES = 16 * 1024 * 1024;

function readJson(file: string): unknown {
  let text: string;
  try {
    const st = statSync(file);
    if (!st.isFile()) throw new TableError(`${file}: not a regular file`);
    if (st.size > MAX_TABLE_BYTES) throw new TableError(`${file}: ${st.size} bytes, larger than a table can be (${MAX_TABLE_BYTES})`);
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof TableError) throw e;
    throw new TableError(`${file}: cannot read the table (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  try {
    // a byte order mark (editors on Windows write one) is not part of the JSON
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new TableError(`${file}: not valid JSON (${(e as Error).message})`);
  }
}

/** The field that identifies a row, so a user's row replaces the bundled row it names. */
function rowKey(row: unknown): string | undefined {
  if (!row || typeof row !== 'object') return JSON.stringify(row);
  const r = row as Json;
  for (const field of ['from', 'key', 'id', 'fqcn', 'name', 'type']) {
    if (r[field] !== undefined) return `${field}:${JSON.stringify(r[field])}`;
  }
  return undefined;
}

function mergeArrays(base: unknown[], extra: unknown[]): unknown[] {
  const out = [...base];
  const index = new Map<string, number>();
  out.forEach((row, i) => {
    const k = rowKey(row);
    if (k) index.set(k, i);
  });
  for (const row of extra) {
    const k = rowKey(row);
    const at = k === undefined ? undefined : index.get(k);
    if (at === undefined) {
      if (k) index.set(k, out.length);
      out.push(row);
    } else out[at] = row;
  }
  return out;
}

/** Deep merge: objects field by field, arrays row by row (by identifying field), scalars replaced. */
export function mergeTables(base: unknown, extra: unknown): unknown {
  if (Array.isArray(base) && Array.isArray(extra)) return mergeArrays(base, extra);
  if (base && extra && typeof base === 'object' && typeof extra === 'object' && !Array.isArray(base)) {
    const out: Json = { ...(base as Json) };
    for (const [k, v] of Object.entries(extra as Json)) out[k] = k in out ? mergeTables(out[k], v) : v;
    return out;
  }
  return extra;
}

/**
 * The bundled table is generated and schema-checked in the test suite, so it is trusted here;
 * every --table file is checked, since it comes from the user.
 */
export function loadTable(extraFiles: readonly string[] = [], bundled = BUNDLED_TABLE()): MigrationTable {
  let table = readJson(bundled);
  for (const file of extraFiles) {
    const extra = readJson(file);
    const partial = validator('partial');
    if (!partial(extra)) throw new TableError(explain(file, extra, partial.errors![0]!));
    table = mergeTables(table, extra);
    // a row that loops may come from this file or from this file meeting the bundled rows
    const problem = rowProblem(table as MigrationTable);
    if (problem) throw new TableError(`${file}: ${problem}`);
  }
  return table as MigrationTable;
}

/** Caches an index built from the table, so no pass rebuilds it per file. */
const indexCache = new WeakMap<object, Map<string, unknown>>();
export function tableIndex<T>(table: MigrationTable, name: string, build: (t: MigrationTable) => T): T {
  let byName = indexCache.get(table);
  if (!byName) indexCache.set(table, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, build(table));
  return byName.get(name) as T;
}

/** Keys a per-table memo (rememberedPerTable) holds before it starts over. */
const MEMO_LIMIT = 100_000;

/**
 * A per-table answer remembered by key (a tableIndex of answers): for questions the same keys
 * recur in across a repository's files. Answers are shared, never changed by a caller. Bounded:
 * a huge file of distinct keys starts the memo over.
 */
export function rememberedPerTable<T>(table: MigrationTable, name: string, key: string, compute: (table: MigrationTable, key: string) => T): T {
  const memo = tableIndex(table, name, () => new Map<string, T>());
  if (memo.has(key)) return memo.get(key)!;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  const answer = compute(table, key);
  memo.set(key, answer);
  return answer;
}
