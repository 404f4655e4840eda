/**
 * The review tools that write notes beside a review: review_set_cohort_summary,
 * review_add_diagram, review_set_contract_decision, review_approve_visual and review_finalize
 * (decisions, approvals, summaries, diagrams and the agents' axes survive recomputation).
 */
import { z } from 'zod';
import type {
  ReviewAddDiagramResult, ReviewApproveVisualResult, ReviewFinalizeResult, ReviewSetCohortSummaryResult, ReviewSetContractDecisionResult,
} from '@repograph/protocol';
import { diagramLines, lines, pathOfId, plural, staleText } from '../render-review.js';
import { defineTool, loose, single } from '../tool-kit.js';
import {
  call, write, text, markdown, reviewIdArg, cohortKeyArg, agentAxisArg, diagramArg, axisShape, answerFields,
} from './review-shared.js';

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
