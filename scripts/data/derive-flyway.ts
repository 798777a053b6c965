// flyway-databases-3x.json: where each database's Flyway support lives, per Flyway version the Boot
// minors manage (each minor's latest patch). From Flyway 10 most databases left flyway-core for a
// module of their own (flyway-database-postgresql, flyway-mysql, ...): an application migrating a
// PostgreSQL database with flyway-core alone then fails at start-up ("Unsupported Database"). The
// support is a `*DatabaseType` class: the data lists, per version, those in flyway-core and those in
// each database module the Boot BOM manages, read from the jars.
import type { Derivation } from './derive-boot-3x.js';
import type { Artifact } from './maven.js';
import { entryNames } from './jar.js';

const FLYWAY = 'org.flywaydb';
/** The database modules an application picks by its JDBC driver (the BOM manages more: cloud warehouses, Cassandra, ...). */
const MODULES = ['flyway-mysql', 'flyway-database-postgresql', 'flyway-sqlserver', 'flyway-database-oracle', 'flyway-database-db2', 'flyway-database-derby', 'flyway-database-hsqldb'];

/**
 * The JDBC drivers Boot manages and the Flyway database type each one talks to (a driver's vendor
 * database; MariaDB's own type lives beside MySQL's). Each coordinate is checked against the BOM of
 * the minor it is listed for; the type names are checked against the jars below.
 */
const DRIVERS: { coordinate: string; databaseTypes: string[] }[] = [
  { coordinate: 'org.postgresql:postgresql', databaseTypes: ['PostgreSQLDatabaseType'] },
  { coordinate: 'com.mysql:mysql-connector-j', databaseTypes: ['MySQLDatabaseType'] },
  { coordinate: 'mysql:mysql-connector-java', databaseTypes: ['MySQLDatabaseType'] },
  { coordinate: 'org.mariadb.jdbc:mariadb-java-client', databaseTypes: ['MariaDBDatabaseType'] },
  { coordinate: 'com.microsoft.sqlserver:mssql-jdbc', databaseTypes: ['SQLServerDatabaseType'] },
  { coordinate: 'com.oracle.database.jdbc:ojdbc11', databaseTypes: ['OracleDatabaseType'] },
  { coordinate: 'com.oracle.database.jdbc:ojdbc8', databaseTypes: ['OracleDatabaseType'] },
  { coordinate: 'com.ibm.db2:jcc', databaseTypes: ['DB2DatabaseType'] },
  { coordinate: 'org.apache.derby:derby', databaseTypes: ['DerbyDatabaseType'] },
  { coordinate: 'org.hsqldb:hsqldb', databaseTypes: ['HSQLDBDatabaseType'] },
];

function versions(d: Derivation): { minor: string; boot: string; flyway: string; modules: string[] }[] {
  return d.minors.map((m) => {
    const bom = d.bom(m.latest);
    const flyway = bom.properties['flyway.version'];
    if (!flyway) throw new Error(`spring-boot-dependencies ${m.latest}: no flyway.version`);
    const managed = new Set(bom.managed.map((e) => e.coordinate));
    return { minor: m.minor, boot: m.latest, flyway, modules: MODULES.filter((a) => managed.has(`${FLYWAY}:${a}`)) };
  });
}

export function flywayPlan(d: Derivation): Artifact[] {
  return versions(d).flatMap((v) => ['flyway-core', ...v.modules].map((a) => ({ groupId: FLYWAY, artifactId: a, version: v.flyway })));
}

function databaseTypes(jar: Buffer): string[] {
  return entryNames(jar)
    .filter((n) => /\/[A-Z]\w*DatabaseType\.class$/.test(n) && !/\/Base\w*DatabaseType\.class$/.test(n))
    .map((n) => n.slice(n.lastIndexOf('/') + 1, -'.class'.length))
    .sort();
}

export function deriveFlyway(d: Derivation): unknown {
  const rows = versions(d).map((v) => {
    const core = databaseTypes(d.read({ groupId: FLYWAY, artifactId: 'flyway-core', version: v.flyway }));
    const modules: Record<string, string[]> = {};
    for (const a of v.modules) {
      const art = { groupId: FLYWAY, artifactId: a, version: v.flyway };
      if (d.has(art)) modules[a] = databaseTypes(d.read(art));
    }
    const bom = d.bom(v.boot);
    const managed = new Set(bom.managed.map((e) => e.coordinate));
    return { minor: v.minor, boot: v.boot, flyway: v.flyway, core, modules, drivers: DRIVERS.filter((x) => managed.has(x.coordinate)).map((x) => x.coordinate) };
  });
  return {
    source: `${FLYWAY}:flyway-core and the database modules below, at the flyway.version of each minor's latest patch (Maven Central): the *DatabaseType classes each jar holds`,
    drivers: DRIVERS,
    versions: rows,
  };
}
