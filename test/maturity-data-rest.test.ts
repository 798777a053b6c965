// Spring Data REST repositories are graded at spring.data.rest.base-path (properties or YAML).
import { describe, expect, it } from 'vitest';
import { dataRestBasePath, sourceInput } from '../src/maturity/source.js';
import { defaultVocabulary } from '../src/maturity/vocabulary.js';
import type { InputFile } from '../src/routes/index.js';

const repo: InputFile = { path: 'src/main/java/x/BookRepository.java', kind: 'java', text: 'package x;\n@RepositoryRestResource(path = "books")\npublic interface BookRepository extends CrudRepository<Book, Long> {}\n' };
const paths = async (files: InputFile[]) => (await sourceInput('.', files, defaultVocabulary())).operations.map((o) => `${o.method} ${o.path}`);

describe('Spring Data REST base path', () => {
  it('prefixes repository resources with spring.data.rest.base-path from properties', async () => {
    const props: InputFile = { path: 'src/main/resources/application.properties', kind: 'properties', text: 'server.port=8080\nspring.data.rest.base-path=/api/\n' };
    expect(await paths([repo, props])).toEqual(['GET /api/books', 'POST /api/books', 'GET /api/books/{id}', 'PUT /api/books/{id}', 'PATCH /api/books/{id}', 'DELETE /api/books/{id}']);
  });

  it('reads YAML (nested, basePath spelling, flat key) and defaults to the root', async () => {
    const yaml = (text: string): InputFile[] => [{ path: 'src/main/resources/application.yml', kind: 'yaml', text }];
    expect(dataRestBasePath(yaml('spring:\n  data:\n    rest:\n      base-path: rest\n'))).toBe('/rest');
    expect(dataRestBasePath(yaml('spring:\n  data:\n    rest:\n      basePath: "/v1/rest"\n'))).toBe('/v1/rest');
    expect(dataRestBasePath(yaml('spring.data.rest.base-path: /flat\n'))).toBe('/flat');
    expect(dataRestBasePath(yaml('spring: [unclosed\n'))).toBe('');
    expect(await paths([repo])).toContain('GET /books');
  });
});
