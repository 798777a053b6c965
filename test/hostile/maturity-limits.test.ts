// maturity --url requests stay on the probed origin whatever the links or the OpenAPI paths say,
// and slow bodies, bad links, unreadable files and huge documents give a bounded result.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { maturityReport, MaturityInputError } from '../../src/maturity/index.js';
import { repo } from './helpers.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ base: string; port: number }> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { base: `http://127.0.0.1:${port}`, port };
}

const openApi = (paths: string[]) =>
  JSON.stringify({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths: Object.fromEntries(paths.map((p) => [p, { get: { responses: { '200': { description: 'ok' } } } }])) });

describe('maturity --url stays on the probed origin', () => {
  it('links starting with //, decoding to // or holding %zz never reach another origin, nor crash', async () => {
    const elsewhere: string[] = [];
    const other = await serve((req, res) => {
      elsewhere.push(`${req.method} ${req.url}`);
      res.writeHead(200).end();
    });
    const probed: string[] = [];
    const { base } = await serve((req, res) => {
      probed.push(`${req.method} ${req.url}`);
      const links = { a: { href: `//127.0.0.1:${other.port}/x` }, b: { href: `/%2F127.0.0.1:${other.port}/y` }, c: { href: '/%zz' }, d: { href: '/api/ok' } };
      res.writeHead(200, { 'content-type': 'application/hal+json' }).end(JSON.stringify({ _links: links }));
    });
    const report = await maturityReport({ target: repo({ 'README.md': 'nothing here\n' }), url: base });
    expect(elsewhere).toEqual([]);
    expect(probed.filter((p) => p.startsWith('GET')).sort()).toEqual(['GET /', 'GET /api/ok']);
    expect(report.resources.length).toBeGreaterThan(0);
  });

  it('an OpenAPI path starting with //host:port is requested as a path on the probed origin', async () => {
    const elsewhere: string[] = [];
    const other = await serve((req, res) => {
      elsewhere.push(`${req.method} ${req.url}`);
      res.writeHead(200).end();
    });
    const probed: string[] = [];
    const { base } = await serve((req, res) => {
      probed.push(`${req.method} ${req.url}`);
      res.writeHead(404).end();
    });
    const dir = repo({ 'openapi.json': openApi([`//127.0.0.1:${other.port}/steal`]) });
    await maturityReport({ target: path.join(dir, 'openapi.json'), url: base });
    expect(elsewhere).toEqual([]);
    expect(probed).toContain(`GET //127.0.0.1:${other.port}/steal`);
  });
});

describe('maturity: bounded results', () => {
  it('a body that trickles past the timeout is a note, not a crash or a hang', async () => {
    const { base } = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"_links":'); // and never ends
    });
    const dir = repo({ 'openapi.json': openApi(['/api/slow']) });
    const report = await maturityReport({ target: path.join(dir, 'openapi.json'), url: base, probe: { timeoutMs: 300 } });
    expect(report.notes).toContain('probe GET /api/slow: body not received within 300 ms');
  });

  it('an OpenAPI file that cannot be read is a one-line input error naming it', async () => {
    const dir = repo({});
    const socket = path.join(dir, 'openapi.yaml');
    const server = createNetServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      await expect(maturityReport({ target: socket })).rejects.toThrow(MaturityInputError);
      await expect(maturityReport({ target: socket })).rejects.toThrow(/openapi\.yaml: cannot read/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('a 150,000-path OpenAPI document is graded (no stack overflow)', async () => {
    const dir = repo({});
    mkdirSync(path.join(dir, 'api'));
    writeFileSync(path.join(dir, 'api', 'openapi.json'), openApi(Array.from({ length: 150_000 }, (_, i) => `/r${i}`)));
    const report = await maturityReport({ target: path.join(dir, 'api', 'openapi.json') });
    expect(report.resources.length).toBe(150_000);
  });
});
