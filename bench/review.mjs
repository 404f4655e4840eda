// `npm run bench:review [-- --pairs rxjs,django,core-js-50] [--runs N] [--cold-runs N]`: the review studio on real
// pull requests made from published releases (bench/lib/review-pairs.mjs): rxjs 7.8.1 -> 7.8.2
// (TypeScript), Django 3.2.25 deb12u3 -> deb12u7 (Python) and the first 50 changed files of
// core-js 3.38.1 -> 3.39.0 (the largest corpus). For each: review_studio.compute from an empty
// store, with both baselines built (another review id of the same commits each run), after a
// one-file push; blastRadius and cohortImpact over the socket; cohort keys after a rebase onto a
// moved base, after a push adding a file to a cohort, and after a split. Writes
// bench/results/review.json and the review section of bench/RESULTS.md.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureCorpus } from './corpora.mjs';
import { connectClient, git, spawnDaemon, waitIdle } from './lib/daemon-process.mjs';
import { distribution } from './lib/daemon-scenarios.mjs';
import { describeMachine } from './lib/machine.mjs';
import { benchDir } from './lib/paths.mjs';
import { median } from './lib/stats.mjs';
import { commitOn, pairRepository, rebaseOntoMovedMain } from './lib/review-pairs.mjs';
import { coldReview, REVIEW_PAIRS } from './lib/review-cold.mjs';
import { REVIEW_TARGETS, writeReviewMarkdown } from './lib/review-results.mjs';


function parseArgs(argv) {
  const options = { pairs: Object.keys(REVIEW_PAIRS), runs: 5, coldRuns: 3, socketCalls: 40 };
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    const value = () => argv[++index] ?? '';
    if (flag === '--pairs') options.pairs = value().split(',').filter(Boolean);
    else if (flag === '--runs') options.runs = Number(value());
    else if (flag === '--cold-runs') options.coldRuns = Math.max(1, Number(value()));
    else { console.error(`bench:review: unknown flag ${flag}`); process.exit(2); }
  }
  return options;
}

const log = (line) => console.error(`[bench:review] ${line}`);
const timed = async (fn) => { const started = performance.now(); const value = await fn(); return { ms: performance.now() - started, value }; };
const round = (value) => Math.round(value * 10) / 10;
const keysOf = (cohorts) => new Set(cohorts.map((cohort) => cohort.key));

async function measurePair(name, spec, options) {
  const [baseDir, headDir] = [await ensureCorpus(spec.base, { log }), await ensureCorpus(spec.head, { log })];
  const pair = await pairRepository(baseDir, headDir, `review-${name}`, { limitFiles: spec.limitFiles ?? null });
  log(`${name}: ${pair.changedFiles} changed files`);
  const spawned = performance.now();
  const daemon = await spawnDaemon(pair.repo, pair.home);
  const client = await connectClient(pair.repo, pair.home, 'bench-review', { daemon });
  try {
    // From nothing: the daemon indexes the worktree (main, the base) at startup; compute waits
    // for that, then builds the head's baseline from git objects.
    const computeStarted = performance.now();
    const review = await client.requestByName('review_studio.compute', { base: 'main', head: 'release' });
    const firstCold = { fromSpawnMs: performance.now() - spawned, callMs: performance.now() - computeStarted };
    await waitIdle(client);
    // More cold runs, each a daemon of its own on an empty data root of its own (the first one's
    // daemon stays up for the rest of the bench); medians.
    const colds = [firstCold];
    for (let run = 1; run < options.coldRuns; run++) colds.push(await coldReview(pair.repo));
    const cold = { ms: median(colds.map((c) => c.fromSpawnMs)), callMs: median(colds.map((c) => c.callMs)), samples: colds.map((c) => round(c.fromSpawnMs)) };
    log(`${name}: compute from an empty data root ${round(cold.ms)} ms from the daemon's spawn (the call itself ${round(cold.callMs)} ms), median of ${colds.length} (${cold.samples.join(', ')}); ${review.cohorts.length} cohorts`);
    const headSha = review.headResolved;
    // Other spellings of the same two commits: other review ids, both baselines already built.
    const spellings = [headSha, 'release~0', 'release^0', 'refs/heads/release', 'heads/release', `${headSha}^0`, `${headSha}~0`];
    const warm = [];
    for (const head of spellings.slice(0, options.runs)) warm.push((await timed(() => client.requestByName('review_studio.compute', { base: 'main', head }))).ms);
    log(`${name}: compute with both baselines built p50 ${round(distribution(warm).p50)} ms`);

    const radius = [];
    const impact = [];
    for (let call = 0; call < options.socketCalls; call++) {
      radius.push((await timed(() => client.requestByName('review_studio.blastRadius', { reviewId: review.reviewId }))).ms);
      const cohort = review.cohorts[call % review.cohorts.length];
      if (cohort) impact.push((await timed(() => client.requestByName('review_studio.cohortImpact', { reviewId: review.reviewId, key: cohort.key }))).ms);
    }
    const radiusAnswer = await client.requestByName('review_studio.blastRadius', { reviewId: review.reviewId });
    log(`${name}: blastRadius p95 ${round(distribution(radius).p95)} ms (${radiusAnswer.symbols.length} symbols; the first call ${round(radius[0])} ms), cohortImpact p95 ${round(distribution(impact).p95)} ms (the first ${round(impact[0] ?? 0)} ms)`);

    // A one-file push editing a changed file of the riskiest cohort (timed), then a push adding a
    // file that calls into the riskiest graph cohort (its key must stay).
    const target = review.cohorts.find((cohort) => cohort.basis === 'graph') ?? review.cohorts[0];
    const edited = target.files[0];
    const onRelease = (await git(pair.repo, 'show', `release:${edited}`)).stdout;
    const pushes = [];
    for (let run = 1; run <= options.runs; run++) {
      await commitOn(pair.repo, 'release', { [edited]: `${onRelease}${'\n'.repeat(run)}` }, `one-file push ${run}`);
      pushes.push((await timed(() => client.requestByName('review_studio.compute', { base: 'main', head: 'release' }))).ms);
    }
    const push = { ms: median(pushes), samples: pushes.map(round) };
    const pushed = await pushIntoCohort(pair.repo, target);
    const afterPush = await client.requestByName('review_studio.compute', { base: 'main', head: 'release' });
    const pushKeyKept = target ? afterPush.cohorts.some((cohort) => cohort.key === target.key && cohort.files.includes(pushed)) : null;
    log(`${name}: recompute after a one-file push ${round(push.ms)} ms, median of ${pushes.length} (${push.samples.join(', ')}); after a push adding a file to a cohort, its key kept: ${pushKeyKept}`);

    await rebaseOntoMovedMain(pair.repo, 'release');
    const rebased = await client.requestByName('review_studio.compute', { base: 'main', head: 'release' });
    const before = keysOf(afterPush.cohorts);
    const kept = [...keysOf(rebased.cohorts)].filter((key) => before.has(key)).length;
    const rebaseKept = before.size === 0 ? 1 : kept / before.size;
    log(`${name}: keys kept after a rebase onto a moved base: ${kept}/${before.size}`);

    const split = await splitLargestCohort(pair.repo, client, rebased);
    log(`${name}: split ${split ? `${split.sizes.join('+')} files, larger part kept the key: ${split.largerKept}` : 'not found'}`);
    return {
      pair: name, language: spec.language, base: spec.base, head: spec.head, changedFiles: pair.changedFiles,
      cohorts: review.cohorts.length, graphCohorts: review.cohorts.filter((c) => c.basis === 'graph').length,
      computeColdMs: round(cold.ms), computeColdCallMs: round(cold.callMs), computeColdSamples: cold.samples, computeWarmMs: distribution(warm), pushRecomputeMs: round(push.ms), pushRecomputeSamples: push.samples,
      blastRadiusMs: distribution(radius), cohortImpactMs: distribution(impact), firstCallMs: { blastRadius: round(radius[0]), cohortImpact: round(impact[0] ?? 0) }, radiusSymbols: radiusAnswer.symbols.length,
      radiusTruncated: radiusAnswer.truncated, pushKeyKept, rebaseKeptShare: rebaseKept, split,
    };
  } finally {
    client.close();
    await daemon.stop();
    pair.remove();
  }
}

/** Adds a file on `release` that calls the cohort's first changed function, so it joins that cohort. */
async function pushIntoCohort(repo, cohort) {
  const symbol = cohort?.symbols.find((id) => id.includes('#'));
  const file = cohort?.files.find((path) => path === symbol?.slice(0, symbol.indexOf('#'))) ?? cohort?.files[0] ?? 'README.md';
  const name = symbol ? symbol.slice(symbol.indexOf('#') + 1).split('.').pop() : 'x';
  const dir = path.posix.dirname(file);
  const ext = path.posix.extname(file);
  const added = `${dir === '.' ? '' : `${dir}/`}review_bench_push${ext}`;
  const base = path.posix.basename(file, ext);
  const source = (await git(repo, 'show', `release:${file}`).catch(() => ({ stdout: '' }))).stdout;
  const text = ext === '.py'
    ? `from .${base} import ${name}\n\n\ndef review_bench_push():\n    return ${name}()\n`
    : ext === '.js' && !source.includes('export ')
      ? `var ${name} = require('./${base}');\n\nmodule.exports = function reviewBenchPush() {\n  return ${name}();\n};\n`
      : `import { ${name} } from './${base}${ext === '.ts' ? '' : ext}';\n\nexport function reviewBenchPush() {\n  return ${name}();\n}\n`;
  await commitOn(repo, 'release', { [added]: text }, 'push one file');
  return added;
}

/**
 * Splits the largest graph cohort: reverts (to main) one member at a time, until a recomputation
 * gives two or more cohorts of its files; the larger part must keep the key.
 */
async function splitLargestCohort(repo, client, review) {
  const largest = [...review.cohorts].filter((c) => c.basis === 'graph' && c.files.length >= 4).sort((a, b) => b.files.length - a.files.length)[0];
  if (!largest) return null;
  for (const file of [...largest.files].slice(0, 6)) {
    const original = await showOnMain(repo, file);
    await commitOn(repo, 'release', { [file]: original }, `revert ${file}`);
    const next = await client.requestByName('review_studio.compute', { base: 'main', head: 'release' });
    // Each part's size is how many of the old cohort's files it holds.
    const members = (cohort) => cohort.files.filter((member) => largest.files.includes(member) && member !== file).length;
    const parts = next.cohorts.filter((cohort) => members(cohort) > 0).sort((a, b) => members(b) - members(a));
    if (parts.length >= 2 && members(parts[0]) > members(parts[1])) {
      return { sizes: parts.map(members), bases: parts.map((p) => p.basis), largerKept: parts[0].key === largest.key };
    }
    if (parts.length >= 2) largest.files = largest.files.filter((member) => member !== file);
  }
  return null;
}

async function showOnMain(repo, file) {
  const result = await git(repo, 'show', `main:${file}`).catch(() => null);
  return result ? result.stdout : null;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const results = [];
  for (const name of options.pairs) {
    const spec = REVIEW_PAIRS[name];
    if (!spec) { console.error(`bench:review: unknown pair ${name}; known: ${Object.keys(REVIEW_PAIRS).join(', ')}`); return 2; }
    results.push(await measurePair(name, spec, options));
  }
  const record = { date: new Date().toISOString(), machine: describeMachine(), targets: REVIEW_TARGETS, results };
  fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  fs.writeFileSync(path.join(benchDir, 'results', 'review.json'), `${JSON.stringify(record, null, 2)}\n`);
  writeReviewMarkdown(path.join(benchDir, 'RESULTS.md'), record);
  log('wrote bench/results/review.json and bench/RESULTS.md');
  return 0;
}

process.exitCode = await main();
