// The key resolver against the generated table: relaxed binding, prefixes, exceptions, chains.
import { describe, expect, it } from 'vitest';
import { envName, resolveEnvVar, resolveKey, subtreeMove, valueChanges } from '../src/properties/resolve.js';
import { loadTable } from '../src/table/load.js';

const table = loadTable();
const to = (key: string) => {
  const r = resolveKey(table, key);
  return r?.kind === 'rename' ? r.to : r?.kind;
};

describe('resolveKey', () => {
  it('renames exact keys, in any relaxed spelling, keeping list indexes', () => {
    expect(to('server.max-http-header-size')).toBe('server.max-http-request-header-size');
    expect(to('server.maxHttpHeaderSize')).toBe('server.max-http-request-header-size');
    expect(to('spring.profiles')).toBe('spring.config.activate.on-profile');
    expect(to('spring.profiles[0]')).toBe('spring.config.activate.on-profile[0]');
    expect(to('spring.profiles.active')).toBeUndefined();
  });
  it('moves families by prefix, keeping the rest as written', () => {
    expect(to('spring.redis.host')).toBe('spring.data.redis.host');
    expect(to('spring.redis.clientName')).toBe('spring.data.redis.client-name');
    expect(to('spring.redis.someFutureKey')).toBe('spring.data.redis.someFutureKey');
    expect(to('spring.redis.sentinel.nodes[0]')).toBe('spring.data.redis.sentinel.nodes[0]');
    expect(to('spring.redis.jedis.pool.max-active')).toBe('spring.data.redis.jedis.pool.max-active');
    expect(to('management.metrics.export.prometheus.enabled')).toBe('management.prometheus.metrics.export.enabled');
    expect(to('management.metrics.export.dynatrace.device-id')).toBe('convert');
    expect(to('spring.data.cassandra.keyspace-name')).toBe('spring.cassandra.keyspace-name');
    expect(to('spring.data.cassandra.repositories.type')).toBeUndefined();
    expect(to('spring.security.saml2.relyingparty.registration.okta.identityprovider.entity-id')).toBe(
      'spring.security.saml2.relyingparty.registration.okta.assertingparty.entity-id',
    );
    expect(to('spring.jpa.properties.javax.persistence.validation.mode')).toBe('spring.jpa.properties.jakarta.persistence.validation.mode');
  });
  it('reports removed keys, including whole removed families', () => {
    expect(to('spring.session.store-type')).toBe('remove');
    expect(to('spring.jta.atomikos.properties.max-timeout')).toBe('remove');
    expect(to('spring.jta.atomikos.datasource.foo')).toBe('remove');
    expect(to('management.metrics.export.datadog.num-threads')).toBe('remove');
  });
  it('leaves 3.0 keys alone (already migrated)', () => {
    expect(to('spring.data.redis.host')).toBeUndefined();
    expect(to('server.port')).toBeUndefined();
    expect(to('management.prometheus.metrics.export.enabled')).toBeUndefined();
  });
});

describe('subtreeMove', () => {
  it('moves spring.redis as one block, but not cassandra (it has an exception)', () => {
    expect(subtreeMove(table, 'spring.redis')).toEqual({ to: 'spring.data.redis', rule: 'properties/rename-prefix' });
    expect(subtreeMove(table, 'spring.data.cassandra')).toBeUndefined();
    expect(subtreeMove(table, 'spring')).toBeUndefined();
  });
});

describe('values and environment variables', () => {
  it('knows the endpoint id change', () => {
    expect(valueChanges(table, 'management.endpoints.web.exposure.include').map((v) => [v.from, v.to])).toContainEqual(['httptrace', 'httpexchanges']);
  });
  it('maps environment variable spellings', () => {
    expect(envName('spring.data.redis.host')).toBe('SPRING_DATA_REDIS_HOST');
    expect(resolveEnvVar(table, 'SPRING_REDIS_HOST')?.to).toBe('SPRING_DATA_REDIS_HOST');
    expect(resolveEnvVar(table, 'SERVER_MAXHTTPHEADERSIZE')?.to).toBe('SERVER_MAXHTTPREQUESTHEADERSIZE');
    expect(resolveEnvVar(table, 'SPRING_DATA_REDIS_HOST')).toBeUndefined();
  });
});
