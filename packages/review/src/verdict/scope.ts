/**
 * Which axes a repository declares out of scope: the `review.axes` section of `.repograph.json`,
 * read from the already parsed JSON value, and how that scope applies to the axes before the
 * verdict. Owns the section's meaning only: reading and parsing the file is packages/engine's
 * (policy-file.ts) and packages/graph's (material.ts). Pure; never throws.
 *
 * The shape: `{"review": {"axes": {"<axis>": "off" | "on"}}}`, where <axis> is one of contract,
 * visual, correctness, security, testGap. "off" declares the axis out of scope (it shows as off,
 * with where that was set, and leaves the verdict alone); "on" is the default (in scope and
 * gated) and may be written to be explicit. Every part is optional; other keys under `review`
 * belong to other sections and are not looked at here. Each unknown axis name, a value other than
 * "on" or "off", or a part that is not an object is a problem naming its key: the key is ignored
 * and the rest is still read.
 */
import { AXES, type AxisName, type AxisResult } from '../axes-types.js';

/** The axes declared off, each with where (`<source>: review.axes.<axis>`), and the problems. */
export interface AxisScope {
  off: Map<AxisName, { where: string }>;
  problems: string[];
}

const AXIS_VALUES = ['on', 'off'] as const;

/**
 * Reads the `review.axes` section of a parsed `.repograph.json` value (undefined or null when
 * there is no file); `source` names the file in `where` and in problems.
 */
export function axisScope(policyJson: unknown, source: string): AxisScope {
  const scope: AxisScope = { off: new Map(), problems: [] };
  if (policyJson === undefined || policyJson === null) return scope;
  if (!isObject(policyJson)) {
    scope.problems.push(`${source}: the top level must be a JSON object (got ${kindOf(policyJson)}); the axes stay in scope`);
    return scope;
  }
  const review = policyJson['review'];
  if (review === undefined) return scope;
  if (!isObject(review)) {
    scope.problems.push(`${source}: "review" must be an object (got ${kindOf(review)}); write e.g. "review": {"axes": {"visual": "off"}}`);
    return scope;
  }
  const axes = review['axes'];
  if (axes === undefined) return scope;
  if (!isObject(axes)) {
    scope.problems.push(`${source}: "review.axes" must be an object (got ${kindOf(axes)}); write e.g. "review": {"axes": {"visual": "off"}}`);
    return scope;
  }
  for (const [name, value] of Object.entries(axes)) {
    const key = `review.axes.${clip(name)}`;
    if (!isAxisName(name)) {
      scope.problems.push(`${source}: unknown axis "${key}" is ignored (known: ${AXES.join(', ')})`);
      continue;
    }
    if (value !== 'on' && value !== 'off') {
      scope.problems.push(`${source}: "${key}" must be ${AXIS_VALUES.map((v) => `"${v}"`).join(' or ')} (got ${clip(JSON.stringify(value) ?? String(value))}); the axis stays in scope`);
      continue;
    }
    if (value === 'off') scope.off.set(name, { where: `${source}: ${key}` });
  }
  return scope;
}

/** The axes that gate by default: every axis not declared off. */
export function gatedAxes(scope: Pick<AxisScope, 'off'>): Set<AxisName> {
  return new Set(AXES.filter((name) => !scope.off.has(name)));
}

/**
 * The axes with the scope applied: each axis declared off becomes `{state: 'off', reason:
 * "declared off in <where>", findings: []}`, whatever was computed or posted for it.
 */
export function applyAxisScope(
  axes: Record<AxisName, AxisResult | undefined>, scope: Pick<AxisScope, 'off'>,
): Record<AxisName, AxisResult | undefined> {
  const scoped = { ...axes };
  for (const [name, { where }] of scope.off) scoped[name] = { state: 'off', reason: `declared off in ${where}`, findings: [] };
  return scoped;
}

function isAxisName(name: string): name is AxisName {
  return (AXES as readonly string[]).includes(name);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
}

/** A name or value short enough to quote in a message. */
function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
