// Sleuth -> Micrometer Tracing keys. Spring Cloud Sleuth's keys
// are not in Boot's metadata: the data names the move (spring-cloud-trains.json: "configured under
// management.tracing.*"), the rows below name the keys, checked against the public pages in SOURCE.
import type { PropertyConversion, PropertyRemoval, PropertyRename } from '../../src/table/sections/properties.js';
import type { DataDir } from './data.js';

const SOURCE =
  'https://github.com/micrometer-metrics/tracing/wiki/Spring-Cloud-Sleuth-3.1-Migration-Guide; https://docs.openrewrite.org/recipes/java/spring/cloud2022/migratecloudsleuthtomicrometertracing; Boot 3.0 ZipkinProperties (management.zipkin.tracing.endpoint, default http://localhost:9411/api/v2/spans)';

export function sleuthRows(data: DataDir): { rename: PropertyRename[]; remove: PropertyRemoval[]; convert: PropertyConversion[] } {
  const trains = data.read<{ removedIn2022_0: Record<string, string> }>('spring-cloud-trains.json');
  const why = trains.removedIn2022_0['spring-cloud-sleuth'];
  if (!why) throw new Error('spring-cloud-trains.json: no removedIn2022_0 note for spring-cloud-sleuth');
  return {
    rename: [{ from: 'spring.sleuth.sampler.probability', to: 'management.tracing.sampling.probability', level: 'error', source: SOURCE, note: 'Micrometer Tracing samples with the same 0.0-1.0 probability' }],
    remove: [{ key: 'spring.sleuth', prefix: true, level: 'error', reason: `${why}; this Sleuth setting has no one-to-one management.tracing.* key: check the Micrometer Tracing migration guide`, source: SOURCE }],
    convert: [
      {
        from: ['spring.zipkin.base-url'],
        to: 'management.zipkin.tracing.endpoint',
        convert: 'zipkin-base-url-to-endpoint',
        level: 'error',
        reason: 'Sleuth posted spans to <base-url>/api/v2/spans; Boot 3.0 takes the whole span endpoint',
        source: SOURCE,
      },
    ],
  };
}
