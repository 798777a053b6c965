// Does the project declare a method of this name itself (a user type with antMatchers(..) or
// authorizeRequests(..))? Then a call whose receiver's type the file does not show may be that
// type's, not Spring Security's. Read once per project and name from the files that hold the name.
import type { LibContext } from '../lib-edits.js';
import { projectModel } from '../run-decision.js';

const NOT_A_TYPE = new Set(['return', 'new', 'throw', 'case', 'else', 'yield', 'assert', 'this', 'super', 'in', 'is', 'as']);

const cache = new WeakMap<object, Map<string, boolean>>();

export function userDeclares(ctx: LibContext, name: string): boolean {
  let byName = cache.get(ctx.project);
  if (!byName) cache.set(ctx.project, (byName = new Map()));
  const hit = byName.get(name);
  if (hit !== undefined) return hit;
  let found = false;
  for (const f of ctx.project.ofKind('java', 'kotlin')) {
    if (!f.text?.includes(name)) continue;
    const model = projectModel(f);
    if (!model) continue;
    const { tokens } = model;
    for (let j = 1; j < tokens.length - 1 && !found; j++) {
      if (tokens[j]!.value !== name || tokens[j + 1]!.value !== '(') continue;
      const prev = tokens[j - 1]!;
      // Java `Type name(`, `> name(` (generic return type); Kotlin `fun name(` / `fun Type.name(`.
      if (prev.value === 'fun' || (prev.type === 'ident' && !NOT_A_TYPE.has(prev.value)) || prev.value === '>' || (prev.value === '.' && tokens[j - 3]?.value === 'fun')) found = true;
    }
    if (found) break;
  }
  byName.set(name, found);
  return found;
}
