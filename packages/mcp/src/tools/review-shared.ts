/**
 * What the review tools share: the call that names tools instead of protocol methods in a
 * refusal, the arguments bounded as daemon/src/handlers/review-params.ts and packages/review's
 * validators bound them, and the result shapes.
 */
import { isRepographRequestError, RepographRequestError } from '@repograph/client';
import { z } from 'zod';
import { WIRE_RELATION_KINDS, type AxisFinding, type AxisState, type ReviewDiagram } from '@repograph/protocol';
import { count, loose, type ToolContext } from '../tool-kit.js';

export const read = { readOnly: true } as const;
export const write = { readOnly: false } as const;

/** The tool each review method is served as: the daemon's messages name methods, an agent calls tools. */
const TOOL_OF_METHOD: Record<string, string> = {
  'review_studio.compute': 'review_compute', 'review_studio.cohorts': 'review_cohorts', 'review_studio.blastRadius': 'review_blast_radius',
  'review_studio.cohortImpact': 'review_cohort_impact', 'review_studio.ciSignals': 'review_ci_signals',
  'review_studio.dependencyDiffs': 'review_dependency_diffs', 'review_studio.setContractDecision': 'review_set_contract_decision',
  'review_studio.approveVisual': 'review_approve_visual', 'review_studio.setCohortSummary': 'review_set_cohort_summary',
  'review_studio.addReviewDiagram': 'review_add_diagram', 'review_studio.finalize': 'review_finalize', 'review_studio.verdict': 'review_verdict',
  'workspace.create': 'workspace_create', 'workspace.list': 'workspace_list',
};

/** `text` with the protocol's method names replaced by the tools that serve them. */
export function toolNames(text: string): string {
  return text.replace(/\b(?:review_studio|workspace)\.[A-Za-z]+/g, (name) => TOOL_OF_METHOD[name] ?? name);
}

/** Calls a review method; a refusal's message names the tools to call instead of the protocol's methods. */
export async function call<R>(context: ToolContext, method: string, params: object, options: { readOnly: boolean }): Promise<R> {
  try {
    return await context.link.call<R>(method, params, options);
  } catch (error) {
    if (!isRepographRequestError(error)) throw error;
    const message = toolNames(error.message);
    throw message === error.message ? error : new RepographRequestError(error.code, message, error.data);
  }
}

// ---- arguments, bounded as daemon/src/handlers/review-params.ts and packages/review's validators bound them ----

export const MAX_TEXT_BYTES = 64 * 1024;
export const MAX_CI_ENTRIES = 10_000;
export const CASE_STATES = ['passed', 'failed', 'skipped', 'pending'] as const;
export const PENDING_STATES = ['queued', 'in_progress', 'pending', 'waiting', 'requested'] as const;
export const POSTABLE_STATES = ['pass', 'warn', 'fail', 'partial', 'unavailable'] as const satisfies readonly AxisState[];
export const FINDING_SEVERITIES = ['breaking', 'non-breaking', 'informational', 'blocking', 'concern'] as const satisfies readonly NonNullable<AxisFinding['severity']>[];
export const DIAGRAM_KINDS = ['sequence', 'entity_relation', 'state_machine'] as const satisfies readonly ReviewDiagram['kind'][];

/** A string that is not blank (the validators trim before they test for empty). */
export function text(max: number, description: string) {
  return z.string({ invalid_type_error: 'expected a JSON string' }).min(1).max(max).refine((value) => value.trim() !== '', 'must not be empty or blank').describe(description);
}

/** A string of at most 64 KiB in UTF-8 (the daemon's bound on summaries). */
export function markdown(description: string) {
  return z.string({ invalid_type_error: 'expected a JSON string of Markdown' }).max(MAX_TEXT_BYTES)
    .refine((value) => Buffer.byteLength(value, 'utf8') <= MAX_TEXT_BYTES, 'is over 64 KiB in UTF-8: shorten it').describe(description);
}

export function revision(description: string) {
  return z.string({ invalid_type_error: 'expected a JSON string' }).min(1).max(1024).describe(description);
}

export const reviewIdArg = z.string({ required_error: 'reviewId is required: the `reviewId` of a review_compute answer', invalid_type_error: 'expected a JSON string' })
  .min(1).max(200).describe('The review\'s id (`r-` and 20 hex digits) from review_compute\'s answer.');
export const cohortKeyArg = z.string({ required_error: 'key is required: a cohort key from review_cohorts', invalid_type_error: 'expected a JSON string' })
  .min(1).max(200).describe('A cohort key (`c-` and 12 hex digits) from review_compute or review_cohorts; it stays the same across pushes.');
export const depthArg = count('Edges to follow back from the changed symbols (default 6, at most 20).', 20);

export const ciResultsArg = z.object({
  junit: z.array(z.object({
    source: z.string().min(1).max(1024).describe('Where the document came from (a CI job or artifact name): shown as each test\'s evidence.'),
    xml: z.string().max(64 * 1024 * 1024).describe('The JUnit XML document\'s text, as the test runner wrote it.'),
  }).strict()).max(MAX_CI_ENTRIES).optional().describe('JUnit XML reports ({source, xml} each), e.g. from a CI run\'s artifacts.'),
  cases: z.array(z.object({
    source: z.string().min(1).max(1024).describe('Where the result came from (a CI job name).'),
    name: z.string().min(1).max(4096).describe('The test case\'s name.'),
    state: z.enum(CASE_STATES).describe('The case\'s result: passed, failed, skipped or pending.'),
    suite: z.string().max(4096).optional().describe('The suite the case ran in, as the runner names it.'),
    classname: z.string().max(4096).optional().describe('The case\'s class name (JUnit `classname`).'),
    file: z.string().max(4096).optional().describe('The test\'s repository-relative file, when the runner says it.'),
  }).strict()).max(MAX_CI_ENTRIES).optional().describe('Per-case results already parsed ({source, name, state, suite?, classname?, file?} each).'),
  pending: z.array(z.object({
    name: z.string().min(1).max(1024).describe('The CI check\'s or job\'s name.'),
    state: z.enum(PENDING_STATES).describe('queued, in_progress, pending, waiting or requested (as CI reports a check not finished).'),
  }).strict()).max(MAX_CI_ENTRIES).optional().describe('CI checks still coming: a test without a result is then `pending`, not `not_run`.'),
}, { invalid_type_error: 'results must be an object {junit?, cases?, pending?}' }).strict();

export const findingArg = z.object({
  path: text(4096, 'The repository-relative file the finding is about.'),
  line: z.number({ invalid_type_error: 'expected a JSON number' }).int().min(1).max(Number.MAX_SAFE_INTEGER).optional().describe('1-based line.'),
  message: text(4000, 'What was found, and why it matters.'),
  severity: z.enum(FINDING_SEVERITIES).optional().describe('blocking or concern for an agent\'s finding (the others are the contract axis\'s).'),
  id: text(512, 'A stable id of your own for the finding (optional).').optional(),
}).strict();

export function agentAxisArg(what: string) {
  return z.object({
    state: z.enum(POSTABLE_STATES).describe('pass, warn, fail, partial (some of it could not be finished) or unavailable (could not run). Not off: that is the repository\'s, in .repograph.json.'),
    reason: z.string({ invalid_type_error: 'expected a JSON string' }).max(4000).optional().describe('Why this state; required for partial and unavailable.'),
    findings: z.array(findingArg).max(1000).optional().describe('At most 1,000 findings {path, line?, message, severity?, id?}; default none.'),
  }, { invalid_type_error: 'expected an object {state, reason?, findings?}', required_error: 'missing: finalize posts all three of correctness, security, testGap' }).strict()
    .refine((axis) => !(axis.state === 'partial' || axis.state === 'unavailable') || (axis.reason ?? '').trim() !== '',
      { message: 'reason is required when the state is partial or unavailable: say what could not be finished or run', path: ['reason'] })
    .describe(what);
}

export const diagramArg = z.object({
  kind: z.enum(DIAGRAM_KINDS).describe('sequence, entity_relation or state_machine.'),
  title: z.string().max(500).optional().describe('What the diagram shows.'),
  nodes: z.array(z.object({
    id: text(200, 'The node\'s id within this diagram (edges name it).'),
    symbol: text(1000, 'The symbol the node stands for: an id (`src/a.ts#Foo.bar`, or a file path) or a name that names one symbol at head.'),
    label: z.string().max(500).optional().describe('The node\'s caption (default: the symbol).'),
  }).strict()).max(500).describe('At most 500 nodes {id, symbol, label?}, ids unique.'),
  edges: z.array(z.object({
    from: text(200, 'A node id of `nodes`.'),
    to: text(200, 'A node id of `nodes`.'),
    label: text(500, 'What the edge means in the diagram (e.g. "validates the order").'),
    expected: z.enum(WIRE_RELATION_KINDS).describe('The relation the graph should hold from `from`\'s symbol to `to`\'s (calls, instantiates, references, extends, implements, imports, ...).'),
  }).strict()).max(2000).describe('At most 2,000 edges {from, to, label, expected}.'),
}, { invalid_type_error: 'diagram must be a typed object {kind, nodes, edges}, not mermaid or other diagram text' }).strict();

// ---- result schemas (loose: the named fields, anything else passes) ----

export const cohortShape = loose({ key: z.string(), basis: z.string(), files: z.array(z.string()), symbols: z.array(z.string()), tests: z.array(z.string()), impact: loose({ score: z.number() }) });
export const reachedShape = loose({ id: z.string(), path: z.string(), kind: z.string(), depth: z.number(), through: z.array(z.string()), test: z.boolean() });
export const radiusShape = loose({ seeds: z.array(z.string()), symbols: z.array(reachedShape), files: z.array(z.unknown()), tests: z.array(reachedShape), truncated: z.unknown() });
export const axisShape = loose({ state: z.string(), findings: z.array(z.unknown()) });
export const answerFields = { reviewId: z.string(), stale: z.boolean() };

// ---- the tools, in the review flow's order ----

