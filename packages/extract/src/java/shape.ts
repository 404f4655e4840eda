/**
 * Skeleton fingerprints of Java method bodies (../lite-shape.ts computes them): which Java nodes erase
 * (identifiers, literals), which branch, and which are comments. Owns those three sets only.
 */
import type { JavaNode } from './lite.js';
import { liteShapeOf, type LiteShape, type ShapeRules } from '../lite-shape.js';

/** The shape facts of one declaration. */
export type JavaShape = LiteShape;

const ERASED: ReadonlySet<string> = new Set([
  'identifier', 'type_identifier', 'decimal_integer_literal', 'hex_integer_literal', 'octal_integer_literal',
  'binary_integer_literal', 'decimal_floating_point_literal', 'hex_floating_point_literal', 'string_literal',
  'character_literal', 'text_block', 'true', 'false', 'null_literal',
]);
const BRANCHING: ReadonlySet<string> = new Set([
  'if_statement', 'for_statement', 'enhanced_for_statement', 'while_statement', 'do_statement', 'switch_expression',
  'switch_block_statement_group', 'switch_rule', 'catch_clause', 'ternary_expression',
]);
const RULES: ShapeRules = { erased: ERASED, branching: BRANCHING, comments: new Set(['line_comment', 'block_comment']) };

/** Computes the shape of a declaration node. */
export function javaShapeOf(node: JavaNode): JavaShape {
  return liteShapeOf(node, RULES);
}
