// Key identity inside one document: Spring's relaxed binding makes `spring.redis.clientName`
// and `spring.redis.client-name` the same key, while `a[0]` and `a[1]` stay different keys.
import { canonicalSegment, splitKey } from '../../src/properties/resolve.js';

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
