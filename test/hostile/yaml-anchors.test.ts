// YAML anchors and aliases through a migration: an edit keeps every alias standing for what it
// stood for, or is reported instead; the re-parse gate compares the documents resolved (aliases
// expanded), so an edit that leaves an alias without its anchor, or changes what it stands for,
// is never written.
import { describe, expect, it } from 'vitest';
import { planMigration } from '../../src/api.js';
import { breaksFile } from '../../src/engine/verify.js';
import { repo } from './helpers.js';

describe('the re-parse gate resolves aliases', () => {
  it('refuses a rewrite that leaves an alias without its anchor', () => {
    const before = 'spring:\n  batch:\n    job:\n      names:\n        - &job importJob\napp:\n  first: *job\n';
    const after = 'spring:\n  batch:\n    job:\n      name: importJob\napp:\n  first: *job\n';
    expect(breaksFile('yaml', before, after)).toBe('the alias *job would no longer have its anchor');
  });

  it('refuses a rewrite that changes what an alias stands for (a key moved into an anchored map)', () => {
    const before = 'spring:\n  data: &d\n    mongodb:\n      uri: m\n  redis:\n    host: r\nother: *d\n';
    const after = 'spring:\n  data: &d\n    mongodb:\n      uri: m\n    redis:\n      host: r\nother: *d\n';
    expect(breaksFile('yaml', before, after)).toBe('the alias *d would stand for other values than before');
  });

  it('refuses a rewrite that points an alias at another definition of its anchor', () => {
    const before = 'a: &x 1\nb: *x\nc: &x 2\n';
    const after = 'a: &x 1\nc: &x 2\nb: *x\n';
    expect(breaksFile('yaml', before, after)).toBe('the alias *x would stand for other values than before');
  });

  it('lets a key renamed inside an anchored map through (every alias reads the new key), and judges no file whose aliases did not resolve before', () => {
    expect(breaksFile('yaml', 'base: &b\n  max-http-header-size: 8KB\nserver: *b\n', 'base: &b\n  max-http-request-header-size: 8KB\nserver: *b\n')).toBeUndefined();
    expect(breaksFile('yaml', 'a: *nowhere\nspring.redis.host: x\n', 'a: *nowhere\nspring.data.redis.host: x\n')).toBeUndefined();
  });
});

describe('the YAML pass and aliases', () => {
  it('nothing it plans changes what an alias stands for: anchored maps, merge keys, anchored list items', async () => {
    const yml = [
      'defaults: &defaults',
      '  timeout: 2s',
      'spring:',
      '  data: &data',
      '    mongodb:',
      '      uri: mongodb://localhost/test',
      '  redis:',
      '    <<: *defaults',
      '    host: redis.local',
      '  batch:',
      '    job:',
      '      names:',
      '        - &job importJob',
      'reporting:',
      '  data: *data',
      '  job: *job',
      '',
    ].join('\n');
    const dir = repo({ 'pom.xml': '<project/>\n', 'src/main/resources/application.yml': yml });
    const plan = await planMigration({ root: dir });
    const change = plan.changes.find((c) => c.path === 'src/main/resources/application.yml');
    expect(plan.findings.filter((f) => f.rule === 'engine/breaks-file')).toEqual([]);
    expect(change).toBeDefined();
    const after = change!.after!.toString('utf8');
    expect(breaksFile('yaml', yml, after)).toBeUndefined();
    expect(after).toContain('      name: &job importJob\n');
    expect(after).toContain('  redis:\n    <<: *defaults\n    host: redis.local\n'); // not moved into the aliased spring.data
    expect(plan.findings.map((f) => f.rule)).toContain('yaml/anchor');
  });
});
