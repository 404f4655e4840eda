/**
 * Review tools: review_compute, review_cohorts, review_blast_radius, review_cohort_impact,
 * review_ci_signals, review_dependency_diffs, review_set_contract_decision, review_approve_visual,
 * review_set_cohort_summary, review_add_diagram, review_finalize, review_verdict. Thin views over
 * review_studio.*: the arguments are checked as the daemon checks them (same names, bounds and
 * vocabularies), lists page at a record boundary, and every answer shows `stale`. The tools that
 * write notes are review-notes.ts; the shared arguments and shapes review-shared.ts.
 */
import { z } from 'zod';
import {
  AXIS_NAMES, type AxisFinding, type AxisName, type CiResults, type Cohort, type CohortFindings, type DependencyChange, type ReachedNode,
  type ReviewBlastRadiusResult, type ReviewCiSignalsResult, type ReviewCohortImpactResult, type ReviewCohortsResult, type ReviewComputeResult,
  type ReviewDependencyDiffsResult, type ReviewVerdictResult, type TestSignal, type TestState,
} from '@repograph/protocol';
import {
  arityLine, axisFindingLine, cohortLines, cycleLine, danglingLine, dependencyLine, duplicateLine, headText, lines, listText, pathOfId, plural,
  radiusCutText, reachedLine, signalLine, signatureLine, staleText, summaryText, verdictHints,
} from '../render-review.js';
import { oneLine } from '../render.js';
import { count, defineTool, loose, single, type ToolContext, type ToolSpec } from '../tool-kit.js';
import {
  call, toolNames, read, write, text, revision, reviewIdArg, cohortKeyArg, depthArg, ciResultsArg, cohortShape, radiusShape, axisShape, answerFields,
} from './review-shared.js';

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

/** Tests in the order an agent acts on them: failures first. */
const STATE_ORDER: Record<TestState, number> = { failed: 0, not_run: 1, pending: 2, skipped: 3, passed: 4 };

export const reviewCiSignals = defineTool({
  name: 'review_ci_signals',
  title: 'CI results for the review\'s tests',
  description: 'The state of every test reaching the review\'s cohorts: passed, failed, skipped, pending (a CI check is still coming) or ' +
    'not_run, failures first, from the CI results you pass (`results`: JUnit XML documents, per-case states, checks still pending). ' +
    'Without results every test is not_run: use it to learn which tests to run. After review_cohort_impact, before review_finalize ' +
    '(the testGap axis).',
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
import { reviewAddDiagram, reviewApproveVisual, reviewFinalize, reviewSetCohortSummary, reviewSetContractDecision } from './review-notes.js';

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
