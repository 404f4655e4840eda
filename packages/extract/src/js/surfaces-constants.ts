/**
 * The string an exported path constant holds (DeclarationFact.value): `export const API = '/api'`,
 * `module.exports.BASE_PATH = BASE_PATH` of a `const BASE_PATH = '/ghost/api'`, a template of such
 * constants. Another file that writes a route prefix with the constant (surfaces-text.ts holes)
 * gets its text when binding follows the import here (graph surfaces-bind.ts). Owns only that
 * rule: module-level `const`s, exported, whose string (as constString reads it) starts with `/`
 * and is no longer than a key may be; every other declaration has no value.
 */
import { NS_VALUE } from '../model.js';
import type { FinishedFacts } from '../finish.js';
import type { LineTable } from '../positions.js';
import type { Walker } from './walker.js';
import { MAX_KEY_LENGTH } from './surfaces.js';
import { constString } from './surfaces-text.js';

/** Sets `value` on the file's exported path constants (see the header). */
export function publishConstantValues(w: Walker, facts: FinishedFacts, lines: LineTable): void {
  for (const fact of facts.declarations) {
    if (fact.kind !== 'constant' || fact.scope !== 'module' || !fact.exported || fact.parent !== -1) continue;
    const binding = w.moduleScope.lookup(NS_VALUE, fact.name);
    if (binding === undefined || binding < 0) continue;
    const position = lines.position(w.decls[binding]!.nameStart);
    if (position.line !== fact.selection.start.line || position.column !== fact.selection.start.column) continue;
    const value = constString(w, fact.name, w.moduleScope, 0);
    if (value !== null && value.startsWith('/') && value.length <= MAX_KEY_LENGTH) fact.value = value;
  }
}
