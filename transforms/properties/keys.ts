// Key identity inside one document: Spring's relaxed binding makes `spring.redis.clientName`
// and `spring.redis.client-name` the same key, while `a[0]` and `a[1]` stay different keys.
import { canonicalSegment, resolveKey, splitKey, type KeyRule } from '../../src/properties/resolve.js';
import { tableIndex } from '../../src/table/load.js';
import type { MigrationTable } from '../../src/table/types.js';

/** Canonical form of a key that keeps list indexes and map keys in brackets. */
export function keyIdentity(key: string): string {
  return splitKey(key)
    .map((segment) => {
      const bracket = segment.indexOf('[');
      return canonicalSegment(segment) + (bracket >= 0 ? segment.slice(bracket) : '');
    })
    .join('.');
}

/** Canonical form without indexes (`spring.profiles[0]` -> `spring.profiles`). */
export function keyFamily(key: string): string {
  return splitKey(key).map(canonicalSegment).join('.');
}

/**
 * resolveKey, remembered per table: the same keys (spring.datasource.url, server.port, ...) recur
 * in every file of a repository, and resolving one walks the prefix and removal lists.
 */
export function resolveCached(table: MigrationTable, key: string): KeyRule | undefined {
  const cache = tableIndex(table, 'properties/resolve-cache', () => new Map<string, KeyRule | undefined>());
  if (cache.has(key)) return cache.get(key);
  if (cache.size > 100_000) cache.clear();
  const rule = resolveKey(table, key);
  cache.set(key, rule);
  return rule;
}
