/**
 * Which relation kinds of the graph support an edge's expected kind. Owns the table only. It is
 * small on purpose: a diagram's arrow is read the way a reviewer would draw it, and nothing
 * looser, so a `verified` edge stays a claim the graph makes.
 *
 * | expected     | supported by                          | why                                      |
 * |--------------|---------------------------------------|------------------------------------------|
 * | calls        | calls, instantiates                   | `new X()` calls X's constructor          |
 * | instantiates | instantiates                          |                                          |
 * | references   | references, type_of, reads, writes    | any use of the name that is not a call   |
 * | type_of      | type_of, references                   | a declared type is a type reference      |
 * | reads        | reads                                 |                                          |
 * | writes       | writes                                |                                          |
 * | extends      | extends                               |                                          |
 * | implements   | implements                            |                                          |
 * | imports      | imports, exports                      | a re-export (`export ... from`) loads it |
 * | exports      | exports                               |                                          |
 * | contains     | contains                              |                                          |
 * | decorates    | decorates                             |                                          |
 */
import type { RelationKind } from '@repograph/core';

export const COMPATIBLE_KINDS: Readonly<Record<RelationKind, readonly RelationKind[]>> = {
  calls: ['calls', 'instantiates'],
  instantiates: ['instantiates'],
  references: ['references', 'type_of', 'reads', 'writes'],
  type_of: ['type_of', 'references'],
  reads: ['reads'],
  writes: ['writes'],
  extends: ['extends'],
  implements: ['implements'],
  imports: ['imports', 'exports'],
  exports: ['exports'],
  contains: ['contains'],
  decorates: ['decorates'],
};

/** True when a relation of kind `actual` supports an edge that expects `expected`. */
export function supports(expected: RelationKind, actual: RelationKind): boolean {
  return COMPATIBLE_KINDS[expected].includes(actual);
}
