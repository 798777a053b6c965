// Spring Framework 6.0 in Kotlin sources: SocketUtils (token-level, shared with Java).
import type { LibContext, LibResult } from '../lib-edits.js';
import { migrateSocketUtils } from './socket-utils.js';

export function migrateSpring6Kotlin(ctx: LibContext): LibResult {
  return migrateSocketUtils(ctx);
}
