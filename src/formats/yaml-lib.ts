// The `yaml` package, loaded on first use (see src/engine/lazy.ts): the adapter and the YAML
// passes import its type guards from here instead of from 'yaml' itself.
import { lazyModule } from '../engine/lazy.js';

type YamlLib = typeof import('yaml');

export const yamlLib = lazyModule<YamlLib>('yaml');

export const isAlias = ((node: unknown) => yamlLib().isAlias(node)) as YamlLib['isAlias'];
export const isMap = ((node: unknown) => yamlLib().isMap(node)) as YamlLib['isMap'];
export const isPair = ((node: unknown) => yamlLib().isPair(node)) as YamlLib['isPair'];
export const isScalar = ((node: unknown) => yamlLib().isScalar(node)) as YamlLib['isScalar'];
export const isSeq = ((node: unknown) => yamlLib().isSeq(node)) as YamlLib['isSeq'];
