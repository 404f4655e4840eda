/**
 * Review tools: review_compute, review_cohorts, review_blast_radius, review_cohort_impact,
 * review_ci_signals, review_dependency_diffs, review_set_contract_decision, review_approve_visual,
 * review_set_cohort_summary, review_add_diagram, review_finalize, review_verdict. Thin views over
 * review_studio.*: the arguments are checked as the daemon checks them (same names, bounds and
 * vocabularies), lists page at a record boundary, and every answer shows `stale`.
 */
import { isRepographRequestError, RepographRequestError } from '@repograph/client';
import { z } from 'zod';
import {
  AXIS_NAMES, WIRE_RELATION_KINDS,
  type AxisFinding, type AxisName, type AxisState, type CiResults, type Cohort, type CohortFindings, type DependencyChange, type ReachedNode,
  type ReviewAddDiagramResult, type ReviewApproveVisualResult, type ReviewBlastRadiusResult, type ReviewCiSignalsResult,
  type ReviewCohortImpactResult, type ReviewCohortsResult, type ReviewComputeResult, type ReviewDependencyDiffsResult, type ReviewDiagram,
  type ReviewFinalizeResult, type ReviewSetCohortSummaryResult, type ReviewSetContractDecisionResult, type ReviewVerdictResult, type TestSignal,
  type TestState,
} from '@repograph/protocol';
import {
  arityLine, axisFindingLine, cohortLines, cycleLine, danglingLine, dependencyLine, diagramLines, duplicateLine, headText, lines, listText,
  pathOfId, plural, radiusCutText, reachedLine, signalLine, signatureLine, staleText, summaryText, verdictHints,
} from '../render-review.js';
import { oneLine } from '../render.js';
import { count, defineTool, loose, single, type ToolContext, type ToolSpec } from '../tool-kit.js';

const read = { readOnly: true } as const;
const write = { readOnly: false } as const;

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
function toolNames(text: string): string {
  return text.replace(/\b(?:review_studio|workspace)\.[A-Za-z]+/g, (name) => TOOL_OF_METHOD[name] ?? name);
}

/** Calls a review method; a refusal's message names the tools to call instead of the protocol's methods. */
async function call<R>(context: ToolContext, method: string, params: object, options: { readOnly: boolean }): Promise<R> {
  try {
    return await context.link.call<R>(method, params, options);
  } catch (error) {
    if (!isRepographRequestError(error)) throw error;
    const message = toolNames(error.message);
    throw message === error.message ? error : new RepographRequestError(error.code, message, error.data);
  }
}

// ---- arguments, bounded as daemon/src/handlers/review-params.ts and packages/review's validators bound them ----

const MAX_TEXT_BYTES = 64 * 1024;
const MAX_CI_ENTRIES = 10_000;
const CASE_STATES = ['passed', 'failed', 'skipped', 'pending'] as const;
const PENDING_STATES = ['queued', 'in_progress', 'pending', 'waiting', 'requested'] as const;
const POSTABLE_STATES = ['pass', 'warn', 'fail', 'partial', 'unavailable'] as const satisfies readonly AxisState[];
const FINDING_SEVERITIES = ['breaking', 'non-breaking', 'informational', 'blocking', 'concern'] as const satisfies readonly NonNullable<AxisFinding['severity']>[];
const DIAGRAM_KINDS = ['sequence', 'entity_relation', 'state_machine'] as const satisfies readonly ReviewDiagram['kind'][];

/** A string that is not blank (the validators trim before they test for empty). */
function text(max: number, description: string) {
  return z.string({ invalid_type_error: 'expected a JSON string' }).min(1).max(max).refine((value) => value.trim() !== '', 'must not be empty or blank').describe(description);
}

/** A string of at most 64 KiB in UTF-8 (the daemon's bound on summaries). */
function markdown(description: string) {
  return z.string({ invalid_type_error: 'expected a JSON string of Markdown' }).max(MAX_TEXT_BYTES)
    .refine((value) => Buffer.byteLength(value, 'utf8') <= MAX_TEXT_BYTES, 'is over 64 KiB in UTF-8: shorten it').describe(description);
}

function revision(description: string) {
  return z.string({ invalid_type_error: 'expected a JSON string' }).min(1).max(1024).describe(description);
}

const reviewIdArg = z.string({ required_error: 'reviewId is required: the `reviewId` of a review_compute answer', invalid_type_error: 'expected a JSON string' })
  .min(1).max(200).describe('The review\'s id (`r-` and 20 hex digits) from review_compute\'s answer.');
const cohortKeyArg = z.string({ required_error: 'key is required: a cohort key from review_cohorts', invalid_type_error: 'expected a JSON string' })
  .min(1).max(200).describe('A cohort key (`c-` and 12 hex digits) from review_compute or review_cohorts; it stays the same across pushes.');
const depthArg = count('Edges to follow back from the changed symbols (default 6, at most 20).', 20);

const ciResultsArg = z.object({
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

const findingArg = z.object({
  path: text(4096, 'The repository-relative file the finding is about.'),
  line: z.number({ invalid_type_error: 'expected a JSON number' }).int().min(1).max(Number.MAX_SAFE_INTEGER).optional().describe('1-based line.'),
  message: text(4000, 'What was found, and why it matters.'),
  severity: z.enum(FINDING_SEVERITIES).optional().describe('blocking or concern for an agent\'s finding (the others are the contract axis\'s).'),
  id: text(512, 'A stable id of your own for the finding (optional).').optional(),
}).strict();

function agentAxisArg(what: string) {
  return z.object({
    state: z.enum(POSTABLE_STATES).describe('pass, warn, fail, partial (some of it could not be finished) or unavailable (could not run). Not off: that is the repository\'s, in .repograph.json.'),
    reason: z.string({ invalid_type_error: 'expected a JSON string' }).max(4000).optional().describe('Why this state; required for partial and unavailable.'),
    findings: z.array(findingArg).max(1000).optional().describe('At most 1,000 findings {path, line?, message, severity?, id?}; default none.'),
  }, { invalid_type_error: 'expected an object {state, reason?, findings?}', required_error: 'missing: finalize posts all three of correctness, security, testGap' }).strict()
    .refine((axis) => !(axis.state === 'partial' || axis.state === 'unavailable') || (axis.reason ?? '').trim() !== '',
      { message: 'reason is required when the state is partial or unavailable: say what could not be finished or run', path: ['reason'] })
    .describe(what);
}

const diagramArg = z.object({
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

const cohortShape = loose({ key: z.string(), basis: z.string(), files: z.array(z.string()), symbols: z.array(z.string()), tests: z.array(z.string()), impact: loose({ score: z.number() }) });
const reachedShape = loose({ id: z.string(), path: z.string(), kind: z.string(), depth: z.number(), through: z.array(z.string()), test: z.boolean() });
const radiusShape = loose({ seeds: z.array(z.string()), symbols: z.array(reachedShape), files: z.array(z.unknown()), tests: z.array(reachedShape), truncated: z.unknown() });
const axisShape = loose({ state: z.string(), findings: z.array(z.unknown()) });
const answerFields = { reviewId: z.string(), stale: z.boolean() };

// ---- the tools, in the review flow's order ----

export const reviewCompute = defineTool({
  name: 'review_compute',
  title: 'Compute a review of a branch',
  description: 'Starts a review: the change from `base` to `head` (two commits; without head, the workspace\'s live tree) as cohorts of files ' +
    'that belong together, riskiest first, with the structural diff (removed, renamed and changed symbols, dangling callers, arity), ' +
    'the tests reaching it, dependency changes and the API contract diff. Stores the review and answers its reviewId, which every other ' +
    'review_* tool takes. The flow: review_compute -> review_cohorts -> review_cohort_impact (or review_blast_radius) per cohort -> ' +
    'review_ci_signals, review_dependency_diffs -> review_set_cohort_summary, review_add_diagram -> review_set_contract_decision, ' +
    'review_approve_visual -> review_finalize -> review_verdict. Computing again for the same base and head gives the same id and keys.',
  input: {
    base: revision('The base: one commit, as a branch, tag or SHA (`main`, `origin/main`, `v1.2.0`, `3f2a9c1`): not a range (`main..feature`) or an option.'),
    head: revision('The head: one commit, as a branch, tag or SHA (`feature`, `HEAD`, a SHA): not a range. A branch is followed as it moves ' +
      '(answers say `stale` and recompute). Absent: the workspace\'s live tree, uncommitted edits included.').optional(),
    workspace: z.string({ invalid_type_error: 'expected a JSON string' }).min(1).max(64).optional()
      .describe('Without head: the workspace whose live tree is the head (default: the bridge\'s workspace). Not with head.'),
  },
  result: loose({ ...answerFields, base: loose({ ref: z.string(), commit: z.string() }), head: loose({ kind: z.string() }), headResolved: z.string().nullable(),
    summary: loose({ files: z.number(), cohorts: z.number() }), cohorts: z.array(loose({ key: z.string(), score: z.number() })) }),
  readOnly: false,
  pages: false,
  run: async (context, args) => {
    const workspace = args.head === undefined ? args.workspace ?? context.workspace : args.workspace;
    const found = await call<ReviewComputeResult>(context, 'review_studio.compute', { ...args, ...(workspace !== undefined ? { workspace } : {}) }, write);
    const { meta, cohorts, ...rest } = found;
    const shown = cohorts.slice(0, 5);
    const text = lines(
      `review ${found.reviewId}: ${found.base.ref} (${found.base.commit.slice(0, 12)}) -> ${headText(found.head, found.headResolved)}`,
      staleText(found.stale),
      summaryText(found.summary),
      cohorts.length > 0 && `riskiest cohorts${cohorts.length > shown.length ? ` (${shown.length} of ${cohorts.length}; all with review_cohorts)` : ''}:`,
      ...shown.map((cohort) => `${cohort.key} [${cohort.basis}] impact ${cohort.impact.score}: ${listText(cohort.files, 3)}`),
      `next: review_cohorts {"reviewId": "${found.reviewId}"}`,
    );
    const brief = cohorts.map((cohort) => ({ key: cohort.key, basis: cohort.basis, score: cohort.impact.score, files: cohort.files.length }));
    return single(meta, text, { ...rest, cohorts: brief }, [...new Set(cohorts.flatMap((cohort) => cohort.files))]);
  },
});

export const reviewCohorts = defineTool({
  name: 'review_cohorts',
  title: 'A review\'s cohorts, riskiest first',
  description: 'The review\'s cohorts in impact order (riskiest first): each with its key, what grouped it (graph ties or path), its impact ' +
    'score and parts, files, changed symbols, tests reaching it, and the summary written for it. Review the cohorts in this order; ' +
    'pass a key to review_cohort_impact for its findings and radius, and to review_set_cohort_summary once it is reviewed.',
  input: { reviewId: reviewIdArg },
  result: loose({ ...answerFields, cohorts: z.array(cohortShape), summaries: z.record(z.string()) }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const found = await call<ReviewCohortsResult>(context, 'review_studio.cohorts', args, read);
    const written = Object.keys(found.summaries).length;
    return {
      meta: found.meta,
      head: lines(
        `review ${found.reviewId}: ${plural(found.cohorts.length, 'cohort')}, riskiest first; ${written} of ${found.cohorts.length} summarized`,
        staleText(found.stale),
      ),
      records: found.cohorts,
      renderRecord: (cohort: Cohort) => cohortLines(cohort, found.summaries[cohort.key]),
      build: (kept: Cohort[]) => ({
        reviewId: found.reviewId, stale: found.stale, cohorts: kept,
        summaries: Object.fromEntries(kept.filter((cohort) => cohort.key in found.summaries).map((cohort) => [cohort.key, found.summaries[cohort.key]])),
      }),
      evidence: [],
      evidenceOf: (cohort: Cohort) => cohort.files,
      noun: 'cohorts',
    };
  },
});

export const reviewBlastRadius = defineTool({
  name: 'review_blast_radius',
  title: 'What the whole change reaches',
  description: 'Every symbol, file and test that transitively uses a changed symbol of the review (reverse calls, instantiations, references, ' +
    'extends, implements, imports), nearest first, each with a shortest path to the changed symbol it reaches. For one cohort use ' +
    'review_cohort_impact; this is the whole change at once.',
  input: { reviewId: reviewIdArg, depth: depthArg },
  result: loose({ ...answerFields, ...radiusShape.shape }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const found = await call<ReviewBlastRadiusResult>(context, 'review_studio.blastRadius', args, read);
    const { meta, ...radius } = found;
    return {
      meta,
      head: lines(
        `blast radius of review ${found.reviewId}: ${radiusCounts(found)} from ${plural(found.seeds.length, 'changed symbol')}`,
        staleText(found.stale),
        radiusCutText(found.truncated),
        found.tests.length > 0 && `tests reached: ${listText(found.tests.map((node) => node.id), 10)}`,
        found.symbols.length > 0 && 'each: depth, kind, the node -> ... -> the changed symbol it uses',
      ),
      records: found.symbols,
      renderRecord: reachedLine,
      build: (kept: ReachedNode[]) => ({ ...radius, ...radiusOf(found, kept) }),
      evidence: [],
      evidenceOf: (node: ReachedNode) => [node.path],
      noun: 'reached symbols',
    };
  },
});

/** A record of review_cohort_impact: one of the diff's findings on the cohort, or one node of its radius. */
type ImpactRecord =
  | { finding: keyof CohortFindings; value: unknown; line: string; paths: string[] }
  | { node: ReachedNode };

export const reviewCohortImpact = defineTool({
  name: 'review_cohort_impact',
  title: 'One cohort\'s findings and radius',
  description: 'One cohort of a review: the diff\'s findings on it (dangling callers of removed or renamed symbols, calls whose argument ' +
    'count no longer fits, signature changes, new duplicates, new import cycles), then its blast radius: what uses its changed symbols, ' +
    'nearest first. Call per cohort in review_cohorts\' order, then write what you found with review_set_cohort_summary.',
  input: { reviewId: reviewIdArg, key: cohortKeyArg, depth: depthArg },
  result: loose({ ...answerFields, cohort: cohortShape, findings: loose({ danglingCallers: z.array(z.unknown()), arityFindings: z.array(z.unknown()) }), radius: radiusShape }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const found = await call<ReviewCohortImpactResult>(context, 'review_studio.cohortImpact', args, read);
    const findings = findingRecords(found.findings);
    const records: ImpactRecord[] = [...findings, ...found.radius.symbols.map((node) => ({ node }))];
    return {
      meta: found.meta,
      head: lines(
        `cohort ${found.cohort.key} of review ${found.reviewId}:`,
        staleText(found.stale),
        cohortLines(found.cohort),
        `findings: ${findings.length === 0 ? 'none' : findings.length}; radius: ${radiusCounts(found.radius)}`,
        radiusCutText(found.radius.truncated),
        found.radius.tests.length > 0 && `tests reached: ${listText(found.radius.tests.map((node) => node.id), 10)}`,
      ),
      records,
      renderRecord: (record: ImpactRecord) => ('node' in record ? reachedLine(record.node) : record.line),
      build: (kept: ImpactRecord[]) => ({
        reviewId: found.reviewId, stale: found.stale, cohort: found.cohort,
        findings: findingsOf(kept),
        radius: { ...found.radius, ...radiusOf(found.radius, kept.flatMap((record) => ('node' in record ? [record.node] : []))) },
      }),
      evidence: found.cohort.files,
      evidenceOf: (record: ImpactRecord) => ('node' in record ? [record.node.path] : record.paths),
      noun: 'findings and reached symbols',
    };
  },
});

/** A test's signal with the cohort it is listed under. */
interface SignalRecord {
  key: string;
  test: TestSignal;
}

/** The longest arguments (as JSON) a cursor can repeat within its bound (100,000 characters of base64). */
const MAX_PAGED_ARGS_CHARS = 60_000;

/** Tests in the order an agent acts on them: failures first. */
const STATE_ORDER: Record<TestState, number> = { failed: 0, not_run: 1, pending: 2, skipped: 3, passed: 4 };

export const reviewCiSignals = defineTool({
  name: 'review_ci_signals',
  title: 'CI results for the review\'s tests',
  description: 'The state of every test reaching the review\'s cohorts: passed, failed, skipped, pending (a CI check is still coming) or ' +
    'not_run, failures first, from the CI results you pass (`results`: JUnit XML documents, per-case states, checks still pending). ' +
    'Without results every test is not_run: use it to learn which tests to run. After review_cohort_impact, before review_finalize ' +
    '(the testGap axis). With large `results` (over about 60 KB) the answer is not paged: raise maxTokens to see every test.',
  input: {
    reviewId: reviewIdArg,
    results: ciResultsArg.optional().describe('CI results {junit?: [{source, xml}], cases?: [{source, name, state, suite?, classname?, file?}], pending?: [{name, state}]}; ' +
      'at most 10,000 entries of each kind.'),
  },
  result: loose({ ...answerFields, cohorts: z.array(loose({ key: z.string(), tests: z.array(loose({ id: z.string(), state: z.string() })) })), diagnostics: z.array(z.string()) }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const found = await call<ReviewCiSignalsResult>(context, 'review_studio.ciSignals', args as { reviewId: string; results?: CiResults }, read);
    const records = found.cohorts.flatMap((cohort) => cohort.tests.map((test) => ({ key: cohort.key, test })))
      .sort((a, b) => STATE_ORDER[a.test.state] - STATE_ORDER[b.test.state]);
    const build = (kept: SignalRecord[]) => ({
      reviewId: found.reviewId, stale: found.stale, diagnostics: found.diagnostics,
      cohorts: found.cohorts.map((cohort) => ({ key: cohort.key, tests: kept.filter((record) => record.key === cohort.key).map((record) => record.test) }))
        .filter((cohort) => cohort.tests.length > 0),
    });
    const head = lines(
      `review ${found.reviewId}: ${plural(records.length, 'test')} reaching ${plural(found.cohorts.filter((c) => c.tests.length > 0).length, 'cohort')}` +
        `${records.length > 0 ? `: ${stateCounts(records)}` : ''}`,
      staleText(found.stale),
      ...found.diagnostics.map((diagnostic) => `diagnostic: ${oneLine(diagnostic, 400)}`),
    );
    // A cursor repeats the arguments: past the bound a cursor may have, the list is answered whole, unpaged (failures first).
    if (JSON.stringify(args).length > MAX_PAGED_ARGS_CHARS) {
      const text = lines(head, records.length > 0 && '(results too large for a cursor to repeat: not paged; raise maxTokens to see every test)',
        ...records.map((record) => signalLine(record.key, record.test)));
      return single(found.meta, text, build(records), records.map((record) => record.test.path));
    }
    return {
      meta: found.meta,
      head,
      records,
      renderRecord: (record: SignalRecord) => signalLine(record.key, record.test),
      build,
      evidence: [],
      evidenceOf: (record: SignalRecord) => [record.test.path],
      noun: 'tests',
    };
  },
});

export const reviewDependencyDiffs = defineTool({
  name: 'review_dependency_diffs',
  title: 'Dependencies the review adds, removes or moves',
  description: 'Every dependency the review adds, removes, upgrades or downgrades (npm, Go and Python manifests and lockfiles): versions, ' +
    'semver step (major first to look at), direct or transitive, the manifest that shows it, and the changed files importing it. ' +
    'Use with review_ci_signals before writing the security and correctness axes.',
  input: { reviewId: reviewIdArg },
  result: loose({ ...answerFields, changes: z.array(loose({ ecosystem: z.string(), name: z.string(), change: z.string(), manifest: z.string() })), diagnostics: z.array(z.unknown()) }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const found = await call<ReviewDependencyDiffsResult>(context, 'review_studio.dependencyDiffs', args, read);
    const changes = [...found.changes].sort((a, b) => dependencyRisk(a) - dependencyRisk(b) || Number(b.direct) - Number(a.direct));
    const direct = found.changes.filter((change) => change.direct).length;
    const majors = found.changes.filter((change) => change.semver === 'major').length;
    return {
      meta: found.meta,
      head: lines(
        `review ${found.reviewId}: ${plural(found.changes.length, 'dependency change')}` +
          (found.changes.length > 0 ? ` (${direct} direct, ${found.changes.length - direct} transitive; ${majors} major), riskiest first` : ''),
        staleText(found.stale),
        ...found.diagnostics.map((diagnostic) => `diagnostic: ${diagnostic.path}: ${oneLine(diagnostic.message, 400)}`),
      ),
      records: changes,
      renderRecord: dependencyLine,
      build: (kept: DependencyChange[]) => ({ reviewId: found.reviewId, stale: found.stale, changes: kept, diagnostics: found.diagnostics }),
      evidence: found.diagnostics.map((diagnostic) => diagnostic.path),
      evidenceOf: (change: DependencyChange) => [change.manifest],
      noun: 'dependency changes',
    };
  },
});

export const reviewSetCohortSummary = defineTool({
  name: 'review_set_cohort_summary',
  title: 'Write a cohort\'s review summary',
  description: 'Stores your Markdown summary of one cohort (what it changes, what you checked, what worries you) under its key; ' +
    'review_cohorts shows it, and it survives pushes with the key. Writing again replaces it. Call after review_cohort_impact.',
  input: { reviewId: reviewIdArg, key: cohortKeyArg, markdown: markdown('The summary, in Markdown (at most 64 KiB).') },
  result: loose({ ...answerFields, key: z.string(), stored: z.boolean() }),
  readOnly: false,
  pages: false,
  run: async (context, args) => {
    const found = await call<ReviewSetCohortSummaryResult>(context, 'review_studio.setCohortSummary', args, write);
    const { meta, ...result } = found;
    return single(meta, lines(`stored the summary of cohort ${found.key} in review ${found.reviewId} (${plural(args.markdown.length, 'character')}); review_cohorts shows it`,
      staleText(found.stale)), result);
  },
});

export const reviewAddDiagram = defineTool({
  name: 'review_add_diagram',
  title: 'Add a diagram checked against the graph',
  description: 'Adds a diagram to the review (or to one cohort with `key`) as typed objects, never mermaid text: nodes bound to symbols, ' +
    'edges each with the relation the graph should hold. Every edge is checked against the head\'s graph and answered verified (with the ' +
    'site) or UNVERIFIED (with why), every node bound or not: fix or drop what did not verify. Adding the same diagram again replaces it.',
  input: {
    reviewId: reviewIdArg,
    key: cohortKeyArg.optional().describe('The cohort the diagram explains (absent: the whole review).'),
    diagram: diagramArg.describe('{kind, title?, nodes: [{id, symbol, label?}], edges: [{from, to, label, expected}]}'),
  },
  result: loose({ ...answerFields, diagramId: z.string(), key: z.string().nullable(),
    verification: loose({ nodes: z.array(z.unknown()), edges: z.array(z.unknown()), verifiedEdges: z.number(), unverifiedEdges: z.number() }) }),
  readOnly: false,
  pages: false,
  run: async (context, args) => {
    const found = await call<ReviewAddDiagramResult>(context, 'review_studio.addReviewDiagram', args, write);
    const { meta, ...result } = found;
    const verification = found.verification;
    const title = verification.title ? ` "${verification.title}"` : '';
    const text = lines(
      `diagram ${found.diagramId} (${verification.kind}${title}) stored on ${found.key ? `cohort ${found.key}` : 'the whole review'} of ${found.reviewId}`,
      staleText(found.stale),
      ...diagramLines(verification),
    );
    // Checking the diagram by hand means reading every bound node's file and every verified edge's site.
    const evidence = [...verification.nodes.flatMap((node) => (node.status === 'resolved' ? [pathOfId(node.symbolId)] : [])),
      ...verification.edges.flatMap((edge) => (edge.status === 'verified' ? [edge.evidence.path] : []))];
    return single(meta, text, result, evidence);
  },
});

export const reviewSetContractDecision = defineTool({
  name: 'review_set_contract_decision',
  title: 'Approve or reject an API contract change',
  description: 'Records your decision on one change of the review\'s API contract diff (OpenAPI/Swagger specs): `approve` a breaking change ' +
    'that is intended (the contract axis then warns instead of failing) or `reject` it (the axis fails). The change ids are the ' +
    '`id=` of the contract findings in review_verdict. The decision carries forward to later pushes that keep the change.',
  input: {
    reviewId: reviewIdArg,
    changeId: z.string({ invalid_type_error: 'expected a JSON string' }).min(1).max(200).describe('The contract change\'s id (`id=` of a contract finding in review_verdict).'),
    decision: z.enum(['approve', 'reject']).describe('approve or reject.'),
    note: z.string({ invalid_type_error: 'expected a JSON string' }).min(1).max(4000).optional().describe('Why (shown with the finding).'),
  },
  result: loose({ ...answerFields, changeId: z.string(), decision: z.enum(['approve', 'reject']) }),
  readOnly: false,
  pages: false,
  run: async (context, args) => {
    const found = await call<ReviewSetContractDecisionResult>(context, 'review_studio.setContractDecision', args, write);
    const { meta, ...result } = found;
    return single(meta, lines(`recorded: ${found.decision} contract change ${found.changeId} of review ${found.reviewId}${args.note ? ` (${args.note.slice(0, 200)})` : ''}; ` +
      'review_verdict shows the contract axis with it', staleText(found.stale)), result);
  },
});

export const reviewApproveVisual = defineTool({
  name: 'review_approve_visual',
  title: 'Approve a changed golden image',
  description: 'Approves one changed or removed committed golden image of the review (the visual axis holds until each is approved, ' +
    'then warns). The snapshot ids are the `id=` of the visual findings in review_verdict. Approve only after looking at the change.',
  input: {
    reviewId: reviewIdArg,
    snapshotId: z.string({ invalid_type_error: 'expected a JSON string' }).min(1).max(200).describe('The snapshot\'s id (`id=` of a visual finding in review_verdict).'),
  },
  result: loose({ ...answerFields, snapshotId: z.string(), approved: z.boolean() }),
  readOnly: false,
  pages: false,
  run: async (context, args) => {
    const found = await call<ReviewApproveVisualResult>(context, 'review_studio.approveVisual', args, write);
    const { meta, ...result } = found;
    return single(meta, lines(`approved snapshot ${found.snapshotId} of review ${found.reviewId}; review_verdict shows the visual axis with it`, staleText(found.stale)), result);
  },
});

export const reviewFinalize = defineTool({
  name: 'review_finalize',
  title: 'Post the agents\' axes of a review',
  description: 'Posts your conclusions on the three axes only an agent can judge: correctness (does the change do what it should, ' +
    'without breaking its callers), security, and testGap (is the change tested). Each is {state, reason?, findings?}; all three are ' +
    'required, and posting again replaces them. Call after reviewing every cohort; then review_verdict. An axis never posted counts as ' +
    'unavailable, so the verdict cannot ship without this.',
  input: {
    reviewId: reviewIdArg,
    axes: z.object({
      correctness: agentAxisArg('correctness: does the change do what it means to, and keep its callers working?'),
      security: agentAxisArg('security: does it open a hole (input handling, secrets, auth, dependencies)?'),
      testGap: agentAxisArg('testGap: are the changed behaviours tested (see review_ci_signals)?'),
    }, { invalid_type_error: 'axes must be an object {correctness, security, testGap}', required_error: 'axes is required: {correctness, security, testGap}' }).strict()
      .describe('{correctness, security, testGap}, each {state, reason?, findings?: [{path, line?, message, severity?, id?}]}.'),
    summary: markdown('The review\'s overall summary, in Markdown (at most 64 KiB).').refine((value) => value.length > 0, 'must not be empty when given').optional(),
  },
  result: loose({ ...answerFields, axes: loose({ correctness: axisShape, security: axisShape, testGap: axisShape }) }),
  readOnly: false,
  pages: false,
  run: async (context, args) => {
    const found = await call<ReviewFinalizeResult>(context, 'review_studio.finalize', args, write);
    const { meta, ...result } = found;
    const axes = (['correctness', 'security', 'testGap'] as const).map((name) => {
      const axis = found.axes[name];
      return `${name}: ${axis.state}${axis.reason ? ` — ${axis.reason.slice(0, 200)}` : ''}; ${plural(axis.findings.length, 'finding')}`;
    });
    return single(meta, lines(`posted the agents' axes of review ${found.reviewId}; review_verdict gives the verdict`, staleText(found.stale), ...axes), result,
      Object.values(found.axes).flatMap((axis) => axis.findings.map((finding) => finding.path)));
  },
});

/** A finding of the verdict with the axis it belongs to. */
interface VerdictRecord {
  axis: AxisName;
  finding: AxisFinding;
}

export const reviewVerdict = defineTool({
  name: 'review_verdict',
  title: 'The review\'s verdict: Ship, Hold or Block',
  description: 'The verdict now: Ship, Hold or Block, from five axes: contract (API spec diff) and visual (golden images), computed; ' +
    'correctness, security and testGap, from review_finalize. Answers why (the deciding axes first, then each axis), then every finding ' +
    'by axis. A contract finding\'s id goes to review_set_contract_decision, a visual one\'s to review_approve_visual; an axis not posted ' +
    'yet is unavailable and holds. Call last, and again after each decision or approval.',
  input: { reviewId: reviewIdArg },
  result: loose({ ...answerFields, verdict: z.enum(['Ship', 'Hold', 'Block']), why: z.array(z.string()),
    axes: loose(Object.fromEntries(AXIS_NAMES.map((name) => [name, axisShape]))) }),
  readOnly: true,
  pages: true,
  run: async (context, args) => {
    const found = await call<ReviewVerdictResult>(context, 'review_studio.verdict', args, read);
    const why = found.why.map(toolNames);
    const axes = Object.fromEntries(AXIS_NAMES.map((axis) => [axis, { ...found.axes[axis], ...(found.axes[axis].reason ? { reason: toolNames(found.axes[axis].reason) } : {}) }])) as typeof found.axes;
    const records: VerdictRecord[] = AXIS_NAMES.flatMap((axis) => axes[axis].findings.map((finding) => ({ axis, finding })));
    return {
      meta: found.meta,
      head: lines(
        `verdict of review ${found.reviewId}: ${found.verdict}`,
        staleText(found.stale),
        ...why,
        ...verdictHints(axes),
        records.length > 0 && `${plural(records.length, 'finding')}, by axis:`,
      ),
      records,
      renderRecord: (record: VerdictRecord) => axisFindingLine(record.axis, record.finding),
      build: (kept: VerdictRecord[]) => ({
        reviewId: found.reviewId, stale: found.stale, verdict: found.verdict, why,
        axes: Object.fromEntries(AXIS_NAMES.map((axis) => [axis, {
          ...axes[axis], findings: kept.filter((record) => record.axis === axis).map((record) => record.finding), findingsTotal: axes[axis].findings.length,
        }])),
      }),
      evidence: [],
      evidenceOf: (record: VerdictRecord) => [record.finding.path],
      noun: 'findings',
    };
  },
});

/** In the review flow's order, as tools/list shows them. */
export const REVIEW_TOOLS: ToolSpec<any>[] = [
  reviewCompute, reviewCohorts, reviewCohortImpact, reviewBlastRadius, reviewCiSignals, reviewDependencyDiffs,
  reviewSetCohortSummary, reviewAddDiagram, reviewSetContractDecision, reviewApproveVisual, reviewFinalize, reviewVerdict,
];

// ---- helpers ----

function radiusCounts(radius: { symbols: ReachedNode[]; files: unknown[]; tests: ReachedNode[] }): string {
  return `${plural(radius.symbols.length, 'symbol')} in ${plural(radius.files.length, 'file')} reached, ${plural(radius.tests.length, 'test')} among them`;
}

/** The radius's lists for the nodes kept: the nodes, their files, their tests. */
function radiusOf(radius: { files: Array<{ path: string; depth: number }> }, kept: ReachedNode[]) {
  const paths = new Set(kept.map((node) => node.path));
  return { symbols: kept, files: radius.files.filter((file) => paths.has(file.path)), tests: kept.filter((node) => node.test) };
}

/** Majors and downgrades first, then what is added, removed or changed, then minor and patch steps. */
function dependencyRisk(change: DependencyChange): number {
  if (change.semver === 'major' || change.change === 'downgraded') return 0;
  if (change.change === 'added' || change.change === 'removed' || change.change === 'changed') return 1;
  return change.semver === 'patch' ? 3 : 2;
}

function stateCounts(records: SignalRecord[]): string {
  const counts = new Map<TestState, number>();
  for (const record of records) counts.set(record.test.state, (counts.get(record.test.state) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => STATE_ORDER[a] - STATE_ORDER[b]).map(([state, n]) => `${n} ${state}`).join(', ');
}

/** The diff's findings on a cohort as records, each with its line and the files it lies in. */
function findingRecords(findings: CohortFindings): ImpactRecord[] {
  return [
    ...findings.danglingCallers.map((value) => ({ finding: 'danglingCallers' as const, value, line: danglingLine(value), paths: [value.path, pathOfId(value.target)] })),
    ...findings.arityFindings.map((value) => ({ finding: 'arityFindings' as const, value, line: arityLine(value), paths: [value.site.path, pathOfId(value.callee)] })),
    ...findings.signatureChanges.map((value) => ({ finding: 'signatureChanges' as const, value, line: signatureLine(value), paths: [pathOfId(value.id)] })),
    ...findings.newDuplicates.map((value) => ({ finding: 'newDuplicates' as const, value, line: duplicateLine(value), paths: [pathOfId(value.symbol), pathOfId(value.original)] })),
    ...findings.newImportCycles.map((value) => ({ finding: 'newImportCycles' as const, value, line: cycleLine(value), paths: value })),
  ];
}

/** The findings kept, regrouped by list. */
function findingsOf(kept: ImpactRecord[]): Record<keyof CohortFindings, unknown[]> {
  const grouped: Record<keyof CohortFindings, unknown[]> = { danglingCallers: [], arityFindings: [], signatureChanges: [], newDuplicates: [], newImportCycles: [] };
  for (const record of kept) if ('finding' in record) grouped[record.finding].push(record.value);
  return grouped;
}
