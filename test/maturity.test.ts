// Fixture runner for `boot-upgrade maturity`: every fixtures/maturity/<case>/ holds input/ (a mini
// repository or one OpenAPI file) and expected.json (the key fields of the JSON output, asserted
// exactly; `runs` for several argument sets). The CLI runs in-process with stdout captured.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupOnce } from './helpers/setup.js';
import { runMain } from './helpers/cli-in-process.js';
import type { Report } from '../src/maturity/index.js';

const ROOT = path.resolve(__dirname, '..');
const FIXTURES = path.join(ROOT, 'fixtures', 'maturity');

interface Expected {
  /** The folder or file to grade, relative to the case (default: input/, or the one document in it). */
  target?: string;
  args?: string[];
  exitCode?: number;
  error?: string;
  level?: number;
  derivation?: string;
  resources?: Record<string, number>;
  operations?: Record<string, number>;
  /** Compare only the listed resources/operations. */
  partial?: boolean;
  blocking?: [string, string, string][];
  excluded?: [string, string][];
  notes?: string[];
  headline?: string;
  /** Both rules' levels. */
  levels?: { min: number; majority: number };
  /** One substring per ambiguity, in order. */
  ambiguities?: string[];
  /** [rule, message] of each design finding, in order. */
  findings?: [string, string][];
  documents?: string[];
  /** Evidence messages an operation must carry: `METHOD path` -> substrings. */
  evidence?: Record<string, string[]>;
}

const cli = (args: string[]) => runMain(args, { cwd: ROOT });

/** The input: the case's input/ directory, or the one OpenAPI document in it. */
function target(caseDir: string): string {
  const input = path.join(caseDir, 'input');
  const entries = readdirSync(input);
  const only = entries.length === 1 ? path.join(input, entries[0]!) : undefined;
  const rel = (p: string) => path.relative(ROOT, p).split(path.sep).join('/');
  return only && statSync(only).isFile() ? rel(only) : rel(input);
}

function check(report: Report, e: Expected, prefix: string, input = '\u0000') {
  const strip = (loc: string) => loc.replace(prefix, '');
  const named = (s: string) => s.split(input).join('{input}');
  if (e.level !== undefined) expect(report.level).toBe(e.level);
  if (e.derivation !== undefined) expect(report.derivation).toBe(e.derivation);
  const resources = Object.fromEntries(report.resources.map((r) => [r.path, r.level]));
  const operations = Object.fromEntries(report.resources.flatMap((r) => r.operations.map((o) => [`${o.method} ${o.path}`, o.level])));
  const pick = (all: Record<string, number>, want: Record<string, number>) => (e.partial ? Object.fromEntries(Object.keys(want).map((k) => [k, all[k]])) : all);
  if (e.resources) expect(pick(resources, e.resources)).toEqual(e.resources);
  if (e.operations) expect(pick(operations, e.operations)).toEqual(e.operations);
  if (e.blocking) expect(report.blocking.map((b) => [b.operation, b.fix, strip(b.location ?? '')])).toEqual(e.blocking);
  if (e.excluded) expect(report.excluded.map((x) => [x.operation, x.reason])).toEqual(e.excluded);
  if (e.notes) expect(report.notes.map(named)).toEqual(e.notes);
  if (e.headline !== undefined) expect(report.headline).toBe(e.headline);
  if (e.levels) expect(report.levels).toEqual(e.levels);
  if (e.ambiguities) {
    expect(report.ambiguities.length).toBe(e.ambiguities.length);
    e.ambiguities.forEach((a, i) => expect(report.ambiguities[i]).toContain(a));
  }
  if (e.findings) expect(report.findings.map((f) => [f.rule, f.message])).toEqual(e.findings);
  if (e.documents) expect(report.input.documents?.map(named)).toEqual(e.documents);
  for (const [op, wants] of Object.entries(e.evidence ?? {})) {
    const found = report.resources.flatMap((r) => r.operations).find((o) => `${o.method} ${o.path}` === op);
    expect(found, op).toBeDefined();
    for (const w of wants) expect(found!.evidence.map((x) => x.message).join('\n')).toContain(w);
  }
  expect(report.summary.resources).toBe(report.resources.length);
}

const cases = readdirSync(FIXTURES).filter((c) => existsSync(path.join(FIXTURES, c, 'expected.json')) && c !== 'live-probe');

describe('maturity fixtures', () => {
  for (const c of cases) {
    const dir = path.join(FIXTURES, c);
    const expected = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Expected & { runs?: Expected[] };
    const runs = expected.runs ?? [expected];
    runs.forEach((run, i) => {
      it(`fixtures/maturity/${c}${runs.length > 1 ? ` run ${i + 1} (${[run.target, ...(run.args ?? [])].filter(Boolean).join(' ') || 'defaults'})` : ''}`, async () => {
        const t = run.target ? path.relative(ROOT, path.join(dir, run.target)).split(path.sep).join('/') : target(dir);
        const args = (run.args ?? []).map((a) => a.replace('{case}', path.relative(ROOT, dir)));
        const { code, stdout, stderr } = await cli(['maturity', t, '--format', 'json', ...args]);
        expect(code).toBe(run.exitCode ?? 0);
        if (run.error !== undefined) {
          expect(stdout).toBe('');
          expect(stderr).toBe(run.error + '\n');
          return;
        }
        const report = JSON.parse(stdout) as Report;
        const prefix = statSync(path.join(ROOT, t)).isDirectory() ? '' : path.posix.dirname(t) + '/';
        check(report, run, prefix, t);
      });
    });
  }
});

describe('maturity command', () => {
  const l1 = 'fixtures/maturity/seed-level1-java/input';

  it('--min-level exits 1 below the level and 0 at it', async () => {
    const below = await cli(['maturity', l1, '--min-level', '2']);
    expect(below.code).toBe(1);
    expect(below.stderr).toBe('boot-upgrade: maturity level 1 is below --min-level 2\n');
    expect(below.stdout.split('\n').slice(0, 2)).toEqual([
      'The only resource is level 1: 4 action endpoints (POST /api/users/create, POST /api/users/get, POST /api/users/update, ... (1 more)) hold it there.',
      'Maturity level 1 (minimum over 1 resource(s) (1 at level 1)); majority rule: 1',
    ]);
    expect((await cli(['maturity', l1, '--min-level', '1'])).code).toBe(0);
  });

  it('usage errors exit 2 with one line', async () => {
    expect(await cli(['maturity', l1, '--format', 'xml'])).toEqual({ code: 2, stdout: '', stderr: "boot-upgrade: --format must be one of text, json, markdown, not 'xml'\n" });
    expect(await cli(['maturity', l1, '--min-level', '5'])).toEqual({ code: 2, stdout: '', stderr: "boot-upgrade: --min-level takes 0, 1, 2 or 3, not '5'\n" });
    expect(await cli(['maturity', l1, '--rule', 'max'])).toEqual({ code: 2, stdout: '', stderr: "boot-upgrade: --rule must be min or majority, not 'max'\n" });
    expect(await cli(['maturity', 'no/such/dir'])).toEqual({ code: 2, stdout: '', stderr: 'boot-upgrade: no/such/dir: no such file or directory\n' });
    expect(await cli(['maturity', 'fixtures/maturity', '--url', 'ftp://x'])).toEqual({ code: 2, stdout: '', stderr: 'boot-upgrade: --url: only http and https are probed, not ftp:\n' });
    const empty = await cli(['maturity', 'docs']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^boot-upgrade: docs: no HTTP operations found/);
  });

  it('a bad config file is one line naming it', async () => {
    const r = await cli(['maturity', l1, '--config', 'fixtures/maturity/seed-level1-java/expected.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("boot-upgrade: fixtures/maturity/seed-level1-java/expected.json: unknown key 'level' (known: verbs, nouns, rpcFields, exclude, paths)\n");
  });

  it('--help and the markdown format', async () => {
    const help = await cli(['maturity', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: boot-upgrade maturity \[dir \| openapi-file\]/);
    const md = await cli(['maturity', l1, '--format', 'markdown']);
    expect(md.stdout.split('\n').slice(0, 1)).toEqual(['# API maturity: level 1']);
    expect(md.stdout).toContain('- `POST /api/users/update`: action \'update\' named in the path. Fix: `PUT /api/users/{userNumber}` (src/main/java/com/example/users/UserController.java:16)');
  });
});

describe('maturity on the bundled demo app', () => {
  it('grades its user resource level 1 because of POST /api/users/update, with the seed fix', async () => {
    const { code, stdout } = await cli(['maturity', 'examples/demo-app', '--format', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    check(report, {
      level: 1,
      resources: { '/api/customers': 2, '/api/users': 1 },
      operations: { 'POST /api/customers': 2, 'GET /api/customers': 2, 'GET /api/users': 2, 'POST /api/users': 2, 'GET /api/users/{userNumber}': 2, 'PUT /api/users/{userNumber}': 2, 'DELETE /api/users/{userNumber}': 2, 'POST /api/users/update': 1 },
      blocking: [['POST /api/users/update', 'PUT /api/users/{userNumber}', 'src/main/java/com/example/demo/web/UserController.java:50']],
    }, '');
  });
});

describe('maturity live probe (loopback only)', () => {
  let server: Server;
  let base: string;
  const seen: string[] = [];
  const HAL = JSON.stringify({ _embedded: { users: [{ userNumber: 1, name: 'a' }] }, _links: { self: { href: '/api/users' }, next: { href: '/api/users?page=2' } } });

  setupOnce(async () => {
    server = createServer((req: IncomingMessage, res) => {
      seen.push(`${req.method} ${req.url}`);
      const url = req.url ?? '/';
      if (req.method === 'OPTIONS' && url.startsWith('/api/users')) {
        res.writeHead(200, { allow: 'GET, POST, OPTIONS' }).end();
      } else if (req.method === 'GET' && url === '/') {
        res.writeHead(200, { 'content-type': 'application/hal+json' }).end(JSON.stringify({ _links: { users: { href: '/api/users' }, docs: { href: 'http://example.com/docs' } } }));
      } else if (req.method === 'GET' && url === '/api/users') {
        res.writeHead(200, { 'content-type': 'application/hal+json' }).end(HAL);
      } else if (req.method === 'GET' && url === '/api/orders') {
        res.writeHead(302, { location: 'http://example.com/orders' }).end();
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('adds live evidence to the OpenAPI operations, GET/OPTIONS only, no redirect off the host', async () => {
    seen.length = 0;
    const expected = JSON.parse(readFileSync(path.join(FIXTURES, 'live-probe', 'expected.json'), 'utf8')) as Expected;
    const { code, stdout } = await cli(['maturity', 'fixtures/maturity/live-probe/input/openapi.yaml', '--url', base, '--format', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    check(report, { ...expected, notes: expected.notes?.map((n) => n.replace('{base}', base)) }, 'fixtures/maturity/live-probe/input/');
    expect(report.input.url).toBe(base + '/');
    const getUsers = report.resources.flatMap((r) => r.operations).find((o) => o.method === 'GET' && o.path === '/api/users')!;
    expect(getUsers.evidence.map((e) => e.message)).toEqual([
      'live response is application/hal+json',
      'live response links to /api/users, /api/users?page=2',
      'Allow: GET, POST, OPTIONS',
      'GET on a resource address',
    ]);
    expect(seen.sort()).toEqual(['GET /api/orders', 'GET /api/users', 'OPTIONS /api/imports', 'OPTIONS /api/orders', 'OPTIONS /api/users']);
  });

  it('without routes, crawls the links from the base (same origin, bounded)', async () => {
    seen.length = 0;
    const { code, stdout } = await cli(['maturity', 'docs', '--url', base, '--format', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    expect(report.input.kind).toBe('probe');
    expect(Object.fromEntries(report.resources.flatMap((r) => r.operations.map((o) => [`${o.method} ${o.path}`, o.level])))).toEqual({
      'GET /': 3,
      'GET /api/users': 3,
      'POST /api/users': 3,
    });
    expect(seen.every((s) => s.startsWith('GET ') || s.startsWith('OPTIONS '))).toBe(true);
    expect(seen.filter((s) => s.includes('example.com'))).toEqual([]);
    expect(report.notes).toContain('the crawl sends only GET and OPTIONS and follows only the links responses give: an endpoint that answers only POST (or that no response links to) is invisible to it; give the sources or an OpenAPI document to grade those');
  });

  it('a timeout is a note (GET and OPTIONS alike), not a hang', async () => {
    const slow = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      const { maturityReport } = await import('../src/maturity/index.js');
      const report = await maturityReport({ target: path.join(FIXTURES, 'live-probe/input/openapi.yaml'), url, probe: { timeoutMs: 200 } });
      expect(report.notes.filter((n) => n.includes('timed out'))).toEqual([
        'probe OPTIONS /api/imports: timed out after 200 ms', // a POST-only path: OPTIONS alone is sent
        'probe GET /api/orders: timed out after 200 ms',
        'probe OPTIONS /api/orders: timed out after 200 ms',
        'probe GET /api/users: timed out after 200 ms',
        'probe OPTIONS /api/users: timed out after 200 ms',
      ]);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});
