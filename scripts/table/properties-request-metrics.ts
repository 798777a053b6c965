// Boot 2.7's request-metric keys (management.metrics.web.{server,client}.request.autotime.*) that
// 3.0 replaces with per-meter keys. 3.0 times every request through the observation, named
// http.server.requests / http.client.requests by default; what autotime configured is set on that
// meter: percentiles and percentiles-histogram in management.metrics.distribution.*, and whether
// the meter is recorded at all in management.metrics.enable. The facts are the two jars'
// metadata (scripts/table/facts/actuator-request-metrics.json, scripts/table/derive/request-metrics.mjs).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PropertyRename } from '../../src/table/sections/properties.js';

interface Property {
  name: string;
  type: string | null;
  description: string | null;
  deprecation?: { level?: string; replacement?: string; reason?: string };
}

interface Line {
  coordinates: string;
  source: string;
  properties: Property[];
}

const FACTS = 'actuator-request-metrics.json';

/** The 3.0 map (keyed by a meter name prefix) that takes each autotime setting, by the setting's last segment. */
const MAPS: Record<string, string> = {
  enabled: 'management.metrics.enable',
  percentiles: 'management.metrics.distribution.percentiles',
  'percentiles-histogram': 'management.metrics.distribution.percentiles-histogram',
};

const NOTES: Record<string, string> = {
  enabled: 'Boot 3.0 always observes requests: true (the 2.7 default) keeps the meter, false turns the meter off',
  percentiles: 'the same percentiles, published for the request meter',
  'percentiles-histogram': 'the same histogram switch, for the request meter',
};

export function requestMetricRows(): PropertyRename[] {
  const facts = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'facts', FACTS), 'utf8')) as { old: Line; new: Line };
  const oldKeys = new Map(facts.old.properties.map((p) => [p.name, p]));
  const newKeys = new Map(facts.new.properties.map((p) => [p.name, p]));
  const rows: PropertyRename[] = [];
  for (const side of ['server', 'client'] as const) {
    const observation = newKeys.get(`management.observations.http.${side}.requests.name`);
    const meter = /default "([^"]+)"/.exec(observation?.description ?? '')?.[1];
    if (!meter) throw new Error(`${FACTS}: no default ${side} observation name in ${facts.new.coordinates}`);
    const metricName = `management.metrics.web.${side}.request.metric-name`;
    for (const [setting, map] of Object.entries(MAPS)) {
      const from = `management.metrics.web.${side}.request.autotime.${setting}`;
      const old = oldKeys.get(from);
      const target = newKeys.get(map);
      if (!old || !target) throw new Error(`${FACTS}: ${old ? map : from} is missing`);
      if (newKeys.get(from)?.deprecation?.level !== 'error') throw new Error(`${FACTS}: ${from} is not an error-level deprecation in ${facts.new.coordinates}`);
      // the map's value type must be the old key's type: the value carries over as written
      if (target.type !== `java.util.Map<java.lang.String,${old.type}>`) throw new Error(`${FACTS}: ${map} (${target.type}) does not take ${from}'s ${old.type}`);
      rows.push({
        from,
        to: `${map}.${meter}`,
        level: 'error',
        source: `${facts.new.source} (${map}: ${target.type}; management.observations.http.${side}.requests.name defaults to ${meter}); ${facts.old.source}`,
        note: NOTES[setting]!,
        meter: { name: meter, nameKeys: [metricName, `management.observations.http.${side}.requests.name`] },
      });
    }
  }
  return rows;
}
