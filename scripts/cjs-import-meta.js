// Injected into the CommonJS bundle of the CLI (scripts/bundle.mjs): import.meta.url there is
// the bundle's own file URL.
export const __bootUpgradeImportMetaUrl = require('node:url').pathToFileURL(__filename).href;
