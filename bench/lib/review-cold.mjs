// The review bench's pairs and its cold run, shared by bench/review.mjs and
// bench/review-cold-ab.mjs: which published releases make each pull request, and one
// review_studio.compute from nothing (a daemon of its own on an empty data root, stopped and
// removed after), timed from the call and from the spawn, with the CPU the daemon used during the
// call (user + system of its process, all threads, from /proc).
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

/**
 * One cold compute of `main`...`release` on `repo` by the daemon build `main` (default: this
 * tree's). With `pollStatus`, a second client asks index.status back to back (5 ms apart) while
 * the compute runs, as an agent waiting for the index does; `probe` names another method to ask
 * so (`daemon.stats`, `workspace.list`: how long a cheap request waits meanwhile). Returns
 * {callMs, fromSpawnMs, cpuMs, statusAnswers, statusP50Ms, statusWorstMs} (the last three 0
 * without polling).
 */
export async function coldReview(repo, { main, pollStatus = false, probe = pollStatus ? 'index.status' : null } = {}) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'rg-review-cold-'));
  const spawned = performance.now();
  const daemon = await spawnDaemon(repo, home, main ? { main } : {});
  const client = await connectClient(repo, home, 'bench-review-cold', { daemon });
  const poller = probe !== null ? await connectClient(repo, home, 'bench-review-cold-status', { daemon }) : null;
  try {
    const cpuBefore = processCpuMs(daemon.pid);
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
    polling = false;
    await polled;
    statusMs.sort((a, b) => a - b);
    return {
      callMs: ended - started, fromSpawnMs: ended - spawned, cpuMs: processCpuMs(daemon.pid) - cpuBefore,
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
