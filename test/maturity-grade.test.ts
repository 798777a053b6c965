// Unit tests of the grader's rules on hand-built operations (no parsing involved).
import { describe, expect, it } from 'vitest';
import { grade } from '../src/maturity/grade.js';
import type { GradeInput, Operation } from '../src/maturity/model.js';
import { isVerbSegment } from '../src/maturity/shape.js';
import { defaultVocabulary, matchGlob, words } from '../src/maturity/vocabulary.js';

const isActionSegment = (s: string, vocab: typeof v) => isVerbSegment(s, 'POST', vocab);

const v = defaultVocabulary();
const op = (method: string, path: string, extra: Partial<Operation> = {}): Operation => ({
  method, path, location: `x:${path}`, produces: [], consumes: [], params: [], bodyFields: [], soap: false, hypermedia: 'none', evidence: [], ...extra,
});
const input = (operations: Operation[], style: GradeInput['style'] = 'generic'): GradeInput => ({ kind: 'openapi', path: 'x', operations, excluded: [], notes: [], style });
const levels = (ops: Operation[], rule: 'min' | 'majority' = 'min') => {
  const r = grade(input(ops), v, rule);
  return { level: r.level, ops: Object.fromEntries(r.resources.flatMap((x) => x.operations.map((o) => [`${o.method} ${o.path}`, o.level]))), fixes: r.blocking.map((b) => `${b.operation} -> ${b.fix}`) };
};

describe('path words and actions', () => {
  it('splits camelCase, kebab, snake and acronyms', () => {
    expect(words('getUserById')).toEqual(['get', 'user', 'by', 'id']);
    expect(words('user-update')).toEqual(['user', 'update']);
    expect(words('HTMLExport_v2')).toEqual(['html', 'export', 'v2']);
  });
  it('a verb first is an action, unless the segment is an allowed noun or a parameter', () => {
    expect(['update', 'getUser', 'do-payment', 'activate.json'].map((s) => isActionSegment(s, v))).toEqual([true, true, true, true]);
    expect(['users', 'search', 'status', 'exports', '{update}', 'user-update'].map((s) => isActionSegment(s, v))).toEqual([false, false, false, false, false, false]);
  });
  it('globs: * one segment, ** any, {x} any parameter', () => {
    expect(matchGlob('/api/*/update', '/api/users/update')).toBe(true);
    expect(matchGlob('/api/**', '/api/a/b/c')).toBe(true);
    expect(matchGlob('/api/users/{id}', '/api/users/{userNumber}')).toBe(true);
    expect(matchGlob('/api/*', '/api/a/b')).toBe(false);
  });
});

describe('levels and fixes', () => {
  it('derives the resource-style fix from the verb, the path and the body fields', () => {
    const r = levels([
      op('POST', '/api/getUser'),
      op('POST', '/api/users/update', { bodyFields: ['userNumber', 'name'] }),
      op('POST', '/api/orders/{orderId}/cancel'),
      op('POST', '/api/listInvoices'),
      op('GET', '/api/users'),
    ]);
    expect(r.level).toBe(1);
    expect(r.fixes).toEqual([
      'POST /api/listInvoices -> GET /api/invoices',
      "POST /api/orders/{orderId}/cancel -> PATCH /api/orders/{orderId} (the 'cancel' state change as a field of the resource)",
      'POST /api/getUser -> GET /api/users/{id}',
      'POST /api/users/update -> PUT /api/users/{userNumber}',
    ]);
    expect(grade(input([op('POST', '/api/getUser'), op('GET', '/api/users')]), v, 'min').resources.map((x) => x.path)).toEqual(['/api/users']);
  });

  it('a SOAP operation that names no item is read as the noun it computes, not a state change of an invented item', () => {
    const soap = (operationName: string, bodyFields: string[]) => op('POST', '/ws', { soap: true, operationName, bodyFields, consumes: ['text/xml'] });
    expect(levels([soap('sayHelloRequest', ['name']), soap('approveLoanRequest', ['loanId']), soap('sendInvoice', ['customer', 'amount'])]).fixes).toEqual([
      'POST /ws -> GET /hello?name={name}',
      "POST /ws -> PATCH /loans/{loanId} (the 'approve' state change as a field of the resource)",
      'POST /ws -> POST /invoices',
    ]);
  });

  it('any-method mappings are a finding, level 1 only when they take a body; POST on an item and POST-only APIs are level 1', () => {
    expect(levels([op('*', '/api/users'), op('GET', '/api/users/{id}')]).ops).toEqual({ '* /api/users': 2, 'GET /api/users/{id}': 2 });
    expect(levels([op('*', '/api/users', { bodyFields: ['name'] }), op('GET', '/api/users/{id}')]).ops).toEqual({ '* /api/users': 1, 'GET /api/users/{id}': 2 });
    const any = grade(input([op('*', '/greeting', { handler: 'GreetingController#greet' })]), v, 'min');
    expect([any.level, any.findings.map((f) => f.rule), any.evidence.map((e) => e.kind)]).toEqual([2, ['maturity/any-method'], []]);
    expect(levels([op('GET', '/api/users/{id}'), op('POST', '/api/users/{id}')]).ops).toEqual({ 'GET /api/users/{id}': 2, 'POST /api/users/{id}': 1 });
    expect(levels([op('POST', '/api/users'), op('POST', '/api/orders')]).ops).toEqual({ 'POST /api/orders': 1, 'POST /api/users': 1 });
  });

  it('one POST address is level 0; one GET address is a read-only level 2', () => {
    expect(levels([op('POST', '/rpc')]).level).toBe(0);
    expect(levels([op('GET', '/api/status')]).level).toBe(2);
  });

  it('level 3 needs links on at least one operation; no-body and unknown responses are neutral', () => {
    expect(levels([op('GET', '/a/{id}', { hypermedia: 'links' }), op('DELETE', '/a/{id}', { hypermedia: 'no-body' }), op('PUT', '/a/{id}', { hypermedia: 'unknown' })]).level).toBe(3);
    expect(levels([op('DELETE', '/a/{id}', { hypermedia: 'no-body' }), op('GET', '/a', { hypermedia: 'unknown' })]).level).toBe(2);
    expect(levels([op('GET', '/a/{id}', { hypermedia: 'links' }), op('PUT', '/a/{id}')]).level).toBe(2);
  });

  it('majority: the most common level, ties to the lower one', () => {
    const ops = [op('GET', '/a', { hypermedia: 'links' }), op('GET', '/b', { hypermedia: 'links' }), op('GET', '/c'), op('POST', '/d/do-it')];
    expect(levels(ops, 'majority').level).toBe(3);
    expect(levels(ops, 'min').level).toBe(1);
    expect(levels([op('GET', '/a', { hypermedia: 'links' }), op('GET', '/c')], 'majority').level).toBe(2);
  });

  it('majority: a resource weighs its operations, so one-operation resources do not outvote a large one', () => {
    const jobs = ['GET /jobs', 'POST /jobs', 'GET /jobs/{id}', 'PUT /jobs/{id}', 'DELETE /jobs/{id}'].map((x) => op(x.split(' ')[0]!, x.split(' ')[1]!));
    const ops = [...jobs, op('POST', '/jobs/{id}/cancel'), op('GET', '/queue', { hypermedia: 'links' }), op('GET', '/health', { hypermedia: 'links' })];
    const r = grade(input(ops), v, 'majority');
    expect(r.summary.resourcesByLevel).toEqual({ '0': 0, '1': 1, '2': 0, '3': 2 });
    expect(r.level).toBe(1);
    expect(r.derivation).toBe('majority of 8 operation(s), each resource weighed by its operations (6 at level 1, 2 at level 3; ties go to the lower level)');
    // a GraphQL endpoint weighs the query and mutation fields it carries
    expect(levels([op('POST', '/graphql', { graphql: true, carries: 4 }), op('GET', '/a'), op('PUT', '/a')], 'majority').level).toBe(0);
  });

  it('excludes actuator, error and docs endpoints unless asked', () => {
    const r = grade(input([op('GET', '/actuator/health'), op('GET', '/error'), op('GET', '/v3/api-docs/swagger-config'), op('GET', '/api/a')]), v, 'min');
    expect(r.excluded.map((x) => `${x.operation}: ${x.reason}`)).toEqual(['GET /actuator/health: actuator endpoint', 'GET /error: error controller', 'GET /v3/api-docs/swagger-config: framework endpoint']);
    expect(grade(input([op('GET', '/actuator/health')]), { ...v, includeFramework: true }, 'min').summary.operations).toBe(1);
  });
});

describe('OpenAPI reading', async () => {
  const { openApiInput, parseOpenApi } = await import('../src/maturity/openapi.js');
  it('applies a Swagger 2 basePath, follows $ref chains, reads body fields and formData', () => {
    const doc = parseOpenApi('s.json', JSON.stringify({
      swagger: '2.0', basePath: '/v1/', paths: {
        '/rpc': { post: { parameters: [{ $ref: '#/parameters/Body' }], responses: { 200: { description: 'ok' } } } },
        '/forms': { post: { consumes: ['application/x-www-form-urlencoded'], parameters: [{ in: 'formData', name: 'cmd' }], responses: { 204: { description: 'ok' } } } },
      },
      parameters: { Body: { in: 'body', name: 'b', schema: { $ref: '#/definitions/Alias' } } },
      definitions: { Alias: { $ref: '#/definitions/Call' }, Call: { type: 'object', properties: { method: { type: 'string' }, args: { type: 'array' } } } },
    }));
    const ops = openApiInput('s.json', doc, v).operations;
    expect(ops.map((o) => [o.method, o.path, o.bodyFields, o.hypermedia])).toEqual([
      ['POST', '/v1/rpc', ['method', 'args'], 'no-body'],
      ['POST', '/v1/forms', ['cmd'], 'no-body'],
    ]);
    expect(grade(input(ops), v, 'min').resources.map((r) => [r.path, r.level])).toEqual([['/v1/forms', 0], ['/v1/rpc', 0]]);
  });
  it('names the file and the problem for bad documents', () => {
    expect(() => parseOpenApi('a.json', '{"openapi": "3.0.0",')).toThrow(/^a\.json: not valid JSON: /);
    expect(() => parseOpenApi('a.yaml', 'openapi: 3.0.0\ninfo: {}\n')).toThrow("a.yaml: OpenAPI document has no 'paths' object");
    expect(() => parseOpenApi('a.yaml', '- 1\n- 2\n')).toThrow('a.yaml: not an OpenAPI document (expected an object)');
  });
});

describe('shapes met on real documents', async () => {
  const { openApiInput, parseOpenApi } = await import('../src/maturity/openapi.js');
  const ok = { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
  it('a field whose values are HTTP methods (a callback method) selects no operation; {Sid}.json is an item', () => {
    const doc = parseOpenApi('c.json', JSON.stringify({
      openapi: '3.0.0', paths: {
        '/Calls.json': {
          get: { responses: ok },
          post: { requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { properties: { To: { type: 'string' }, Method: { type: 'string', enum: ['GET', 'POST'] } } } } } }, responses: ok },
        },
        '/Calls/{Sid}.json': { get: { responses: ok }, post: { responses: ok } },
      },
    }));
    const r = grade(openApiInput('c.json', doc, v), v, 'min');
    expect(Object.fromEntries(r.resources.flatMap((x) => x.operations.map((o) => [`${o.method} ${o.path}`, o.level])))).toEqual({
      'GET /Calls.json': 2, 'POST /Calls.json': 2, 'GET /Calls/{Sid}.json': 2, 'POST /Calls/{Sid}.json': 1,
    });
  });
  it('operations that are $refs to other files: an error naming the file when nothing else is left, a note otherwise', () => {
    const only = parseOpenApi('d.yaml', JSON.stringify({ openapi: '3.0.0', paths: { '/v2/things': { get: { $ref: 'resources/things_list.yml' } } } }));
    expect(() => openApiInput('d.yaml', only, v)).toThrow("d.yaml: 1 operation(s) are $refs to other files (e.g. resources/things_list.yml), which are not followed (only references inside the document are); bundle the document first (e.g. redocly bundle)");
    const mixed = parseOpenApi('d.yaml', JSON.stringify({ openapi: '3.0.0', paths: { '/v2/things': { get: { $ref: 'resources/things_list.yml' }, post: { responses: ok } } } }));
    expect(openApiInput('d.yaml', mixed, v).notes).toEqual(['1 path item(s) or operation(s) are $refs to other files and were not graded', 'remote $ref not fetched: resources/things_list.yml']);
  });
  it('a verb segment that is not answered itself stays an action even with paths below it', () => {
    expect(levels([op('POST', '/qr/generate/png'), op('GET', '/qr/generate/png'), op('GET', '/qr/{id}')]).ops).toEqual({ 'POST /qr/generate/png': 1, 'GET /qr/generate/png': 1, 'GET /qr/{id}': 2 });
    expect(levels([op('POST', '/files/{id}/upload_sessions'), op('GET', '/files/{id}')]).ops['POST /files/{id}/upload_sessions']).toBe(2);
  });
});
