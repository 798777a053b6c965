// A Gradle script is tokenized once per text while a memo is open (src/formats/gradle-tokens.ts):
// the module decision asks three questions of every script and reads its tokens once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Parser } from 'web-tree-sitter';
import { ParseError, type ProjectFile, type ProjectView } from '../src/engine/types.js';
import { gradleTokens, rememberingGradleTokens } from '../src/formats/gradle-tokens.js';
import { loadGrammar } from '../src/formats/tree-sitter.js';
import { loadTable } from '../src/table/load.js';
import { decideModules } from '../transforms/build/module-decision.js';

afterEach(() => vi.restoreAllMocks());

function project(files: Record<string, string>): ProjectView {
  const list: ProjectFile[] = Object.entries(files).map(([path, text]) => ({ path, text, kind: path.endsWith('.kts') ? 'gradle-kts' : path.endsWith('.gradle') ? 'gradle' : 'java' }));
  return { root: '/x', files: list, byPath: new Map(list.map((f) => [f.path, f])), ofKind: (...k) => list.filter((f) => k.includes(f.kind)) };
}

describe('Gradle tokens', () => {
  const script = "plugins {\n  id 'org.springframework.boot' version '2.7.18'\n}\n";

  it('are tokenized anew outside a memo, once per text inside one, a failure included', async () => {
    expect(gradleTokens('groovy', script)).not.toBe(gradleTokens('groovy', script));
    await rememberingGradleTokens(async () => {
      const first = gradleTokens('groovy', script);
      expect(gradleTokens('groovy', script)).toBe(first);
      expect(gradleTokens('groovy', `${script}\n`)).not.toBe(first);
      let thrown: unknown;
      try {
        gradleTokens('groovy', 'dependencies {\n');
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(ParseError);
      expect(() => gradleTokens('groovy', 'dependencies {\n')).toThrow(thrown as Error);
    });
    expect(gradleTokens('groovy', script)).not.toBe(gradleTokens('groovy', script)); // the memo ended with the call
  });

  it('the module decision parses each Kotlin build script once', async () => {
    await loadGrammar('kotlin');
    const files = {
      'settings.gradle.kts': 'include("app", "lib")\n',
      'app/build.gradle.kts': 'plugins {\n  id("org.springframework.boot") version "2.7.18"\n  java\n}\n',
      'lib/build.gradle.kts': 'plugins {\n  `java-library`\n}\ndependencies {\n  implementation("org.springframework.boot:spring-boot-starter:2.7.18")\n}\n',
    };
    const parses = vi.spyOn(Parser.prototype, 'parse');
    const decision = await decideModules(project(files), { table: loadTable(), options: {}, ruleSelected: () => true } as never, false);
    expect(decision.modules.map((m) => [m.dir, m.line])).toEqual([
      ['app', 'boot2'],
      ['lib', 'boot2'],
    ]);
    const parsed = parses.mock.calls.map((c) => c[0]);
    expect(parsed.filter((t) => t === files['app/build.gradle.kts'])).toHaveLength(1);
    expect(parsed.filter((t) => t === files['lib/build.gradle.kts'])).toHaveLength(1);
  });
});
