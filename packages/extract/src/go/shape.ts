/**
 * Skeleton fingerprints of Go function bodies (../lite-shape.ts computes them): which Go nodes erase
 * (identifiers, literals), which branch, and which are comments. Owns those three sets only.
 */
import type { GoNode } from './lite.js';
import { liteShapeOf, type LiteShape, type ShapeRules } from '../lite-shape.js';

/** The shape facts of one declaration. */
export type GoShape = LiteShape;

const ERASED: ReadonlySet<string> = new Set([
  'identifier', 'field_identifier', 'type_identifier', 'package_identifier', 'label_name', 'blank_identifier',
  'int_literal', 'float_literal', 'imaginary_literal', 'rune_literal', 'interpreted_string_literal',
  'raw_string_literal', 'true', 'false', 'nil', 'iota',
]);
const BRANCHING: ReadonlySet<string> = new Set([
  'if_statement', 'for_statement', 'expression_switch_statement', 'type_switch_statement', 'select_statement',
  'expression_case', 'type_case', 'communication_case', 'default_case',
]);
const RULES: ShapeRules = { erased: ERASED, branching: BRANCHING, comments: new Set(['comment']) };

/** Computes the shape of a declaration node. */
export function goShapeOf(node: GoNode): GoShape {
  return liteShapeOf(node, RULES);
}
