/**
 * Params validators of index.diff and review_studio.*: raw JSON in, the declared params out,
 * InvalidParams naming the field otherwise. CI results are checked entry by entry (shape, the
 * closed state vocabularies, bounded counts and sizes) before any wait. Owns these checks only.
 */
import { AXIS_NAMES } from '@repograph/protocol';
import type {
  CiResults, IndexDiffParams, ReviewAxisParams, ReviewBlastRadiusParams, ReviewCiSignalsParams, ReviewCohortImpactParams, ReviewComputeParams,
  ReviewFinalizeParams, ReviewIdParams, ReviewSetCohortSummaryParams,
} from '@repograph/protocol';
import { invalid, MAX_REVISION_PARAM, optionalInteger, optionalString, requiredOneOf, requiredString, type Params } from '../params.js';

/** The deepest blast radius asked for (packages/review's MAX_RADIUS_DEPTH; wire-twins.ts checks they agree). */
export const MAX_RADIUS_DEPTH = 20;

/** CI entries of each kind one call may pass. */
const MAX_CI_ENTRIES = 10_000;
const CASE_STATES = ['passed', 'failed', 'skipped', 'pending'] as const;
const PENDING_STATES = ['queued', 'in_progress', 'pending', 'waiting', 'requested'] as const;

export function indexDiffParams(raw: Params): IndexDiffParams {
  return reviewCompareParams(raw);
}

export function reviewComputeParams(raw: Params): ReviewComputeParams {
  return reviewCompareParams(raw);
}

function reviewCompareParams(raw: Params): { base: string; head?: string; workspace?: string } {
  const base = requiredString(raw, 'base', MAX_REVISION_PARAM);
  const head = optionalString(raw, 'head', MAX_REVISION_PARAM);
  const workspace = optionalString(raw, 'workspace', 64);
  if (head !== undefined && workspace !== undefined) throw invalid('workspace', 'give either head (a commit) or workspace (a live tree), not both.');
  return { base, ...(head !== undefined ? { head } : {}), ...(workspace !== undefined ? { workspace } : {}) };
}

export function reviewIdParams(raw: Params): ReviewIdParams {
  return { reviewId: requiredString(raw, 'reviewId', 200) };
}

export function axisParams(raw: Params): ReviewAxisParams {
  return { ...reviewIdParams(raw), axis: requiredOneOf(raw, 'axis', AXIS_NAMES) };
}

export function blastRadiusParams(raw: Params): ReviewBlastRadiusParams {
  const depth = optionalInteger(raw, 'depth', 1, MAX_RADIUS_DEPTH);
  return { ...reviewIdParams(raw), ...(depth !== undefined ? { depth } : {}) };
}

export function cohortImpactParams(raw: Params): ReviewCohortImpactParams {
  const depth = optionalInteger(raw, 'depth', 1, MAX_RADIUS_DEPTH);
  return { ...reviewIdParams(raw), key: requiredString(raw, 'key', 200), ...(depth !== undefined ? { depth } : {}) };
}

export function ciSignalsParams(raw: Params): ReviewCiSignalsParams {
  const results = raw['results'];
  if (results === undefined || results === null) return reviewIdParams(raw);
  if (typeof results !== 'object' || Array.isArray(results)) throw invalid('results', 'must be an object {junit?, cases?, pending?}.');
  return { ...reviewIdParams(raw), results: ciResults(results as Params) };
}

function ciResults(raw: Params): CiResults {
  const results: CiResults = {};
  const junit = list(raw, 'junit');
  if (junit) {
    results.junit = junit.map((entry, index) => {
      const at = `results.junit[${index}]`;
      return { source: stringField(entry, 'source', at, 1024), xml: stringField(entry, 'xml', at, 64 * 1024 * 1024, true) };
    });
  }
  const cases = list(raw, 'cases');
  if (cases) {
    results.cases = cases.map((entry, index) => {
      const at = `results.cases[${index}]`;
      const state = oneOf(entry, 'state', at, CASE_STATES);
      const optional = (field: string): Record<string, string> => {
        const value = entry[field];
        return value === undefined || value === null ? {} : { [field]: stringField(entry, field, at, 4096, true) };
      };
      return { source: stringField(entry, 'source', at, 1024), name: stringField(entry, 'name', at, 4096), state, ...optional('suite'), ...optional('classname'), ...optional('file') };
    });
  }
  const pending = list(raw, 'pending');
  if (pending) {
    results.pending = pending.map((entry, index) => {
      const at = `results.pending[${index}]`;
      return { name: stringField(entry, 'name', at, 1024), state: oneOf(entry, 'state', at, PENDING_STATES) };
    });
  }
  return results;
}

function list(raw: Params, field: string): Params[] | null {
  const value = raw[field];
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw invalid(`results.${field}`, 'must be an array.');
  if (value.length > MAX_CI_ENTRIES) throw invalid(`results.${field}`, `has ${value.length} entries; at most ${MAX_CI_ENTRIES} are accepted.`);
  return value.map((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw invalid(`results.${field}[${index}]`, 'must be an object.');
    return entry as Params;
  });
}

function stringField(entry: Params, field: string, at: string, maxLength: number, allowEmpty = false): string {
  const value = entry[field];
  if (typeof value !== 'string' || (!allowEmpty && value === '')) throw invalid(`${at}.${field}`, 'a string is required.');
  if (value.length > maxLength) throw invalid(`${at}.${field}`, `is ${value.length} characters long; at most ${maxLength} are accepted.`);
  return value;
}

function oneOf<T extends string>(entry: Params, field: string, at: string, allowed: readonly T[]): T {
  const value = entry[field];
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw invalid(`${at}.${field}`, `must be one of ${allowed.join(', ')}.`);
  return value as T;
}

export function finalizeParams(raw: Params): ReviewFinalizeParams {
  const axes = raw['axes'];
  if (typeof axes !== 'object' || axes === null || Array.isArray(axes)) {
    throw invalid('axes', 'an object {correctness, security, testGap} is required, each {state, reason?, findings}.');
  }
  const summary = optionalString(raw, 'summary', 64 * 1024);
  // The axes' contents are checked by the review's validateFinalize (every field named) before anything is read.
  return { ...reviewIdParams(raw), axes: axes as ReviewFinalizeParams['axes'], ...(summary !== undefined ? { summary } : {}) };
}

export function cohortSummaryParams(raw: Params): ReviewSetCohortSummaryParams {
  const markdown = raw['markdown'];
  if (typeof markdown !== 'string') throw invalid('markdown', 'a string of Markdown is required.');
  if (markdown.length > 64 * 1024) throw invalid('markdown', `is ${markdown.length} characters long; at most ${64 * 1024} are accepted.`);
  return { ...reviewIdParams(raw), key: requiredString(raw, 'key', 200), markdown };
}
