// The observability module's messages, which the fixtures (rule, path, line) do not show: the
// convention each tags type points to, the Java and Kotlin method forms, and the Sleuth
// annotation findings never turning into an edit.
import { describe, expect, it } from 'vitest';
import type { ProjectView } from '../src/engine/types.js';
import { scanJvm, type JvmLang } from '../src/formats/jvm-tokens.js';
import { loadTable } from '../src/table/load.js';
import type { LibContext } from '../transforms/sources/lib-edits.js';
import { buildModel } from '../transforms/sources/model.js';
import { migrateObservability, ownedTypes } from '../transforms/sources/observability/observability.js';

const libs = loadTable().libraries!;
const none: ProjectView = { root: '/x', files: [], byPath: new Map(), ofKind: () => [] };

function run(text: string, lang: JvmLang = 'java') {
  const ctx: LibContext = { model: buildModel(text, scanJvm(text, lang)), lang, eol: '\n', libs, project: none };
  return migrateObservability(ctx);
}

describe('observability/tags-provider', () => {
  it('points a WebFlux contributor at the reactive convention and its context getters', () => {
    const r = run(
      'import org.springframework.boot.actuate.metrics.web.reactive.server.WebFluxTagsContributor;\nclass RegionTags implements WebFluxTagsContributor {}\n',
    );
    expect(r.edits).toEqual([]);
    expect(r.findings).toHaveLength(1);
    const m = r.findings[0]!.message;
    expect(m).toContain('RegionTags is a WebFluxTagsContributor');
    expect(m).toContain('org.springframework.http.server.reactive.observation.DefaultServerRequestObservationConvention');
    expect(m).toContain('getLowCardinalityKeyValues(ServerRequestObservationContext context)');
    expect(m).toContain('context.getAttributes()');
    expect(m).not.toContain('or implement'); // a contributor adds tags: extending the default is the whole answer
  });

  it('offers implementing the interface for a whole provider, in Kotlin form', () => {
    const r = run('import org.springframework.boot.actuate.metrics.web.servlet.WebMvcTagsProvider\nclass All : WebMvcTagsProvider {\n}\n', 'kotlin');
    const m = r.findings[0]!.message;
    expect(m).toContain('or implement ServerRequestObservationConvention');
    expect(m).toContain('override fun getLowCardinalityKeyValues(context: ServerRequestObservationContext): KeyValues');
    expect(m).toContain('getLongRequestTags has no counterpart');
  });

  it('reports nothing for a type of the same simple name from elsewhere', () => {
    expect(run('import com.example.acme.WebMvcTagsProvider;\nclass A implements WebMvcTagsProvider {}\n').findings).toEqual([]);
  });

  it('owns exactly the table rows, so the generic follow-up does not repeat them', () => {
    expect(ownedTypes(libs)).toEqual(libs.observability.tagsProviders.map((r) => r.type));
    expect(ownedTypes(libs)).toContain('org.springframework.boot.actuate.metrics.web.client.RestTemplateExchangeTagsProvider');
  });
});

describe('observability/new-span', () => {
  it('reports Sleuth annotations (warnings: build/sleuth-tracing is the error) and never renames them', () => {
    const r = run('import org.springframework.cloud.sleuth.annotation.*;\nclass P {\n  @NewSpan("x") void a(@SpanTag("k") String k) {}\n}\n');
    expect(r.edits).toEqual([]);
    expect(r.findings.map((f) => [f.rule, f.severity])).toEqual([
      ['observability/new-span', 'warning'],
      ['observability/new-span', 'warning'],
    ]);
    expect(r.findings[0]!.message).toContain('nothing that processes it (SpanAspect arrives in 1.1)');
    expect(r.findings[1]!.message).toContain('lowCardinalityKeyValues = {"<key>", "<constant>"}');
  });

  it('writes the Kotlin array form in Kotlin files', () => {
    const r = run('import org.springframework.cloud.sleuth.annotation.SpanTag\nclass P {\n  fun a(@SpanTag("k") k: String) {}\n}\n', 'kotlin');
    expect(r.findings[0]!.message).toContain('lowCardinalityKeyValues = ["<key>", "<constant>"]');
  });

  it('leaves Micrometer Tracing annotations alone', () => {
    expect(run('import io.micrometer.tracing.annotation.NewSpan;\nclass P { @NewSpan void a() {} }\n').findings).toEqual([]);
  });
});
