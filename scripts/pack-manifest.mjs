// npm pack / publish: the packed package.json carries no scripts. `prepare` builds dist/ for a
// clone (`npm install` in the repository, pre-commit's install), but in a published package npm
// 11 lists it among "install scripts not yet covered by allowScripts" and warns every user who
// installs the tool, although it never runs there. `prepack` builds and then strips the scripts
// (`strip`); `postpack` puts the file back byte for byte (`restore`).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const manifest = path.join(root, 'package.json');
const saved = path.join(root, 'node_modules', '.boot-upgrade-package.json');

if (process.argv[2] === 'strip') {
  const text = readFileSync(manifest, 'utf8');
  writeFileSync(saved, text);
  const json = JSON.parse(text);
  delete json.scripts;
  writeFileSync(manifest, JSON.stringify(json, null, 2) + '\n');
} else if (process.argv[2] === 'restore') {
  if (existsSync(saved)) renameSync(saved, manifest);
} else {
  throw new Error('usage: pack-manifest.mjs strip|restore');
}
