/**
 * `repograph review --base REF [--head REF] [--json]`: a pull request's review, computed by the
 * daemon (`review_studio.compute`) from the two commits' baselines (or, without --head, from the
 * live worktree): the changed files in cohorts, riskiest first, each with its key, files, impact,
 * blast radius size and the tests reaching it; then the dependency changes and the verdict with
 * its axes. `--json` prints the whole artifact (`review_studio.get`) with the verdict. `--gate`
 * makes the exit code the verdict's: Ship 0, Hold 3, Block 4 (2 stays usage or environment).
 * Nothing is checked out; running it twice gives the same review.
 */
import { RepographRequestError } from '@repograph/client';
import type { ReviewArtifact, ReviewVerdictPayload } from '@repograph/protocol';
import { connectToDaemon } from './daemon-connection.js';
import type { CommandOptions } from './main.js';

/** A daemon that `review` starts stops soon after it is done. */
const REVIEW_DAEMON_IDLE_S = 60;
const SHOWN_FILES = 8;

export async function runReview(options: CommandOptions): Promise<number> {
  const base = options.values.base;
  if (typeof base !== 'string' || base === '') {
    throw RepographRequestError.of('UsageError', 'repograph review needs --base REF (a commit, branch or tag), e.g. `repograph review --base origin/main --head HEAD`.');
  }
  const head = typeof options.values.head === 'string' && options.values.head !== '' ? options.values.head : undefined;
  const client = await connectToDaemon({ repo: options.repo, clientName: 'repograph-review', idleTimeoutS: REVIEW_DAEMON_IDLE_S });
  let artifact: ReviewArtifact & { stale: boolean };
  let verdict: ReviewVerdictPayload;
  try {
    const computed = await client.requestByName('review_studio.compute', { base, ...(head ? { head } : {}) }) as { reviewId: string };
    artifact = await client.requestByName('review_studio.get', { reviewId: computed.reviewId }) as ReviewArtifact & { stale: boolean };
    verdict = await client.requestByName('review_studio.verdict', { reviewId: computed.reviewId }) as ReviewVerdictPayload;
  } finally {
    client.close();
  }
  if (options.json) {
    const { meta: _meta, ...plain } = artifact as ReviewArtifact & { stale: boolean; meta?: unknown };
    const { meta: _verdictMeta, ...verdictPlain } = verdict as ReviewVerdictPayload & { meta?: unknown };
    process.stdout.write(`${JSON.stringify({ ...plain, verdict: verdictPlain }, null, 2)}\n`);
  } else {
    process.stdout.write(render(artifact) + renderVerdict(verdict));
  }
  return options.values.gate ? GATE_EXIT[verdict.verdict] : 0;
}

/** `--gate` exit codes: CI fails on Hold (3) or Block (4). */
const GATE_EXIT: Record<ReviewVerdictPayload['verdict'], number> = { Ship: 0, Hold: 3, Block: 4 };

function renderVerdict(verdict: ReviewVerdictPayload): string {
  const lines = ['', `verdict: ${verdict.verdict}`];
  for (const [name, axis] of Object.entries(verdict.axes)) {
    lines.push(`  ${name.padEnd(12)} ${axis.state}${axis.gated ? '' : ' (not gated)'}${axis.reason ? `: ${axis.reason}` : ''}`);
    for (const finding of axis.findings.slice(0, 5)) lines.push(`    ${finding.path}${finding.line ? `:${finding.line}` : ''} ${finding.message}`);
  }
  return `${lines.join('\n')}\n`;
}

function render(review: ReviewArtifact & { stale: boolean }): string {
  const lines: string[] = [];
  const headName = review.head.kind === 'workspace' ? `workspace ${review.head.workspace}` : `${review.head.ref} (${review.headResolved?.slice(0, 12)})`;
  const s = review.summary;
  lines.push(`review ${review.reviewId}: ${review.base.ref} (${review.base.commit.slice(0, 12)}) -> ${headName}${review.stale ? ' [stale: the head moved, recomputing]' : ''}`);
  lines.push(`${s.files} files in ${s.cohorts} cohorts (${s.graphCohorts} by graph, ${s.pathCohorts} by path); symbols ${s.symbolsAdded} added, `
    + `${s.symbolsRemoved} removed, ${s.symbolsRenamed} renamed, ${s.symbolsChanged} changed; ${s.danglingCallers} dangling callers, `
    + `${s.arityFindings} arity findings, ${s.testsReaching} tests reaching`);
  if (!review.headDescendsFromBase) lines.push('note: the head does not descend from the base; the review compares the two trees');
  if (!review.indexed) lines.push('note: neither side has files the graph parses; every cohort is by path');
  review.cohorts.forEach((cohort, index) => {
    const p = cohort.impact.parts;
    lines.push('');
    lines.push(`${index + 1}. ${cohort.key} [${cohort.basis}] impact ${cohort.impact.score}: radius ${p.radius}, ${p.removedExported} removed exported, `
      + `${p.renamedExported} renamed exported, ${p.danglingCallers} dangling, ${p.arityFindings} arity, ${p.testsReaching} tests, ${p.changedLines} lines`);
    for (const file of cohort.files.slice(0, SHOWN_FILES)) lines.push(`   ${file}`);
    if (cohort.files.length > SHOWN_FILES) lines.push(`   ... and ${cohort.files.length - SHOWN_FILES} more files`);
    if (cohort.tests.length > 0) lines.push(`   tests: ${cohort.tests.slice(0, 5).join(', ')}${cohort.tests.length > 5 ? `, ... (${cohort.tests.length})` : ''}`);
  });
  if (review.dependencies.length > 0) {
    lines.push('');
    lines.push(`dependencies (${review.dependencies.length}):`);
    for (const d of review.dependencies.slice(0, 30)) {
      lines.push(`  ${d.ecosystem} ${d.name} ${d.change} ${d.from ?? '-'} -> ${d.to ?? '-'}${d.semver ? ` (${d.semver})` : ''}${d.direct ? '' : ' transitive'} in ${d.manifest}`);
    }
  }
  for (const d of review.diagnostics) lines.push(`warning: ${d.path}: ${d.message}`);
  return `${lines.join('\n')}\n`;
}
