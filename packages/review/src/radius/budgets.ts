/**
 * The blast radius's budgets: how deep the walk goes, how many nodes it lists and how many
 * relation rows it reads, with their defaults and limits. Owns reading and checking the options;
 * a value out of range is refused (InvalidParams naming the field), never clamped in silence.
 * Hitting a budget while walking is not an error: traversal.ts reports it as `truncated`.
 */
import { RepographError } from '@repograph/core';

/** What a caller may ask of one radius: every field optional. */
export interface RadiusOptions {
  /** Most edges from a reached node to the nearest seed (default 6, at most 20). */
  depth?: number;
  /** Most reached nodes listed, seeds not counted (default 5,000). */
  maxNodes?: number;
  /** Most relation rows read, of any kind (default 100,000). */
  maxEdges?: number;
}

/** The options with every default applied and checked. */
export interface RadiusBudgets {
  depth: number;
  maxNodes: number;
  maxEdges: number;
}

/** Depth when none is asked for. */
export const DEFAULT_RADIUS_DEPTH = 6;
/** Deepest radius a caller may ask for. */
export const MAX_RADIUS_DEPTH = 20;
/** Reached nodes listed when no `maxNodes` is asked for. */
export const DEFAULT_RADIUS_MAX_NODES = 5_000;
/** Relation rows read when no `maxEdges` is asked for. */
export const DEFAULT_RADIUS_MAX_EDGES = 100_000;

/** The budgets for `options`: defaults filled in; InvalidParams for a value out of range. */
export function radiusBudgets(options: RadiusOptions = {}): RadiusBudgets {
  return {
    depth: positiveInteger('depth', options.depth, DEFAULT_RADIUS_DEPTH, MAX_RADIUS_DEPTH),
    maxNodes: positiveInteger('maxNodes', options.maxNodes, DEFAULT_RADIUS_MAX_NODES, Number.MAX_SAFE_INTEGER),
    maxEdges: positiveInteger('maxEdges', options.maxEdges, DEFAULT_RADIUS_MAX_EDGES, Number.MAX_SAFE_INTEGER),
  };
}

function positiveInteger(field: string, value: number | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? 'a positive integer' : `an integer from 1 to ${max}`;
    throw new RepographError('InvalidParams', `\`${field}\` must be ${range} (got ${String(value)}); pass a value in range or leave it out for the default.`, { field, value, max });
  }
  return value;
}
