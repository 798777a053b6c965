// ValidationMessages*.properties (Bean Validation message bundles): overriding keys
// `javax.validation.constraints.X.message` become `jakarta.validation.constraints.X.message`,
// the names Hibernate Validator 8 looks up. Keys are found with src/formats/properties.ts and
// only the key's own characters change (escapes, separators and values stay as written).
import type { Edit, FilePass, FindingInput } from '../../../src/engine/types.js';
import { parseProperties, renameKeyEdit } from '../../../src/formats/properties.js';
import { RULE, codeIndex } from '../model.js';

export const validationMessagesPass: FilePass = {
  id: 'sources/validation-messages',
  description: 'ValidationMessages*.properties: javax.validation.constraints.*.message keys -> jakarta.validation.constraints.*.message',
  kinds: ['validation-messages'],
  rules: [RULE.validationMessages],
  prefilter: (text, ctx) => text.includes(codeIndex(ctx.table).code.validationMessages.from),
  run(file, ctx) {
    const row = codeIndex(ctx.table).code.validationMessages;
    const { entries } = parseProperties(file.text);
    const keys = new Set(entries.map((e) => e.key));
    const edits: Edit[] = [];
    const findings: FindingInput[] = [];
    for (const entry of entries) {
      if (!entry.key.startsWith(row.from) || !entry.key.endsWith(row.suffix)) continue;
      const to = row.to + entry.key.slice(row.from.length);
      if (keys.has(to)) {
        findings.push({
          rule: RULE.validationMessages,
          severity: 'warning',
          offset: entry.keyStart,
          message: `${entry.key} is no longer read (Bean Validation 3 looks up ${to}, which this file already defines); remove it`,
        });
        continue;
      }
      const edit = renameKeyEdit(file.text, entry, to);
      if (edit) edits.push({ ...edit, rule: RULE.validationMessages });
    }
    return { edits, findings };
  },
};
