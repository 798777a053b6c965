// A synthetic Spring Boot 2.7 repository, the same for the same N: multi-module, mostly Java
// (about one file in eight imports javax), some Kotlin, configuration files, poms and Gradle
// builds. Content varies with a seeded generator so files are not identical.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const JAVAX = ['javax.persistence.Entity', 'javax.persistence.Id', 'javax.servlet.http.HttpServletRequest', 'javax.validation.constraints.NotNull', 'javax.annotation.PostConstruct', 'javax.transaction.Transactional'];
const JDK = ['javax.sql.DataSource', 'javax.crypto.Cipher', 'java.util.List', 'java.util.Map', 'org.springframework.stereotype.Service'];

function javaFile(pkg: string, name: string, withJavax: boolean, r: () => number): string {
  const imports = [...JDK.filter(() => r() < 0.5), ...(withJavax ? JAVAX.filter(() => r() < 0.6) : [])];
  if (withJavax && !imports.some((i) => i.startsWith('javax.') && !i.startsWith('javax.sql') && !i.startsWith('javax.crypto'))) imports.push(JAVAX[0]!);
  const methods = Array.from({ length: 3 + Math.floor(r() * 12) }, (_, i) =>
    `    /** Computes value ${i}; see javax.persistence docs in comments (never rewritten). */\n    public int compute${i}(int a, int b) {\n        String s = "javax.servlet is only text here";\n        return a * ${i} + b - s.length();\n    }\n`,
  );
  // about one class in twenty reads a configuration key that 3.0 renames
  const field = r() < 0.05 ? '    @Value("${spring.redis.host:localhost}")\n    private String host;\n\n' : '    private final String host = "localhost";\n\n';
  return `package ${pkg};\n\n${imports.map((i) => `import ${i};`).join('\n')}\n\n@Service\npublic class ${name} {\n${field}${methods.join('\n')}}\n`;
}

function kotlinFile(pkg: string, name: string, withJavax: boolean): string {
  return `package ${pkg}\n\n${withJavax ? 'import javax.persistence.Entity\nimport javax.persistence.Id\n' : 'import jakarta.persistence.Entity\n'}\n@Entity\nclass ${name}(@Id val id: Long, val name: String)\n`;
}

const PROPERTIES = `spring.application.name=bench
server.max-http-header-size=16KB
spring.redis.host=localhost
spring.redis.port=6379
management.endpoints.web.exposure.include=health,httptrace
management.metrics.export.prometheus.enabled=true
spring.jpa.show-sql=false
logging.level.root=INFO
`;

const YAML = `spring:
  redis:
    host: localhost
    port: 6379
  jpa:
    open-in-view: false
management:
  metrics:
    export:
      datadog:
        step: 30s
server:
  port: 8080
`;

function pom(module: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>org.springframework.boot</groupId>
    <artifactId>spring-boot-starter-parent</artifactId>
    <version>2.7.18</version>
  </parent>
  <artifactId>${module}</artifactId>
  <properties>
    <java.version>11</java.version>
  </properties>
  <dependencies>
    <dependency>
      <groupId>org.springframework.boot</groupId>
      <artifactId>spring-boot-starter-web</artifactId>
    </dependency>
    <dependency>
      <groupId>mysql</groupId>
      <artifactId>mysql-connector-java</artifactId>
    </dependency>
  </dependencies>
</project>
`;
}

const PERSISTENCE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<persistence xmlns="http://xmlns.jcp.org/xml/ns/persistence" version="2.2"
             xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
             xsi:schemaLocation="http://xmlns.jcp.org/xml/ns/persistence http://xmlns.jcp.org/xml/ns/persistence/persistence_2_2.xsd">
  <persistence-unit name="bench">
    <properties>
      <property name="javax.persistence.lock.timeout" value="1000"/>
    </properties>
  </persistence-unit>
</persistence>
`;

export interface Generated {
  dir: string;
  files: number;
  bytes: number;
}

/** Writes about `n` files below `dir` (100 files a module). */
export function generateRepository(dir: string, n: number, seed = 42): Generated {
  const r = rng(seed);
  let files = 0;
  let bytes = 0;
  const put = (rel: string, text: string) => {
    const p = path.join(dir, rel);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, text);
    files++;
    bytes += Buffer.byteLength(text);
  };
  for (let m = 0; files < n; m++) {
    const module = `module-${m}`;
    const pkg = `com.example.m${m}`;
    put(`${module}/pom.xml`, pom(module));
    put(`${module}/src/main/resources/application.properties`, PROPERTIES);
    put(`${module}/src/main/resources/application-prod.yml`, YAML);
    put(`${module}/src/main/resources/META-INF/persistence.xml`, PERSISTENCE_XML);
    for (let i = 0; i < 96 && files < n; i++) {
      const withJavax = r() < 0.13;
      if (i % 10 === 9) put(`${module}/src/main/kotlin/${pkg.replace(/\./g, '/')}/K${i}.kt`, kotlinFile(pkg, `K${i}`, withJavax));
      else put(`${module}/src/main/java/${pkg.replace(/\./g, '/')}/C${i}.java`, javaFile(pkg, `C${i}`, withJavax, r));
    }
  }
  return { dir, files, bytes };
}
