/**
 * What the reviewing agent may post with `review_studio.finalize`: the three agents' axes
 * (correctness, security, testGap) and an optional summary, validated from untyped params into
 * plain AxisResults. Owns the validation and its bounds only; storing the axes and the wire
 * method are the service's and the protocol's. Pure; never throws.
 *
 * The shape: `{reviewId?, axes: {correctness, security, testGap}, summary?}`; each axis is
 * `{state, reason?, findings?: [{path, line?, message, severity?, id?}]}` (findings default to
 * none). The state is one of pass, warn, fail, partial, unavailable (never off: off is the
 * repository's, in .repograph.json); partial and unavailable need a reason. All three axes are
 * required, and any other key, at any level, is refused (reviewId is left to the caller). Bounds:
 * at most 1,000 findings per axis, a message or reason of at most 4,000 characters, a path of at
 * most 4,096, a summary of at most 64 KiB (UTF-8). The first problem found is returned, with the
 * field it concerns (`axes.security.findings[3].line`) and a message that starts with that field.
 */
import type { AxisFinding, AxisResult } from '../axes-types.js';

/** The axes finalize posts, in the order they are checked. */
export const AGENT_AXES = ['correctness', 'security', 'testGap'] as const;
export type AgentAxisName = (typeof AGENT_AXES)[number];

/** The states an agent may post. */
export const POSTABLE_STATES = ['pass', 'warn', 'fail', 'partial', 'unavailable'] as const;

export const FINALIZE_LIMITS = {
  findingsPerAxis: 1_000,
  messageChars: 4_000,
  reasonChars: 4_000,
  pathChars: 4_096,
  idChars: 512,
  summaryBytes: 64 * 1024,
} as const;

const SEVERITIES: readonly NonNullable<AxisFinding['severity']>[] = ['breaking', 'non-breaking', 'informational', 'blocking', 'concern'];
const TOP_KEYS = ['reviewId', 'axes', 'summary'];
const AXIS_KEYS = ['state', 'reason', 'findings'];
const FINDING_KEYS = ['path', 'line', 'message', 'severity', 'id'];

export type FinalizeInput =
  | { ok: true; axes: Record<AgentAxisName, AxisResult>; summary?: string }
  | { ok: false; field: string; message: string };

type Failure = Extract<FinalizeInput, { ok: false }>;

/** Validates finalize params: the three agents' axes and the summary, or the first problem. */
export function validateFinalize(raw: unknown): FinalizeInput {
  if (!isObject(raw)) return failure('params', `must be an object {axes: {${AGENT_AXES.join(', ')}}, summary?} (got ${kindOf(raw)})`);
  const extra = unknownKey(raw, TOP_KEYS);
  if (extra !== undefined) return failure(extra, `unknown key (known: ${TOP_KEYS.join(', ')})`);
  const axesValue = raw['axes'];
  if (axesValue === undefined) return failure('axes', `missing; post {${AGENT_AXES.join(', ')}}`);
  if (!isObject(axesValue)) return failure('axes', `must be an object {${AGENT_AXES.join(', ')}} (got ${kindOf(axesValue)})`);
  for (const name of Object.keys(axesValue)) {
    if ((AGENT_AXES as readonly string[]).includes(name)) continue;
    const computed = name === 'contract' || name === 'visual';
    return failure(`axes.${clip(name)}`, computed
      ? `not an agent's axis: ${name} is computed by repograph; finalize posts ${AGENT_AXES.join(', ')}`
      : `unknown axis (finalize posts ${AGENT_AXES.join(', ')})`);
  }
  const axes = {} as Record<AgentAxisName, AxisResult>;
  for (const name of AGENT_AXES) {
    const axis = validateAxis(axesValue[name], `axes.${name}`);
    if (!axis.ok) return axis;
    axes[name] = axis.axis;
  }
  const summary = raw['summary'];
  if (summary === undefined) return { ok: true, axes };
  if (typeof summary !== 'string') return failure('summary', `must be a string of markdown (got ${kindOf(summary)})`);
  const bytes = Buffer.byteLength(summary, 'utf8');
  if (bytes > FINALIZE_LIMITS.summaryBytes) return failure('summary', `is ${bytes} bytes; at most ${FINALIZE_LIMITS.summaryBytes} (64 KiB): shorten it`);
  return { ok: true, axes, summary };
}

function validateAxis(value: unknown, field: string): { ok: true; axis: AxisResult } | Failure {
  if (value === undefined) return failure(field, `missing; finalize posts all of ${AGENT_AXES.join(', ')}`);
  if (!isObject(value)) return failure(field, `must be an object {state, reason?, findings} (got ${kindOf(value)})`);
  const extra = unknownKey(value, AXIS_KEYS, field);
  if (extra !== undefined) return failure(extra, `unknown key (known: ${AXIS_KEYS.join(', ')})`);
  const state = value['state'];
  if (!(POSTABLE_STATES as readonly unknown[]).includes(state)) {
    const off = state === 'off' ? ' ("off" is declared by the repository in .repograph.json, not posted)' : '';
    return failure(`${field}.state`, `must be one of ${POSTABLE_STATES.join(', ')}${off}${state === undefined ? ' (missing)' : ` (got ${quote(state)})`}`);
  }
  const reason = value['reason'];
  if (reason !== undefined) {
    if (typeof reason !== 'string') return failure(`${field}.reason`, `must be a string (got ${kindOf(reason)})`);
    if (reason.length > FINALIZE_LIMITS.reasonChars) return failure(`${field}.reason`, `is ${reason.length} characters; at most ${FINALIZE_LIMITS.reasonChars}`);
  }
  if ((state === 'partial' || state === 'unavailable') && (reason === undefined || reason.trim() === '')) {
    return failure(`${field}.reason`, `required when the state is ${state}: say what could not be ${state === 'partial' ? 'finished' : 'run'}`);
  }
  const findings = validateFindings(value['findings'], `${field}.findings`);
  if (!findings.ok) return findings;
  const axis: AxisResult = { state: state as AxisResult['state'], findings: findings.findings };
  if (reason !== undefined) axis.reason = reason;
  return { ok: true, axis };
}

function validateFindings(value: unknown, field: string): { ok: true; findings: AxisFinding[] } | Failure {
  if (value === undefined) return { ok: true, findings: [] };
  if (!Array.isArray(value)) return failure(field, `must be an array of {path, line?, message, severity?} (got ${kindOf(value)})`);
  if (value.length > FINALIZE_LIMITS.findingsPerAxis) {
    return failure(field, `has ${value.length} findings; at most ${FINALIZE_LIMITS.findingsPerAxis} per axis: keep the most important`);
  }
  const findings: AxisFinding[] = [];
  for (const [index, item] of value.entries()) {
    const finding = validateFinding(item, `${field}[${index}]`);
    if (!finding.ok) return finding;
    findings.push(finding.finding);
  }
  return { ok: true, findings };
}

function validateFinding(value: unknown, field: string): { ok: true; finding: AxisFinding } | Failure {
  if (!isObject(value)) return failure(field, `must be an object {path, line?, message, severity?} (got ${kindOf(value)})`);
  const extra = unknownKey(value, FINDING_KEYS, field);
  if (extra !== undefined) return failure(extra, `unknown key (known: ${FINDING_KEYS.join(', ')})`);
  const path = value['path'];
  const pathProblem = textProblem(path, FINALIZE_LIMITS.pathChars, 'a repository-relative path');
  if (pathProblem !== undefined) return failure(`${field}.path`, pathProblem);
  const message = value['message'];
  const messageProblem = textProblem(message, FINALIZE_LIMITS.messageChars, 'what was found');
  if (messageProblem !== undefined) return failure(`${field}.message`, messageProblem);
  const finding: AxisFinding = { path: path as string, message: message as string };
  const line = value['line'];
  if (line !== undefined) {
    if (typeof line !== 'number' || !Number.isSafeInteger(line) || line < 1) return failure(`${field}.line`, `must be a whole number of 1 or more (got ${quote(line)})`);
    finding.line = line;
  }
  const severity = value['severity'];
  if (severity !== undefined) {
    if (!(SEVERITIES as readonly unknown[]).includes(severity)) return failure(`${field}.severity`, `must be one of ${SEVERITIES.join(', ')} (got ${quote(severity)})`);
    finding.severity = severity as AxisFinding['severity'];
  }
  const id = value['id'];
  if (id !== undefined) {
    const idProblem = textProblem(id, FINALIZE_LIMITS.idChars, 'a stable id');
    if (idProblem !== undefined) return failure(`${field}.id`, idProblem);
    finding.id = id as string;
  }
  return { ok: true, finding };
}

/** Why `value` is not a non-empty string of at most `limit` characters, or undefined. */
function textProblem(value: unknown, limit: number, what: string): string | undefined {
  if (value === undefined) return `missing; give ${what}`;
  if (typeof value !== 'string') return `must be a string (got ${kindOf(value)})`;
  if (value.trim() === '') return `must not be empty; give ${what}`;
  if (value.length > limit) return `is ${value.length} characters; at most ${limit}`;
  return undefined;
}

/** The field of the first key of `value` not in `known`, or undefined. */
function unknownKey(value: Record<string, unknown>, known: readonly string[], prefix?: string): string | undefined {
  const key = Object.keys(value).find((k) => !known.includes(k));
  if (key === undefined) return undefined;
  return prefix === undefined ? clip(key) : `${prefix}.${clip(key)}`;
}

function failure(field: string, problem: string): Failure {
  return { ok: false, field, message: `${field}: ${problem}` };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
}

function quote(value: unknown): string {
  return clip(JSON.stringify(value) ?? String(value));
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
