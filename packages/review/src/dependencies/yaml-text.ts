/**
 * YAML lockfiles through the `yaml` library: the last document of the stream (pnpm 10 may put
 * an environment document first), as plain values, every scalar a string (the failsafe schema:
 * a version `1.10` stays "1.10"). Duplicate-key checking is off: it is
 * quadratic in a map's size, and lockfiles are machine-written. Aliases are capped at yaml's
 * default of 100 (no alias bombs). Owns this parse only; the size limit is read.ts's.
 */
import { yamlLibrary } from '../libraries.js';
import { messageOf } from './records.js';

export type YamlOutcome = { ok: true; value: unknown } | { ok: false; message: string };

export function parseYamlLockfile(text: string): YamlOutcome {
  try {
    const parsed = yamlLibrary().parseAllDocuments(text, { schema: 'failsafe', uniqueKeys: false, prettyErrors: false });
    const documents = Array.isArray(parsed) ? parsed : [];
    for (const document of documents) {
      const error = document.errors[0];
      if (error) return { ok: false, message: `is not valid YAML (${messageOf(error)})` };
    }
    const last = documents[documents.length - 1];
    if (!last) return { ok: true, value: null };
    return { ok: true, value: last.toJS({ maxAliasCount: 100 }) };
  } catch (error) {
    return { ok: false, message: `is not valid YAML (${messageOf(error)})` };
  }
}
