// A fact about a whole application (its routes stop matching their trailing-slash form) is one
// finding per application with the count, every occurrence kept in `related` — in the JSON and as
// SARIF relatedLocations; the controller's own root (an empty-path mapping under a class prefix)
// is among the routes.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { planMigration } from '../src/api.js';
import { groupPerApplication } from '../src/engine/group.js';
import type { Finding } from '../src/engine/types.js';
import { loadTable } from '../src/table/load.js';
import { formatJson } from '../src/report/json.js';
import { formatSarif } from '../src/report/sarif.js';
import { writeTree } from './helpers/tree.js';

const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

const route = (app: string, i: number, severity: Finding['severity'] = 'warning'): Finding => ({ rule: 'project/trailing-slash', severity, path: `${app}/src/main/java/C${i}.java`, line: i, column: 5, message: `GET /r${i}/ no longer reaches C${i}#get. The rule's explanation.` });

describe('one finding per application', () => {
  it('counts the routes of each application and keeps each one in related; what was done (info) stays as it is', () => {
    const grouped = groupPerApplication([route('shop', 2), route('billing', 3), route('shop', 1), route('shop', 9, 'info')]);
    expect(grouped).toHaveLength(3);
    const shop = grouped.find((f) => f.application === 'shop')!;
    expect(shop).toMatchObject({ path: 'shop/src/main/java/C1.java', line: 1, severity: 'warning' });
    expect(shop.message).toBe('Application shop: 2 route(s) whose trailing-slash form stops matching. GET /r1/ no longer reaches C1#get. GET /r2/ no longer reaches C2#get.');
    expect(shop.related!.map((r) => r.line)).toEqual([1, 2]);
    expect(grouped.find((f) => f.severity === 'info')!.related).toBeUndefined();
  });

  it('the inventory holds the empty-path mappings under a class prefix; JSON and SARIF keep every route', async () => {
    const controller = (app: string, prefix: string) => `package com.example;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\n@RequestMapping("${prefix}")\npublic class Api {\n    @PostMapping\n    public String add() { return ""; }\n    @GetMapping("/{id}")\n    public String one() { return ""; }\n    @GetMapping("/")\n    public String slash() { return ""; }\n}\n`;
    const root = writeTree(temps, { 'customers/src/main/java/com/example/Api.java': controller('customers', '/customer'), 'orders/src/main/java/com/example/Api.java': controller('orders', '/order') }, 'apps');
    const result = await planMigration({ root, table: loadTable(), onlyRules: ['project/trailing-slash'] });
    expect(result.findings).toHaveLength(2);
    const customers = result.findings.find((f) => f.application === 'customers')!;
    expect(customers.related!.map((r) => r.message.split(' no longer')[0])).toEqual(['POST /customer/', 'GET /customer/{id}/']);
    const json = JSON.parse(formatJson(result, { color: false, toolVersion: '1.0.0' })) as { findings: { related: unknown[] }[] };
    expect(json.findings.map((f) => f.related.length)).toEqual([2, 2]);
    const sarif = JSON.parse(formatSarif(result, { color: false, toolVersion: '1.0.0' })) as { runs: { results: { relatedLocations?: unknown[]; properties?: { application?: string } }[] }[] };
    const results = sarif.runs[0]!.results.filter((r) => r.relatedLocations);
    expect(results.map((r) => [r.properties?.application, r.relatedLocations!.length])).toEqual([
      ['customers', 2],
      ['orders', 2],
    ]);
  });
});
