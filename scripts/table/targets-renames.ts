// Type renames of a minor step that code can take: the deprecated type and its replacement come
// from the data (boot-apis-3x.json: the @deprecated link), the shape from comparing the two sources.
// Spring Boot 3.4 deprecates its Mockito support for Spring Framework 6.2's bean overrides:
//   @MockBean -> @MockitoBean: same name, extraInterfaces, serializable and reset (MockReset, which
//     moves too); `value`/`classes` (types to mock in @MockBean, a bean name in @MockitoBean) and
//     `answer` (`answers`) differ; @MockitoBean is read on test classes only, not in
//     @Configuration / @TestConfiguration classes, where @MockBean worked.
//   MockReset -> MockReset: the same enum (BEFORE, AFTER, NONE; before(), after(), withSettings(), apply()).
//   @SpyBean -> @MockitoSpyBean is not renamed: @SpyBean adds the bean when the context has none,
//     @MockitoSpyBean fails then, which a source cannot show; its uses are reported (follow-ups).
import type { TypeRename } from '../../src/table/sections/sources.js';
import { releaseNotes } from './targets.js';

interface ApiRow {
  fqcn: string;
  deprecated: { replacements: string[] } | null;
}

const SHAPE_SOURCE =
  'spring-boot-test 3.4.13 sources (mock/mockito/MockBean.java, MockReset.java) compared with spring-test 6.2.19 sources (bean/override/mockito/MockitoBean.java, MockReset.java)';
const BOOT_MOCKITO = 'org.springframework.boot.test.mock.mockito';

function replacementOf(rows: ApiRow[], fqcn: string): string {
  const row = rows.find((r) => r.fqcn === fqcn);
  const to = row?.deprecated?.replacements;
  if (!to || to.length !== 1) throw new Error(`boot-apis-3x.json: ${fqcn} has no single replacement`);
  return to[0]!;
}

export function renamesOf(minor: string, deprecated: ApiRow[]): TypeRename[] {
  if (minor !== '3.4') return [];
  const docs = releaseNotes('3.4');
  return [
    {
      from: `${BOOT_MOCKITO}.MockBean`,
      to: replacementOf(deprecated, `${BOOT_MOCKITO}.MockBean`),
      kind: 'annotation',
      note: 'Spring Boot 3.4 deprecates @MockBean (removed in 4.0) for Spring Framework 6.2\'s @MockitoBean',
      docs,
      shape: 'annotation-attributes',
      changes: "@MockitoBean's value is a bean name (types go in `types`), `answer` is `answers`, and it is read on test classes only",
      removed: false,
      annotation: {
        keeps: ['name', 'extraInterfaces', 'serializable', 'reset'],
        preserve: {},
        notInClassesAnnotated: ['org.springframework.context.annotation.Configuration', 'org.springframework.boot.test.context.TestConfiguration'],
      },
      shapeSource: SHAPE_SOURCE,
    },
    {
      from: `${BOOT_MOCKITO}.MockReset`,
      to: replacementOf(deprecated, `${BOOT_MOCKITO}.MockReset`),
      kind: 'type',
      note: "Boot's MockReset is deprecated with @MockBean; @MockitoBean's reset takes Spring Framework's",
      docs,
      shape: 'same',
      changes: 'the same constants and static methods',
      removed: false,
      shapeSource: SHAPE_SOURCE,
    },
  ];
}
