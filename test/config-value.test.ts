// One setting read out of configuration files through the format adapters, in any relaxed spelling.
import { expect, it } from 'vitest';
import { configValue } from '../src/properties/config-value.js';

it('finds a key in properties and in nested, flat or camel-cased YAML; ignores broken files', () => {
  const key = 'spring.webservices.path';
  expect(configValue([{ path: 'a.properties', kind: 'properties', text: '# x\nspring.webservices.path : /ws \n' }], key)).toBe('/ws');
  expect(configValue([{ path: 'a.yml', kind: 'yaml', text: 'spring:\n  webservices:\n    path: "/soap"\n' }], key)).toBe('/soap');
  expect(configValue([{ path: 'a.yml', kind: 'yaml', text: 'spring.webServices.path: /flat\n' }], key)).toBe('/flat');
  expect(configValue([{ path: 'b.yml', kind: 'yaml', text: 'a: [\n' }, { path: 'c.yml', kind: 'yaml', text: 'spring:\n  webservices: {}\n' }], key)).toBeUndefined();
});
