/**
 * The API contract axis's shapes: a rule of the rule set (ContractRule), one classified change
 * (ContractChange), a spec that could not be read (ContractProblem), the diff of a review's spec
 * files (ContractDiff) and a reviewer's decision on a change. Owns the shapes only: the rules are
 * rules.ts's, the diff diff.ts's, the gate gate.ts's.
 */

/** How a change affects existing clients. */
export type ContractSeverity = 'breaking' | 'non-breaking' | 'informational';

/** The part of a spec a rule is about (oasdiff's areas, folded to the ones this diff reads). */
export type ContractArea =
  | 'paths'
  | 'parameters'
  | 'request-body'
  | 'media-types'
  | 'responses'
  | 'schemas'
  | 'security'
  | 'metadata';

/** What happened to the element: it appeared, disappeared, or changed in place. */
export type ContractAction = 'added' | 'removed' | 'modified';

/** Which way the data flows: narrowing what a request accepts is breaking, a response's is safe. */
export type ContractDirection = 'request' | 'response';

/** One documented rule; every change of the diff is classified by exactly one. */
export interface ContractRule {
  /** Stable kebab-case id, e.g. `response-property-removed`. */
  id: string;
  area: ContractArea;
  /** The element the rule is about: `endpoint`, `parameter`, `property`, `max-length`... */
  kind: string;
  action: ContractAction;
  direction?: ContractDirection;
  severity: ContractSeverity;
  /** What the rule matches and why it has its severity, in a sentence or two. */
  description: string;
}

/** One classified change between the base and the head side of a spec file. */
export interface ContractChange {
  /**
   * The fingerprint: a hash of the spec path, rule id, operation and location (never a line), so
   * it stays the same across pushes and a decision on it carries forward.
   */
  id: string;
  ruleId: string;
  severity: ContractSeverity;
  area: ContractArea;
  action: ContractAction;
  /** `METHOD /path` for a change within an operation; absent for document-level changes. */
  operation?: string;
  /**
   * A JSON pointer within the operation (`/responses/200/content/application~1json/schema/...`)
   * or, for document-level changes, within the document (`/info/title`). Parameters are keyed
   * by location and name (`/parameters/query/limit`), not by array index, so the pointer does
   * not move when parameters are reordered; 2.0 bodies and responses use the 3.x shape.
   */
  location: string;
  /** The spec file. */
  path: string;
  /** The head side's line of the element, or the base side's for a removal. */
  line: number;
  /** What changed, from what to what. */
  message: string;
}

/** A spec side that could not be read (or not completely): where and why. */
export interface ContractProblem {
  path: string;
  line?: number;
  message: string;
}

export interface ContractDiff {
  /** Sorted by path, operation (document-level first), location and rule id. */
  changes: ContractChange[];
  /** Sorted by path and line. Any problem keeps the axis from passing. */
  problems: ContractProblem[];
}

/** One spec file of the review: its text on each side, null where it does not exist. */
export interface ContractFileSides {
  path: string;
  before: string | null;
  after: string | null;
}

/** A reviewer's decision on one change, stored by the change's fingerprint. */
export interface ContractDecision {
  decision: 'approve' | 'reject';
  note?: string;
}
