// The versions of one library a repository's builds declare (transforms/build/declared-versions.ts):
// Maven versions resolved through the parent chain and Boot's property, Gradle coordinates with their
// variables resolved; a Gradle form it does not read makes the answer unknown.
import { describe, expect, it } from 'vitest';
import { viewOf } from '../src/engine/project-view.js';
import type { FileKind } from '../src/engine/types.js';
import { declaredVersions } from '../transforms/build/declared-versions.js';

const view = (files: Record<string, [FileKind, string]>) => viewOf('/x', Object.entries(files).map(([path, [kind, text]]) => ({ path, kind, text })));

const parent = (version: string) => `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>p</artifactId><version>1</version>
<properties><v.fm>${version}</v.fm></properties>
<dependencyManagement><dependencies><dependency><groupId>org.freemarker</groupId><artifactId>freemarker</artifactId><version>\${v.fm}</version></dependency></dependencies></dependencyManagement></project>`;
const child = `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><parent><groupId>g</groupId><artifactId>p</artifactId><version>1</version></parent><artifactId>c</artifactId>
<dependencies><dependency><groupId>org.freemarker</groupId><artifactId>freemarker</artifactId></dependency></dependencies></project>`;

describe('declaredVersions', () => {
  it('reads a managed version through its property and a versionless use under it', () => {
    const d = declaredVersions(view({ 'pom.xml': ['pom', parent('2.3.33')], 'c/pom.xml': ['pom', child] }), 'org.freemarker', 'freemarker', 'freemarker.version');
    expect(d).toEqual({ versions: ['2.3.33'], unresolved: 0, versionless: false });
  });

  it('a versionless use with nothing declared above it takes the version Boot manages', () => {
    const d = declaredVersions(view({ 'c/pom.xml': ['pom', child.replace(/<parent>.*<\/parent>/, '<groupId>g</groupId><version>1</version>')] }), 'org.freemarker', 'freemarker', 'freemarker.version');
    expect(d?.versionless).toBe(true);
  });

  it('resolves a Gradle coordinate variable from the root script, and a comment naming the group is no declaration', () => {
    const files = {
      'pom.xml': ['pom', parent('2.3.33')] as [FileKind, string],
      'build.gradle': ['gradle', "ext {\n    // https://mvnrepository.com/artifact/org.freemarker/freemarker\n    freemarkerVersion = '2.3.32'\n}\n"] as [FileKind, string],
      'web/build.gradle': ['gradle', 'dependencies {\n    implementation "org.freemarker:freemarker:${freemarkerVersion}"\n}\n'] as [FileKind, string],
    };
    expect(declaredVersions(view(files), 'org.freemarker', 'freemarker')?.versions.sort()).toEqual(['2.3.32', '2.3.33']);
  });

  it('reads map notation; a group named in a string that is no coordinate makes the answer unknown', () => {
    const map = { 'build.gradle': ['gradle', "dependencies {\n    implementation group: 'org.freemarker', name: 'freemarker', version: '2.3.31'\n}\n"] as [FileKind, string] };
    expect(declaredVersions(view(map), 'org.freemarker', 'freemarker')?.versions).toEqual(['2.3.31']);
    const other = { 'build.gradle': ['gradle', "def fm = 'org.freemarker'\ndependencies {\n    implementation \"${fm}:freemarker:2.3.33\"\n}\n"] as [FileKind, string] };
    expect(declaredVersions(view(other), 'org.freemarker', 'freemarker')).toBeUndefined();
  });
});
