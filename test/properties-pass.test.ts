// The properties pass on in-memory files: every rename row of the table, a prefix sample per
// family, and the behaviours around duplicates, conversions, values and profiles.
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../src/engine/edits.js';
import type { PassContext, PassResult, SourceFile } from '../src/engine/types.js';
import { loadTable } from '../src/table/load.js';
import { propertiesPass } from '../transforms/properties/index.js';

const table = loadTable();
const ctx = { table, options: {}, project: undefined, ruleSelected: () => true } as unknown as PassContext;

function run(text: string, path = 'src/main/resources/application.properties'): { text: string; result: PassResult } {
  const file: SourceFile = { path, kind: 'properties', text, encoding: 'latin1', bom: false };
  const result = propertiesPass.run(file, ctx);
  return { text: applyEdits(text, result.edits ?? []).text, result };
}

/** Runs to a fixed point, as the engine does. */
function migrate(text: string, path?: string): string {
  let current = text;
  for (let i = 0; i < 8; i++) {
    const next = run(current, path).text;
    if (next === current) return current;
    current = next;
  }
  throw new Error('no fixed point');
}

const findings = (text: string, path?: string) => (run(text, path).result.findings ?? []).map((f) => [f.rule, f.severity, text.slice(0, f.offset).split('\n').length]);

describe('every rename row of migration-table.json', () => {
  it(`rewrites the key of each of the ${table.properties.rename.length} rows, keeping separator and value`, () => {
    const wrong: string[] = [];
    for (const row of table.properties.rename) {
      const out = migrate(`${row.from} = some-value\r\n`);
      if (out !== `${row.to} = some-value\r\n`) wrong.push(`${row.from}: ${JSON.stringify(out)}`);
    }
    expect(wrong).toEqual([]);
    expect(table.properties.rename.length).toBeGreaterThan(300);
  });

  it('rewrites a key below every prefix row (a sample per family, * filled in)', () => {
    const wrong: string[] = [];
    for (const row of table.properties.renamePrefix) {
      const from = row.from.replace('*', 'my-reg') + 'some-custom.key';
      const to = row.to.replace('*', 'my-reg') + 'some-custom.key';
      const out = migrate(`${from}=v\n`);
      if (out !== `${to}=v\n`) wrong.push(`${from}: ${JSON.stringify(out)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the family exceptions where they are', () => {
    expect(migrate('spring.data.cassandra.repositories.type=auto\n')).toBe('spring.data.cassandra.repositories.type=auto\n');
  });

  it('matches relaxed spellings and keeps map keys and indexes as written', () => {
    expect(migrate('spring.redis.clientName=x\n')).toBe('spring.data.redis.client-name=x\n');
    expect(migrate('spring.redis.sentinel.nodes[0]=h1\nspring.redis.sentinel.nodes[1]=h2\n')).toBe(
      'spring.data.redis.sentinel.nodes[0]=h1\nspring.data.redis.sentinel.nodes[1]=h2\n',
    );
    expect(migrate('management.metrics.export.humio.tags.My_Tag=v\n')).toBe('management.humio.metrics.export.tags.My_Tag=v\n');
  });
});

describe('duplicates', () => {
  it('deletes the old line when the new key already has the same value (info)', () => {
    expect(migrate('spring.redis.host=h\nspring.data.redis.host=h\n')).toBe('spring.data.redis.host=h\n');
    expect(findings('spring.redis.host=h\nspring.data.redis.host=h\n')).toEqual([['properties/duplicate', 'info', 1]]);
  });
  it('leaves both lines and warns when the values differ', () => {
    const text = 'spring.redis.host=a\nspring.data.redis.host=b\n';
    expect(migrate(text)).toBe(text);
    const [f] = run(text).result.findings!;
    expect(f!.message).toContain("'spring.redis.host=a'");
    expect(f!.message).toContain("'spring.data.redis.host=b'");
  });
  it('renames a key written twice on both lines (the last one still wins)', () => {
    expect(migrate('spring.redis.port=1\nspring.redis.port=2\n')).toBe('spring.data.redis.port=1\nspring.data.redis.port=2\n');
  });
  it('looks at one document at a time', () => {
    expect(migrate('spring.redis.host=a\n#---\nspring.data.redis.host=b\n')).toBe('spring.data.redis.host=a\n#---\nspring.data.redis.host=b\n');
  });
});

describe('conversions', () => {
  it.each([
    ['spring.sql.init.enabled=false\n', 'spring.sql.init.mode=never\n'],
    ['spring.sql.init.enabled : TRUE\n', 'spring.sql.init.mode : always\n'],
    ['spring.artemis.host=h\nx=1\nspring.artemis.port=61616\n', 'spring.artemis.broker-url=tcp://h:61616\nx=1\n'],
    [
      'spring.flyway.ignore-missing-migrations=true\r\nspring.flyway.ignore-future-migrations=true\r\n',
      'spring.flyway.ignore-migration-patterns=*:missing,*:future\r\n',
    ],
    ['spring.batch.job.names=one\n', 'spring.batch.job.name=one\n'],
    ['spring.batch.job.names[0]=one\n', 'spring.batch.job.name=one\n'],
    ['server.use-forward-headers=true\n', 'server.forward-headers-strategy=native\n'],
    ['spring.datasource.initialization-mode=always\n', 'spring.sql.init.mode=always\n'],
  ])('%j -> %j', (input, output) => {
    expect(migrate(input)).toBe(output);
    expect(run(output).result.findings ?? []).toEqual([]);
  });

  it.each([
    ['spring.batch.job.names=one,two\n'],
    ['spring.batch.job.names[0]=one\nspring.batch.job.names[1]=two\n'],
    ['spring.artemis.host=h\n'],
    ['spring.artemis.host=${HOST}\nspring.artemis.port=1\n'],
    ['spring.flyway.ignore-missing-migrations=false\n'],
    ['spring.sql.init.enabled=${INIT}\n'],
    ['server.jetty.accesslog.date-format=yyyy\n'],
  ])('leaves %j and reports it', (input) => {
    expect(migrate(input)).toBe(input);
    expect(findings(input).map(([rule]) => rule)).toEqual(['properties/convert']);
  });

  it('does not add a second new key: same value deletes, another value warns', () => {
    expect(migrate('spring.sql.init.enabled=false\nspring.sql.init.mode=never\n')).toBe('spring.sql.init.mode=never\n');
    const text = 'spring.sql.init.enabled=false\nspring.sql.init.mode=always\n';
    expect(migrate(text)).toBe(text);
    expect(findings(text)).toEqual([['properties/duplicate', 'warning', 1]]);
  });
});

describe('endpoint ids in exposure lists', () => {
  it('renames httptrace in include/exclude lists, web and jmx, indexed too', () => {
    expect(migrate('management.endpoints.web.exposure.include=health, httptrace ,info\n')).toBe('management.endpoints.web.exposure.include=health, httpexchanges ,info\n');
    expect(migrate('management.endpoints.jmx.exposure.exclude=httptrace\n')).toBe('management.endpoints.jmx.exposure.exclude=httpexchanges\n');
    expect(migrate('management.endpoints.web.exposure.include[0]=httptrace\n')).toBe('management.endpoints.web.exposure.include[0]=httpexchanges\n');
  });
  it('reports jolokia and leaves it', () => {
    const text = 'management.endpoints.web.exposure.include=jolokia,health\n';
    expect(migrate(text)).toBe(text);
    expect(findings(text)).toEqual([['properties/value', 'warning', 1]]);
  });
  it('leaves other keys and comments alone', () => {
    const text = '# management.endpoints.web.exposure.include=httptrace\napp.endpoints=httptrace\n';
    expect(migrate(text)).toBe(text);
  });
});

describe('removed keys and profiles', () => {
  it('reports a removed key as a warning at its line (Boot 3.0 ignores it and starts), with the reason and its guide section', () => {
    const text = 'a=1\n  spring.session.store-type=redis\n';
    const [f] = run(text).result.findings!;
    expect(f).toMatchObject({ rule: 'properties/removed', severity: 'warning', offset: text.indexOf('spring.session'), docs: `${table.docs.guide}#spring-session-store-type` });
    const [other] = run('spring.jta.log-dir=x\n').result.findings!;
    expect(other!.docs).toBe(table.docs.guide);
    expect(f!.message).toContain('spring.session.store-type');
    expect(migrate(text)).toBe(text);
  });
  it('renames spring.profiles and rejects spring.profiles.active in a profile-specific document', () => {
    const text = 'spring.profiles.active=dev\n#---\nspring.profiles=prod\nspring.profiles.include=x\n';
    expect(migrate(text)).toBe('spring.profiles.active=dev\n#---\nspring.config.activate.on-profile=prod\nspring.profiles.include=x\n');
    expect(findings(text)).toEqual([['properties/profile-specific', 'error', 4]]);
  });
  it('treats every document of application-<profile>.properties as profile-specific', () => {
    expect(findings('spring.profiles.active=x\n', 'config/application-dev.properties')).toEqual([['properties/profile-specific', 'error', 1]]);
    expect(findings('spring.profiles.active=x\n', 'config/application.properties')).toEqual([]);
  });
});

describe('idempotency', () => {
  it('changes nothing in a migrated file', () => {
    const text = 'spring.data.redis.host=h\nspring.sql.init.mode=never\nmanagement.endpoints.web.exposure.include=httpexchanges\n';
    expect(run(text).result.edits ?? []).toEqual([]);
    expect(run(text).result.findings ?? []).toEqual([]);
  });
});
