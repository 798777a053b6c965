// Builds the `libraryConfig` section: configuration values and keys that Boot 3.0's library
// upgrades change. ../shared/data does not cover Hibernate's dialect classes or springfox, so
// every row names the source it was read from: the hibernate-orm tree at the 5.6.15 and 6.1.7
// tags (Boot 2.7 manages 5.6.x, Boot 3.0 manages 6.1.7.Final per spring-boot-dependencies-3.0),
// springfox 3.0.0's sources and springdoc 2's property reference.
import type { DialectRow, LibraryConfigSection, SpringfoxKey } from '../../src/table/sections/library-config.js';
import { buildOpenFeign } from './openfeign-keys.js';

const ORM = 'https://github.com/hibernate/hibernate-orm';
const CORE_61 = `${ORM}/tree/6.1.7/hibernate-core/src/main/java/org/hibernate/dialect`;
const CORE_56 = `${ORM}/tree/5.6.15/hibernate-core/src/main/java/org/hibernate/dialect`;
const COMMUNITY_61 = `${ORM}/tree/6.1.7/hibernate-community-dialects/src/main/java/org/hibernate/community/dialect`;
const DIALECTS_DOC = `${ORM}/blob/6.1.7/dialects.adoc`;
/** A named dialect class with a DialectResolutionInfo constructor is given the connection's version. */
const FACTORY = `${ORM}/blob/6.1.7/hibernate-core/src/main/java/org/hibernate/engine/jdbc/dialect/internal/DialectFactoryImpl.java`;
const MYSQL_61 = `${ORM}/blob/6.1.7/hibernate-core/src/main/java/org/hibernate/dialect/MySQLDialect.java`;
const SPATIAL_61 = `${ORM}/blob/6.1.7/hibernate-spatial/src/main/java/org/hibernate/spatial/dialect/postgis/PostgisPG95Dialect.java`;
const SPATIAL_DOC = `${ORM}/blob/6.0.0/documentation/src/main/asciidoc/userguide/chapters/query/spatial/Spatial.adoc`;

const P = 'org.hibernate.dialect.';
const COMMUNITY = 'org.hibernate.community.dialect.';
const SPATIAL = 'org.hibernate.spatial.dialect.';

function gone(source: string): string {
  return `${CORE_61} (absent there; present in ${CORE_56}); ${source}`;
}

/** Classes removed from hibernate-core whose generic 6.1 class does the same job by itself. */
function renamed(): DialectRow[] {
  const mysqlInnoDb = gone(`MySQLDialect uses InnoDB from MySQL 5.5 on (getDefaultMySQLStorageEngine, ${MYSQL_61}) and reads the version from the connection (${FACTORY})`);
  const generic = gone(`the generic class reads the version from the connection (${FACTORY})`);
  const spatial = `${SPATIAL_61} ("A SpatialDialect is no longer required. Use the standard Dialect for this database"); ${SPATIAL_DOC}`;
  return [
    { from: `${P}MySQL5InnoDBDialect`, status: 'rename', to: `${P}MySQLDialect`, source: mysqlInnoDb },
    { from: `${P}MySQL57InnoDBDialect`, status: 'rename', to: `${P}MySQLDialect`, source: mysqlInnoDb },
    { from: `${P}MySQLInnoDBDialect`, status: 'rename', to: `${P}MySQLDialect`, source: mysqlInnoDb },
    { from: `${P}PostgreSQL10Dialect`, status: 'rename', to: `${P}PostgreSQLDialect`, source: generic },
    { from: `${P}CockroachDB192Dialect`, status: 'rename', to: `${P}CockroachDialect`, source: generic },
    { from: `${P}CockroachDB201Dialect`, status: 'rename', to: `${P}CockroachDialect`, source: generic },
    { from: `${P}Oracle9Dialect`, status: 'rename', to: `${P}OracleDialect`, source: generic },
    { from: `${SPATIAL}postgis.PostgisDialect`, status: 'rename', to: `${P}PostgreSQLDialect`, source: spatial },
    { from: `${SPATIAL}postgis.PostgisPG9Dialect`, status: 'rename', to: `${P}PostgreSQLDialect`, source: spatial },
    { from: `${SPATIAL}postgis.PostgisPG82Dialect`, status: 'rename', to: `${P}PostgreSQLDialect`, source: spatial },
    { from: `${SPATIAL}postgis.PostgisPG91Dialect`, status: 'rename', to: `${P}PostgreSQLDialect`, source: spatial },
    { from: `${SPATIAL}postgis.PostgisPG92Dialect`, status: 'rename', to: `${P}PostgreSQLDialect`, source: spatial },
    { from: `${SPATIAL}mysql.MySQL8SpatialDialect`, status: 'rename', to: `${P}MySQLDialect`, source: spatial },
  ];
}

/** Removed classes with no class that does the same job by itself. */
function reported(): DialectRow[] {
  const none = (name: string): DialectRow => ({
    from: `${P}${name}`,
    status: 'report',
    replacement: 'Hibernate 6 has no dialect for this database (neither hibernate-core nor hibernate-community-dialects); a custom Dialect subclass is needed',
    source: gone(`not in ${COMMUNITY_61} either`),
  });
  return [
    {
      from: `${P}MySQLMyISAMDialect`,
      status: 'report',
      replacement: `write ${P}MySQLDialect and set hibernate.dialect.storage_engine=myisam (MySQLDialect alone creates InnoDB tables)`,
      source: gone(MYSQL_61),
    },
    {
      from: `${P}DataDirectOracle9Dialect`,
      status: 'report',
      replacement: `write ${P}OracleDialect and check it with the DataDirect driver (the DataDirect-specific class is gone)`,
      source: gone(FACTORY),
    },
    {
      from: `${SPATIAL}h2geodb.GeoDBDialect`,
      status: 'report',
      replacement: `write ${P}H2Dialect and move from GeoDB to H2GIS, which Hibernate Spatial 6 supports (H2GIS has no GEOGRAPHY column type)`,
      source: SPATIAL_DOC,
    },
    ...['FrontBaseDialect', 'InterbaseDialect', 'JDataStoreDialect', 'MckoiDialect', 'PointbaseDialect', 'ProgressDialect'].map(none),
  ];
}

/** Legacy dialects moved out of hibernate-core into hibernate-community-dialects in 6.0. */
function community(): DialectRow[] {
  const names = [
    'CUBRIDDialect', 'Cache71Dialect', 'FirebirdDialect', 'Informix10Dialect', 'InformixDialect', 'Ingres10Dialect', 'Ingres9Dialect', 'IngresDialect',
    'MimerSQLDialect', 'RDMSOS2200Dialect', 'SAPDBDialect', 'SybaseAnywhereDialect', 'Teradata14Dialect', 'TeradataDialect', 'TimesTenDialect',
  ];
  return names.map((name) => ({ from: `${P}${name}`, status: 'community', to: `${COMMUNITY}${name}`, source: `${COMMUNITY_61}; ${DIALECTS_DOC}` }));
}

/** Still in 6.1.7 but deprecated, pinned to one version; the javadoc names the generic class. */
function deprecated(): DialectRow[] {
  const generic: Record<string, string[]> = {
    MySQLDialect: ['MySQL5Dialect', 'MySQL55Dialect', 'MySQL57Dialect', 'MySQL8Dialect'],
    MariaDBDialect: ['MariaDB53Dialect', 'MariaDB10Dialect', 'MariaDB102Dialect', 'MariaDB103Dialect', 'MariaDB106Dialect'],
    PostgreSQLDialect: ['PostgreSQL81Dialect', 'PostgreSQL82Dialect', 'PostgreSQL9Dialect', 'PostgreSQL91Dialect', 'PostgreSQL92Dialect', 'PostgreSQL93Dialect', 'PostgreSQL94Dialect', 'PostgreSQL95Dialect'],
    OracleDialect: ['Oracle8iDialect', 'Oracle9iDialect', 'Oracle10gDialect', 'Oracle12cDialect'],
    SQLServerDialect: ['SQLServer2005Dialect', 'SQLServer2008Dialect', 'SQLServer2012Dialect', 'SQLServer2016Dialect'],
    DerbyDialect: ['DerbyTenFiveDialect', 'DerbyTenSixDialect', 'DerbyTenSevenDialect'],
    DB2Dialect: ['DB297Dialect'],
    DB2zDialect: ['DB2390Dialect', 'DB2390V8Dialect'],
    DB2iDialect: ['DB2400Dialect', 'DB2400V7R3Dialect'],
    SybaseASEDialect: ['Sybase11Dialect', 'SybaseASE15Dialect', 'SybaseASE157Dialect'],
    HANAColumnStoreDialect: ['HANACloudColumnStoreDialect'],
  };
  return Object.entries(generic).flatMap(([to, olds]) =>
    olds.map((old) => ({ from: `${P}${old}`, status: 'deprecated' as const, to: `${P}${to}`, source: `${ORM}/blob/6.1.7/hibernate-core/src/main/java/org/hibernate/dialect/${old}.java (@deprecated)` })),
  );
}

const SPRINGFOX_SRC = 'https://github.com/springfox/springfox/tree/3.0.0';
const STARTER = `${SPRINGFOX_SRC}/springfox-boot-starter/src/main/java/springfox/boot/starter/autoconfigure`;
const SPRINGDOC_PROPS = 'https://springdoc.org/v2/core-properties.html';
const SPRINGDOC_UI_PROPS = 'https://springdoc.org/v2/properties.html#_swagger_ui_properties';
/** springdoc 2's Constants.SPRINGDOC_ENABLED = springdoc.api-docs.enabled guards its whole configuration, UI included. */
const SPRINGDOC_ENABLED = 'https://github.com/springdoc/springdoc-openapi/blob/v2.0.0/springdoc-openapi-starter-common/src/main/java/org/springdoc/core/utils/Constants.java';

function springfoxKeys(): SpringfoxKey[] {
  return [
    {
      from: 'springfox.documentation.enabled',
      to: 'springdoc.api-docs.enabled',
      note: 'both switch the whole library off (springfox: OpenApiAutoConfiguration; springdoc: every configuration is conditional on springdoc.api-docs.enabled, the UI included)',
      source: `${STARTER}/OpenApiAutoConfiguration.java; ${SPRINGDOC_PROPS}; ${SPRINGDOC_ENABLED}`,
    },
    {
      from: 'springfox.documentation.swagger-ui.enabled',
      to: 'springdoc.swagger-ui.enabled',
      note: 'both switch the Swagger UI off and leave the JSON document',
      source: `${STARTER}/SwaggerUiWebMvcConfiguration.java; ${SPRINGDOC_UI_PROPS}`,
    },
    {
      from: 'springfox.documentation.open-api.v3.path',
      to: 'springdoc.api-docs.path',
      note: 'both set the path of the OpenAPI 3 JSON document (default /v3/api-docs in both)',
      source: `${SPRINGFOX_SRC}/springfox-oas/src/main/java/springfox/documentation/oas/web/SpecGeneration.java; ${SPRINGDOC_PROPS}`,
    },
    {
      from: 'springfox.documentation.swagger.v2.path',
      note: 'springdoc serves no Swagger 2 document; its OpenAPI 3 document lives at springdoc.api-docs.path (set it to this path only if every client of the path reads OpenAPI 3)',
      source: `${SPRINGFOX_SRC}/springfox-swagger-common/src/main/java/springfox/documentation/swagger/web/InMemorySwaggerResourcesProvider.java; ${SPRINGDOC_PROPS}`,
    },
    {
      from: 'springfox.documentation.swagger-ui.base-url',
      note: 'springfox prefixes the UI and its resources with it (<base-url>/swagger-ui/index.html); springdoc.swagger-ui.path names the UI page itself (/swagger-ui.html), so the URLs differ',
      source: `${STARTER}/SwaggerUiWebMvcConfiguration.java; ${SPRINGDOC_UI_PROPS}`,
    },
    {
      from: 'springfox.documentation.auto-startup',
      note: 'springdoc computes the document on first request and has no start-up switch',
      source: `${SPRINGFOX_SRC}/springfox-spring-web/src/main/java/springfox/documentation/spring/web/plugins/DocumentationPluginsBootstrapper.java; ${SPRINGDOC_PROPS}`,
    },
    {
      from: 'springfox.documentation.swagger.v2.host',
      note: 'springdoc has no host property; declare the servers on an OpenAPI bean (new OpenAPI().servers(...)) or with @OpenAPIDefinition(servers = ...)',
      source: `${SPRINGFOX_SRC}/springfox-swagger2/src/main/java/springfox/documentation/swagger2/web/WebMvcBasePathAndHostnameTransformationFilter.java; ${SPRINGDOC_PROPS}`,
    },
    {
      from: 'springfox.documentation.swagger.use-model-v3',
      note: 'springdoc always builds OpenAPI 3 models; the key has no counterpart',
      source: `${SPRINGFOX_SRC}/springfox-swagger2/src/main/java/springfox/documentation/swagger2/mappers/ServiceModelToSwagger2Mapper.java; ${SPRINGDOC_PROPS}`,
    },
    {
      from: 'springfox.documentation.swagger.v1.path',
      note: 'springdoc serves no Swagger 1.2 document',
      source: `${SPRINGFOX_SRC}/springfox-swagger1/src/main/java/springfox/documentation/swagger1/web/Swagger1Controller.java`,
    },
  ];
}

export function buildLibraryConfig(): LibraryConfigSection {
  return {
    hibernateDialects: {
      keys: ['spring.jpa.database-platform', 'spring.jpa.properties.hibernate.dialect'],
      hibernate: '6.1.7.Final',
      communityArtifact: 'org.hibernate.orm:hibernate-community-dialects',
      dialects: [...renamed(), ...community(), ...deprecated(), ...reported()],
    },
    springfox: { prefix: 'springfox.', keys: springfoxKeys(), source: SPRINGFOX_SRC },
    openfeign: buildOpenFeign(),
  };
}
