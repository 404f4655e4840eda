// The review bench's pairs and its cold run, shared by bench/review.mjs and
// bench/review-cold-ab.mjs: which published releases make each pull request, and one
// review_studio.compute from nothing (a daemon of its own on an empty data root, stopped and
// removed after), timed from the call and from the spawn, with the CPU the daemon used during the
// call (user + system of its process, all threads, from /proc) and how that CPU split between its
// threads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectClient, spawnDaemon } from './daemon-process.mjs';

/** Base and head corpora of each pair (bench/corpora.mjs names); limitFiles keeps the first N changed paths. */
export const REVIEW_PAIRS = {
  rxjs: { base: 'rxjs', head: 'rxjs-7.8.2', language: 'TypeScript' },
  django: { base: 'django-deb12u3', head: 'django', language: 'Python' },
  'core-js-50': { base: 'core-js', head: 'core-js-3.39.0', language: 'JavaScript', limitFiles: 50 },
};

/** CPU time (ms) the process `pid` has used, all threads, from /proc. */
function processCpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

/** CPU time (ms) of each thread of the process `pid`, by thread id, from /proc (a thread gone meanwhile is left out). */
function threadCpuMs(pid) {
  const byThread = new Map();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      byThread.set(tid, (Number(fields[11]) + Number(fields[12])) * (1000 / 100));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byThread;
}

/**
 * How the CPU of `pid` between two threadCpuMs readings split: the main thread, the busiest
 * other thread (on a cold index, the extraction worker: the daemon runs one), and every other
 * thread together (V8's background threads: concurrent compilation and the GC's helpers; libuv's
 * and LMDB's).
 */
function threadSplit(pid, before, after) {
  let mainMs = 0;
  const others = [];
  for (const [tid, ms] of after) {
    const used = ms - (before.get(tid) ?? 0);
    if (tid === String(pid)) mainMs = used;
    else others.push(used);
  }
  others.sort((a, b) => b - a);
  return { mainMs, busiestThreadMs: others[0] ?? 0, otherThreadsMs: others.slice(1).reduce((a, b) => a + b, 0) };
}

/**
 * One cold compute of `main`...`release` on `repo` by the daemon build `main` (default: this
 * tree's). With `pollStatus`, a second client asks index.status back to back (5 ms apart) while
 * the compute runs, as an agent waiting for the index does; `probe` names another method to ask
 * so (`daemon.stats`, `workspace.list`: how long a cheap request waits meanwhile). Returns
 * {callMs, fromSpawnMs, cpuMs, statusAnswers, statusP50Ms, statusWorstMs} (the last three 0
 * without polling) and `threads`, the call's CPU by thread (threadSplit).
 */
export async function coldReview(repo, { main, pollStatus = false, probe = pollStatus ? 'index.status' : null } = {}) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'rg-review-cold-'));
  const spawned = performance.now();
  const daemon = await spawnDaemon(repo, home, main ? { main } : {});
  const client = await connectClient(repo, home, 'bench-review-cold', { daemon });
  const poller = probe !== null ? await connectClient(repo, home, 'bench-review-cold-status', { daemon }) : null;
  try {
    const cpuBefore = processCpuMs(daemon.pid);
    const threadsBefore = threadCpuMs(daemon.pid);
    let polling = poller !== null;
    const statusMs = [];
    const polled = poller && (async () => {
      while (polling) {
        const asked = performance.now();
        await poller.requestByName(probe, {});
        statusMs.push(performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const started = performance.now();
    await client.requestByName('review_studio.compute', { base: 'main', head: 'release' });
    const ended = performance.now();
    const threads = threadSplit(daemon.pid, threadsBefore, threadCpuMs(daemon.pid));
    polling = false;
    await polled;
    statusMs.sort((a, b) => a - b);
    return {
      callMs: ended - started, fromSpawnMs: ended - spawned, cpuMs: processCpuMs(daemon.pid) - cpuBefore, threads,
      statusAnswers: statusMs.length, statusP50Ms: statusMs.length === 0 ? 0 : statusMs[statusMs.length >> 1],
      statusWorstMs: statusMs.length === 0 ? 0 : statusMs[statusMs.length - 1],
    };
  } finally {
    poller?.close();
    client.close();
    await daemon.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}
