// Reading one setting out of Spring configuration files, for code that is not a pass (the route
// inventory, the maturity grader): through the two format adapters and relaxed binding, so
// `spring.webservices.path`, `spring: { webservices: { path: } }` and `springWebservicesPath`
// spellings all count.
import { parseProperties } from '../formats/properties.js';
import { parseYaml } from '../formats/yaml.js';
import { canonicalKey } from './resolve.js';

interface ConfigText {
  path: string;
  kind: string;
  text: string;
}

function valuesIn(file: ConfigText, wanted: string): string[] {
  try {
    if (file.kind === 'properties') {
      return parseProperties(file.text).documents.flatMap((d) => d.entries.filter((e) => canonicalKey(e.key) === wanted).map((e) => e.value));
    }
    return parseYaml(file.text).docs.flatMap((d) =>
      d.pairs.filter((p) => !p.child && canonicalKey(p.path.join('.')) === wanted).map((p) => String((p.value as { value?: unknown } | null)?.value ?? '')),
    );
  } catch {
    return []; // an unreadable file is reported by the migration passes; it sets nothing here
  }
}

/** The first value of `key` in the given configuration files (properties and YAML), trimmed. */
export function configValue(files: readonly ConfigText[], key: string): string | undefined {
  const wanted = canonicalKey(key);
  for (const f of files) {
    if (f.kind !== 'properties' && f.kind !== 'yaml') continue;
    const value = valuesIn(f, wanted).map((v) => v.trim()).find(Boolean);
    if (value) return value;
  }
  return undefined;
}
