// Reading ../shared/data (the facts) for the table generator. Only the generator reads it;
// the tool reads the generated migration-table.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface DataDir {
  dir: string;
  read<T = unknown>(file: string): T;
}

export function openDataDir(dir: string): DataDir {
  return {
    dir,
    read<T>(file: string): T {
      return JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as T;
    },
  };
}

/** A row of boot-3.0-removed-apis.json (the fields the builders read). */
export interface RemovedApi {
  fqcn: string;
  kind: string;
  replacement: string | null;
  note?: string;
  source?: string;
}

export const GUIDE = 'https://github.com/spring-projects/spring-boot/wiki/Spring-Boot-3.0-Migration-Guide';

/** A Migration Guide link for an anchor the data cites ("#spring-session-store-type"). */
export function guide(anchor?: string): string {
  return anchor ? `${GUIDE}${anchor.startsWith('#') ? '' : '#'}${anchor}` : GUIDE;
}
