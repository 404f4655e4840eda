// The review bench's targets (issue 13) and its section of bench/RESULTS.md: one row per release
// pair with every figure beside its target and a verdict. Owns the judging and the rendering.
import { writeMarkedSection } from './results-md.mjs';

export const START_MARKER = '<!-- review:start -->';
export const END_MARKER = '<!-- review:end -->';

export const REVIEW_TARGETS = {
  computeColdMs: 2000, computeWarmMs: 300, pushRecomputeMs: 150, blastRadiusP95Ms: 50, cohortImpactP95Ms: 50, rebaseKeptShare: 1,
};

const verdict = (ok) => (ok === null || ok === undefined ? 'not measured' : ok ? 'met' : '**missed**');

/** The verdicts of one pair's figures. */
export function judgeReview(result) {
  const t = REVIEW_TARGETS;
  return {
    // review_studio.compute's own time on an empty store (as the warm and push figures are the
    // call's); the time from the daemon's spawn, which adds its start, is judged beside it.
    computeCold: (result.computeColdCallMs ?? result.computeColdMs) < t.computeColdMs,
    computeColdFromSpawn: result.computeColdMs < t.computeColdMs,
    computeWarm: result.computeWarmMs ? result.computeWarmMs.p50 < t.computeWarmMs : null,
    pushRecompute: result.pushRecomputeMs < t.pushRecomputeMs,
    blastRadius: result.blastRadiusMs ? result.blastRadiusMs.p95 < t.blastRadiusP95Ms : null,
    cohortImpact: result.cohortImpactMs ? result.cohortImpactMs.p95 < t.cohortImpactP95Ms : null,
    rebase: result.rebaseKeptShare >= t.rebaseKeptShare,
    push: result.pushKeyKept,
    split: result.split ? result.split.largerKept : null,
  };
}

export function renderReviewSection(record) {
  const lines = [];
  const m = record.machine;
  lines.push('## Review studio (issue 13: `npm run bench:review`)');
  lines.push('');
  lines.push(`Measured ${record.date.slice(0, 10)} on ${m.cores} cores (${m.cpuModel}), Node ${m.node}. Real pull requests made from`);
  lines.push('published releases (bench/lib/review-pairs.mjs): `main` is one release, `release` the next in one commit;');
  lines.push('core-js-50 keeps the first 50 changed files of 3.38.1 -> 3.39.0. "Cold" is review_studio.compute on an empty data');
  lines.push('root (the daemon indexes the worktree, then builds the head baseline from git objects): the call, judged against the');
  lines.push('target as the warm and push figures are, and beside it the time from spawning the daemon to the answer;');
  lines.push('"warm" is a review of the same two commits under another id (both baselines built); "cold" (each run a daemon of its',
    'own on an empty data root) and "after a 1-file push" (each push a new commit editing one changed file) are medians of',
    'several runs, their samples in bench/results/review.json.');
  lines.push('');
  lines.push('| pair | changed files | cohorts (graph) | compute cold ms (< 2,000): the call / from spawn | warm p50 ms (< 300) | after a 1-file push ms (< 150) | blastRadius p95 ms (< 50) | cohortImpact p95 ms (< 50) | keys kept: rebase / push / split |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const r of record.results) {
    const v = judgeReview(r);
    lines.push(`| ${r.pair} (${r.language}) | ${r.changedFiles} | ${r.cohorts} (${r.graphCohorts}) | ${r.computeColdCallMs} ${verdict(v.computeCold)} / ${r.computeColdMs} ${verdict(v.computeColdFromSpawn)} | `
      + `${r.computeWarmMs?.p50 ?? '—'} ${verdict(v.computeWarm)} | ${r.pushRecomputeMs} ${verdict(v.pushRecompute)} | `
      + `${r.blastRadiusMs?.p95 ?? '—'} ${verdict(v.blastRadius)} (${r.radiusSymbols} symbols${r.radiusTruncated ? ', truncated' : ''}) | `
      + `${r.cohortImpactMs?.p95 ?? '—'} ${verdict(v.cohortImpact)} | ${Math.round(r.rebaseKeptShare * 100)}% ${verdict(v.rebase)} / `
      + `${verdict(v.push)} / ${r.split ? `${r.split.sizes.join('+')} ${verdict(v.split)}` : 'no graph cohort of 4+ files to split'} |`);
  }
  return lines.join('\n');
}

/** Rewrites the review section of RESULTS.md (the text between the markers) and returns the file's new text. */
export function writeReviewMarkdown(file, record) {
  writeMarkedSection(file, START_MARKER, END_MARKER, `${START_MARKER}\n${renderReviewSection(record)}\n${END_MARKER}`);
}
