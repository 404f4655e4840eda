// A cold review, A/B between daemon builds: review_studio.compute on the core-js-50 pair
// (bench/lib/review-pairs.mjs) from an empty data root, each run a daemon of its own, builds
// alternated so load on a shared machine falls on both alike. Prints, per build, the medians of
// the call's wall time, the time from the daemon's spawn, and the CPU the daemon used during the
// call (user + system of its process, all threads, from /proc) with its split between threads
// (the main thread, the busiest other thread: the extraction worker, and the rest: V8's
// background compilation and GC helpers, libuv, LMDB), and each build's ratio to the first. With --poll-status a second client asks index.status back to back during the compute
// (as an agent waiting for the index does), and the rows add how many answers it got, their
// median and the worst wait; --probe METHOD asks another method so (daemon.stats, workspace.list:
// how long a cheap request waits during a cold review). A build may carry node flags after a `#`
// (`--build ss32=daemon/dist/main.js#--max-semi-space-size=32`), to measure a flag on one build.
// Asserts nothing.
//
//   node bench/review-cold-ab.mjs --build ref=/tmp/ref/daemon/dist/main.js \
//     --build now=daemon/dist/main.js [--runs 5] [--pair core-js-50] [--poll-status | --probe daemon.stats]
import { parseArgs } from 'node:util';
import { ensureCorpus } from './corpora.mjs';
import { coldReview, REVIEW_PAIRS } from './lib/review-cold.mjs';
import { describeMachine } from './lib/machine.mjs';
import { median } from './lib/stats.mjs';
import { pairRepository } from './lib/review-pairs.mjs';
import { abBuilds } from './lib/daemon-process.mjs';


const { values } = parseArgs({
  options: {
    build: { type: 'string', multiple: true }, runs: { type: 'string', default: '5' }, pair: { type: 'string', default: 'core-js-50' },
    'poll-status': { type: 'boolean', default: false }, probe: { type: 'string' },
  },
});
const builds = abBuilds(values.build, 'review-cold-ab');
const spec = REVIEW_PAIRS[values.pair];
const probe = values.probe ?? (values['poll-status'] ? 'index.status' : null);
if (builds.length === 0 || !spec) {
  console.error(`usage: node bench/review-cold-ab.mjs --build LABEL=PATH/daemon/dist/main.js [--build ...] [--runs N] [--pair ${Object.keys(REVIEW_PAIRS).join('|')}]`);
  process.exit(2);
}

const log = (line) => console.error(`[bench:review-cold-ab] ${line}`);
const pair = await pairRepository(await ensureCorpus(spec.base, { log }), await ensureCorpus(spec.head, { log }), `review-cold-ab-${values.pair}`, { limitFiles: spec.limitFiles ?? null });
try {
  const samples = new Map(builds.map((build) => [build.label, []]));
  for (let run = 0; run < Number(values.runs); run++) {
    const order = run % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) {
      const sample = await coldReview(pair.repo, { main: build.main, probe });
      samples.get(build.label).push(sample);
      log(`${build.label} run ${run + 1}: call ${Math.round(sample.callMs)} ms, daemon CPU ${Math.round(sample.cpuMs)} ms${probe !== null ? `, ${sample.statusAnswers} ${probe} answers, the worst ${Math.round(sample.statusWorstMs)} ms` : ''}`);
    }
  }
  console.log(JSON.stringify({ measuredAt: new Date().toISOString(), machine: describeMachine(), pair: values.pair, changedFiles: pair.changedFiles, runs: Number(values.runs), probe }));
  let first = null;
  for (const build of builds) {
    const runs = samples.get(build.label);
    const row = {
      build: build.label, callMs: Math.round(median(runs.map((r) => r.callMs))), fromSpawnMs: Math.round(median(runs.map((r) => r.fromSpawnMs))),
      cpuMs: Math.round(median(runs.map((r) => r.cpuMs))), callSamples: runs.map((r) => Math.round(r.callMs)),
      cpuByThread: {
        main: Math.round(median(runs.map((r) => r.threads.mainMs))), busiest: Math.round(median(runs.map((r) => r.threads.busiestThreadMs))),
        others: Math.round(median(runs.map((r) => r.threads.otherThreadsMs))),
      },
      ...(probe !== null ? { statusAnswers: median(runs.map((r) => r.statusAnswers)), statusP50Ms: Math.round(median(runs.map((r) => r.statusP50Ms)) * 10) / 10,
        statusWorstMs: runs.map((r) => Math.round(r.statusWorstMs)) } : {}),
    };
    first ??= row;
    console.log(JSON.stringify({ ...row, callRatio: Math.round((row.callMs / first.callMs) * 1000) / 1000, cpuRatio: Math.round((row.cpuMs / first.cpuMs) * 1000) / 1000 }));
  }
} finally {
  pair.remove();
}
