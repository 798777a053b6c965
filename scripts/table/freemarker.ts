// FreeMarker's Servlet and JSP integration (freemarker.ext.servlet, freemarker.ext.jsp and
// freemarker.cache.WebappTemplateLoader) is built on javax.servlet: code that names these types
// does not compile against the jakarta.servlet of Boot 3.0 ("cannot access
// javax.servlet.http.HttpServletRequest"). FreeMarker 2.3.33 added Jakarta twins under
// freemarker.ext.jakarta.* with the same simple names, but Boot 3.0 manages 2.3.31, and Spring
// Framework 6.0's FreeMarkerView no longer puts FreeMarker's servlet models (Request, Session,
// Application, JspTaglibs) into the template model: moving the import alone compiles only after a
// FreeMarker upgrade and does not bring the models back. So each use is an error naming both,
// unless the build already declares FreeMarker 2.3.33 or later: then the code moves to the twins
// (a jakartaVariants row with `since`), the same classes for the jakarta.servlet API.
// The class lists are read from the published jars on Maven Central.
import type { ApiFollowUp } from '../../src/table/sections/sources.js';
import type { JakartaVariantRow } from '../../src/table/sections/libraries.js';

const SOURCE =
  'Maven Central: org.freemarker:freemarker 2.3.31 (the version Spring Boot 3.0 manages) and 2.3.33 (first with freemarker/ext/jakarta/servlet and freemarker/ext/jakarta/jsp, the same class names), class listings; org.springframework:spring-webmvc 6.0.14 sources, FreeMarkerView#buildTemplateModel (the MVC model with a request-attribute fallback, no servlet models); https://github.com/spring-projects/spring-framework/issues/27423';
const DOCS = 'https://github.com/spring-projects/spring-framework/issues/27423';

/** Public classes of FreeMarker 2.3.31 built on javax.servlet -> the package of their Jakarta twin in 2.3.33. */
const CLASSES: [string, string[]][] = [
  ['freemarker.ext.servlet', ['AllHttpScopesHashModel', 'FreemarkerServlet', 'HttpRequestHashModel', 'HttpRequestParametersHashModel', 'HttpSessionHashModel', 'IncludePage', 'InitParamParser', 'ServletContextHashModel']],
  ['freemarker.ext.jsp', ['CustomTagAndELFunctionCombiner', 'EventForwarding', 'FreeMarkerJspApplicationContext', 'FreeMarkerJspFactory', 'FreeMarkerPageContext', 'FreemarkerTag', 'JspContextModel', 'JspTagModelBase', 'JspWriterAdapter', 'PageContextFactory', 'SimpleTagDirectiveModel', 'TagTransformModel', 'TaglibFactory', 'TaglibMethodUtil']],
  ['freemarker.cache', ['WebappTemplateLoader']],
];

const JAKARTA: Record<string, string> = {
  'freemarker.ext.servlet': 'freemarker.ext.jakarta.servlet',
  'freemarker.ext.jsp': 'freemarker.ext.jakarta.jsp',
  'freemarker.cache': 'freemarker.ext.jakarta.servlet',
};

export function freemarkerServletFollowUps(): ApiFollowUp[] {
  return CLASSES.flatMap(([pkg, names]) =>
    names.map((name): ApiFollowUp => {
      const twin = `${JAKARTA[pkg]}.${name}`;
      return {
        type: `${pkg}.${name}`,
        kind: 'type',
        action: 'manual',
        replacement: twin,
        message: `${name} is FreeMarker's javax.servlet integration and does not compile against Boot 3.0's jakarta.servlet; FreeMarker 2.3.33 and later have ${twin} (Boot 3.0 manages FreeMarker 2.3.31: set freemarker.version to 2.3.33 or later, then import that). Spring Framework 6's FreeMarkerView no longer exposes the Request, Session, Application and JspTaglibs models to templates (source: ${SOURCE})`,
        docs: DOCS,
        severity: 'error',
      };
    }),
  );
}

/** The twins as a jakartaVariants row: the code moves when every FreeMarker the build declares is 2.3.33 or later. */
export function freemarkerVariant(): JakartaVariantRow {
  return {
    artifacts: ['org.freemarker:freemarker'],
    jakartaArtifacts: ['org.freemarker:freemarker'],
    since: '2.3.33',
    versionProperty: 'freemarker.version',
    packages: [],
    types: CLASSES.flatMap(([pkg, names]) => names.map((name) => ({ from: `${pkg}.${name}`, to: `${JAKARTA[pkg]}.${name}` }))),
    members: [],
    gone: [],
    note: "Spring Framework 6's FreeMarkerView no longer exposes the Request, Session, Application and JspTaglibs models to templates",
    // the row's source is a link (schema); the class lists behind it are SOURCE, kept in the follow-ups' messages
    source: 'https://repo.maven.apache.org/maven2/org/freemarker/freemarker/2.3.33/freemarker-2.3.33.jar',
  };
}
