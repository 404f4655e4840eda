/**
 * The shapes of CI signals: what a caller hands in (JUnit documents, per-case states, CI checks
 * still coming), one test case as a JUnit report states it, and the per-test signal the review
 * answers with. Owns the shapes only; junit.ts parses, match.ts pairs cases with tests and
 * signals.ts decides each test's state.
 */
import type { LanguageId, SymbolKind } from '@repograph/core';
import type { TestState } from '../types.js';

/** A test case's outcome as a JUnit report states it (an `error` child counts as `failed`). */
export type JUnitCaseState = 'passed' | 'failed' | 'skipped';

/** One `<testcase>` of a JUnit report. */
export interface JUnitCase {
  /** The `name` of the nearest enclosing `<testsuite>` (or `<testsuites>`), '' when none. */
  suite: string;
  /** The case's `classname` attribute, '' when absent. */
  classname: string;
  name: string;
  /** The case's `file` attribute, else the nearest enclosing suite's, as the report spells it. */
  file?: string;
  state: JUnitCaseState;
  /** The `time` attribute (seconds in the report) in milliseconds. */
  durationMs?: number;
}

/** What parseJUnit reads from one document: its cases, and what was wrong with it. */
export interface JUnitParse {
  cases: JUnitCase[];
  /** Each names the document's source; a malformed document gives one and zero cases. */
  diagnostics: string[];
}

/** The states a CI check or job reports while it has not finished. */
export const PENDING_CHECK_STATES = ['queued', 'in_progress', 'pending', 'waiting', 'requested'] as const;
export type PendingCheckState = (typeof PENDING_CHECK_STATES)[number];

/** A CI job or check whose results are still coming. */
export interface PendingCheck {
  name: string;
  state: PendingCheckState;
}

/**
 * One case whose state the caller already knows (a CI API's per-test result, say), without a
 * JUnit document; `pending` marks a case that is still running or queued.
 */
export interface CiCase {
  /** Where the result came from (a job, an artifact), quoted back in the evidence. */
  source: string;
  suite?: string;
  classname?: string;
  name: string;
  file?: string;
  state: JUnitCaseState | 'pending';
}

/** The CI results a caller passes to `review_studio.ciSignals`. */
export interface CiResults {
  /** JUnit XML documents, each with a name for its origin (an artifact path, a job name). */
  junit?: Array<{ source: string; xml: string }>;
  /** Per-case states given directly. */
  cases?: CiCase[];
  /** CI jobs or checks still coming: a test no result names is `pending` while any is listed. */
  pending?: PendingCheck[];
}

/** A test of the review, as the signals read it (a test symbol's record, trimmed). */
export interface TestRef {
  id: string;
  path: string;
  name: string;
  qualifiedName: string;
  kind: SymbolKind;
  language: LanguageId;
}

/** The case a test's state was taken from. */
export interface CiEvidence {
  source: string;
  suite: string;
  classname: string;
  name: string;
}

/** One test's CI signal. */
export interface TestSignal {
  id: string;
  path: string;
  name: string;
  state: TestState;
  /** The deciding case (the first failed one, say); absent when no case matched the test. */
  evidence?: CiEvidence;
  /** How many cases were rolled up into the state (subtests, parameters, a file's cases). */
  cases: number;
}

/** What ciSignals answers: one signal per test, sorted by id, and what went wrong reading. */
export interface CiSignals {
  tests: TestSignal[];
  diagnostics: string[];
}
