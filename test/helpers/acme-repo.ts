// A small invented Boot 2.7 service inside a git repository, below services/app (a monorepo
// module): one renamed key and a Hibernate dialect Hibernate 6.1 no longer has (error: the
// application does not start), one javax entity, two controller routes (one trailing-slash
// warning for the application), a Gradle build. Used by the CLI tests that run the real process.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PROPS = 'spring.redis.host=localhost\nspring.jpa.database-platform=org.hibernate.dialect.FirebirdDialect\n';
export const PROPS_PATH = 'services/app/src/main/resources/application.properties';
export const JAVA_PATH = 'services/app/src/main/java/com/acme/shop/Orders.java';
export const GRADLE_PATH = 'services/app/build.gradle';

const GRADLE = `plugins {
    id 'org.springframework.boot' version '2.7.18'
    id 'java'
}
dependencies {
    implementation 'org.springframework.boot:spring-boot-starter-web'
}
`;

const JAVA = `package com.acme.shop;

import javax.persistence.Entity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class Orders {
    @GetMapping("/orders")
    public String list() { return ""; }
    @GetMapping("/orders/{id}")
    public String one() { return ""; }
}
`;

export const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });

/** Writes the files; with `withGit`, commits them in a fresh repository at the top folder. */
export function acmeRepo(temps: string[], withGit = true, extra: Record<string, string> = {}): string {
  const top = mkdtempSync(path.join(os.tmpdir(), 'bu-acme-'));
  temps.push(top);
  const files: Record<string, string> = { [PROPS_PATH]: PROPS, [JAVA_PATH]: JAVA, [GRADLE_PATH]: GRADLE, ...extra };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(top, rel)), { recursive: true });
    writeFileSync(path.join(top, rel), text);
  }
  if (withGit) {
    git(top, 'init', '-q');
    git(top, 'add', '.');
    git(top, 'commit', '-qm', 'init');
  }
  return top;
}
