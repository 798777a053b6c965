// Duplicate keys, found in linear time. The `yaml` package's own check (uniqueKeys: true)
// compares each key with every earlier key of its map: a 3.6 MB application.yml with a large
// root map spent more than 600 s there. Parsing runs with uniqueKeys: false and this walk finds
// the same errors (two scalar keys with the same value in one map) with a Set per map.
import type { Document } from 'yaml';
import { isMap, isScalar, yamlLib } from './yaml-lib.js';

/** The first duplicate key of a document: its offset and the same message the package gives. */
export function duplicateKey(doc: Document.Parsed): { offset: number; message: string } | undefined {
  let found: { offset: number; message: string } | undefined;
  yamlLib().visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return undefined;
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(key)) {
          found = { offset: (isScalar(pair.key) ? pair.key.range?.[0] : undefined) ?? map.range?.[0] ?? 0, message: 'Map keys must be unique' };
          return yamlLib().visit.BREAK;
        }
        seen.add(key);
      }
      return undefined;
    },
  });
  return found;
}
