// The fuzzer of frames and params against the real daemon: seeded inputs (robustness-inputs.mjs)
// sent by a few concurrent lanes (malformed frames each on a fresh raw socket, mutated requests on
// a connection per lane), every answer classified, and the daemon watched by a control connection
// (its index.status) and its process: a death (exit, or index.status unanswered for
// `healthTimeoutMs`) is counted, the daemon is killed and restarted on the same data root, and the
// inputs in flight are recorded as its suspects. Owns the classification and the findings.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { git, loadClient, sleep, spawnDaemon, waitIdle } from './daemon-process.mjs';
import { makeGenerator, EXCLUDED_METHODS } from './robustness-inputs.mjs';
import { connectRaw } from './robustness-wire.mjs';
import { seededRandom } from './stats.mjs';

/** JSON-RPC's own faults, acceptable without data.code for a bad frame. */
const FRAME_FAULTS = new Set([-32700, -32600, -32601]);
const METHOD_NOT_FOUND = -32601;

/**
 * A short, bounded description of a value for the report: long strings become `<string N>`,
 * deep nesting `<depth>`, long arrays are cut.
 */
export function summarize(value, depth = 0) {
  if (typeof value === 'string') {
    const shown = JSON.stringify(value.length > 60 ? `${value.slice(0, 40)}` : value);
    return value.length > 60 ? `${shown.slice(0, -1)}...<string ${value.length}>"` : shown;
  }
  if (value === null || typeof value !== 'object') return value === undefined ? 'undefined' : JSON.stringify(value);
  if (depth > 3) return '<deep>';
  if (Array.isArray(value)) {
    const items = value.slice(0, 3).map((item) => summarize(item, depth + 1));
    if (value.length > 3) items.push(`...<${value.length} items>`);
    return `[${items.join(',')}]`;
  }
  const keys = Object.keys(value);
  const entries = keys.slice(0, 8).map((key) => `${key.length > 24 ? `${key.slice(0, 12)}...<${key.length}>` : key}:${summarize(value[key], depth + 1)}`);
  if (keys.length > 8) entries.push(`...<${keys.length} keys>`);
  return `{${entries.join(',')}}`;
}

/** The first line of an error message, bounded, with numbers and paths blurred so repeats group. */
function messageKey(message) {
  return String(message ?? '').split('\n')[0].slice(0, 240);
}

/**
 * Classifies one response. Returns 'typed' (a result, or an error whose data.code is a known name
 * other than Internal), 'internal', or 'untyped' (an error without a known data.code; JSON-RPC's
 * own ParseError/InvalidRequest/MethodNotFound pass for a bad frame or an unknown method).
 */
export function classify(message, knownNames, { frame = false, unknownMethod = false } = {}) {
  if ('result' in message) return 'typed';
  const error = message.error ?? {};
  const name = error.data && typeof error.data === 'object' ? error.data.code : undefined;
  if (typeof name === 'string' && knownNames.has(name)) return name === 'Internal' ? 'internal' : 'typed';
  if (frame && FRAME_FAULTS.has(error.code)) return 'typed';
  if (unknownMethod && error.code === METHOD_NOT_FOUND) return 'typed';
  return 'untyped';
}

/**
 * Runs the fuzzer. Options: corpusDir, label, inputs, seed, frameShare, lanes, requestTimeoutMs,
 * healthTimeoutMs, log. Resolves to the figures and findings (see the end of this function).
 */
export async function runFuzz(options) {
  const {
    corpusDir, inputs, seed, frameShare = 0.3, lanes = 6, requestTimeoutMs = 30_000, healthTimeoutMs = 15_000, log,
  } = options;
  const { protocol } = await loadClient();
  const knownNames = new Set([...protocol.ERROR_CODE_NAMES, 'ParseError', 'InvalidRequest', 'MethodNotFound']);
  const declared = Object.keys(protocol.REQUESTS).filter((m) => !EXCLUDED_METHODS.includes(m));

  const scratch = makeScratch(options.label ?? 'fuzz');
  await scratch.clone(corpusDir);
  const started = performance.now();
  let daemon = await spawnDaemon(scratch.repo, scratch.home);
  const control = { peer: null, nextId: 1 };
  const connectControl = async () => {
    control.peer?.close();
    control.peer = await retryConnect(daemon, 60_000);
  };
  await connectControl();
  const client = await daemon.client('fuzz-setup');
  await waitIdle(client, { timeoutMs: 600_000 });
  const facts = await gatherFacts(client, scratch);
  client.close();
  // Links and a FIFO in the worktree (after the first index, so a FIFO that wedges the indexer
  // shows as a death, not as a start that never ends): a dangling link out of the repository, a
  // link to a file and to a folder outside it, a link to .git, a FIFO. A marker in the outside
  // file and in .git/config shows a read through them in any answer.
  facts.links = makeLinks(scratch);
  log(`fuzz: ${facts.ids.length} symbol ids, ${facts.files.length} files; the daemon is ready after ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const random = seededRandom(seed);
  const generator = makeGenerator(random, { ...facts, declared });
  const missing = declared.filter((m) => !generator.specified.includes(m));
  if (missing.length) log(`fuzz: no params known for ${missing.join(', ')} (declared in protocol/): fuzzed with extra fields only; add them to robustness-inputs.mjs`);

  // ---- Figures.
  const counts = { inputs: 0, frames: 0, requests: 0, typed: 0, internal: 0, untyped: 0, noAnswer: 0, frameClosed: 0, frameSilent: 0,
    frameUnanswered: 0, lostInDeath: 0, deaths: 0, peakRssBytes: 0, readEscapes: 0 };
  const perMethod = {};
  const methodStats = (method) => (perMethod[method] ??= { sent: 0, results: 0, errors: {}, internal: 0, untyped: 0, noAnswer: 0 });
  const findings = new Map(); // key -> {type, method, label, count, example, message}
  const deaths = [];
  const note = (type, input, message, extra = {}) => {
    const key = `${type}|${input.method}|${input.label}|${type === 'internal' || type === 'untyped' ? messageKey(message).replace(/\d+/g, 'N').slice(0, 80) : ''}`;
    const found = findings.get(key);
    if (found) found.count++;
    else {
      findings.set(key, {
        type, method: input.method, label: input.label, count: 1,
        example: input.kind === 'request' ? summarize(input.params) : input.label, message: messageKey(message), ...extra,
      });
    }
  };

  // ---- Deaths: the daemon exits or stops answering index.status. Workers wait on `gate`.
  let epoch = 0;
  let gate = null;
  const inFlight = new Set();
  let restarting = null;
  const onDeath = (why) => {
    if (restarting) return restarting;
    restarting = (async () => {
      epoch++;
      let release;
      gate = new Promise((resolve) => { release = resolve; });
      counts.deaths++;
      const suspects = [...inFlight].map((input) => `${input.method} ${input.label}${input.kind === 'request' ? ` ${summarize(input.params)}` : ''}`);
      const tail = daemon.output().trim().split('\n').slice(-8).join('\n');
      deaths.push({ atInput: counts.inputs, why, suspects: suspects.slice(0, 20), logTail: tail.slice(-2000) });
      log(`fuzz: daemon death ${counts.deaths} at input ${counts.inputs} (${why}); in flight: ${suspects.slice(0, 6).join(' | ')}`);
      for (const input of inFlight) note('death', input, why);
      if (daemon.alive()) daemon.child.kill('SIGKILL');
      await daemon.exited;
      daemon = await spawnDaemon(scratch.repo, scratch.home);
      watchExit(daemon);
      await connectControl();
      restarting = null;
      gate = null;
      release();
    })();
    return restarting;
  };
  const watchExit = (d) => d.exited.then(({ code, signal }) => {
    if (d === daemon && !finished) void onDeath(`exited (code ${code}, signal ${signal})`);
  });
  let finished = false;
  watchExit(daemon);

  const health = async () => {
    if (restarting) return restarting;
    const peer = control.peer;
    const rss = readRss(daemon.pid);
    if (rss != null && rss > counts.peakRssBytes) counts.peakRssBytes = rss;
    const answer = await peer.request(control.nextId++, 'index.status', {}, healthTimeoutMs);
    if (answer.kind === 'answer') return;
    if (restarting) return restarting;
    if (!daemon.alive()) return onDeath('exited');
    if (answer.kind === 'closed') {
      // The control connection itself may have been dropped; one retry on a new connection.
      try {
        await connectControl();
        const again = await control.peer.request(control.nextId++, 'index.status', {}, healthTimeoutMs);
        if (again.kind === 'answer') return;
      } catch { /* fall through: dead */ }
    }
    return onDeath(`index.status ${answer.kind === 'timeout' ? `unanswered for ${healthTimeoutMs} ms` : 'connection closed'}`);
  };
  let monitorStop = false;
  const monitor = (async () => {
    while (!monitorStop) {
      await sleep(2_000);
      if (!monitorStop) await health().catch((error) => log(`fuzz: health check failed: ${error.message}`));
    }
  })();

  // ---- Inputs, drawn in order from one generator (so a seed gives the same sequence).
  const draw = () => (counts.inputs < inputs ? (counts.inputs++, generator.next(frameShare)) : null);

  async function sendFrame(input) {
    counts.frames++;
    const myEpoch = epoch;
    let peer;
    try {
      peer = await connectRaw(daemon.endpoint.socket, { keepResponses: true, timeoutMs: 5_000 });
    } catch (error) {
      if (epoch !== myEpoch || restarting) return;
      await health();
      return;
    }
    const chunks = Array.isArray(input.bytes) ? input.bytes : [input.bytes];
    for (const [i, chunk] of chunks.entries()) {
      await peer.write(chunk);
      if (i < chunks.length - 1) await sleep(20);
    }
    const deadline = performance.now() + (input.answers > 0 ? 10_000 : 400);
    while (performance.now() < deadline && !peer.closed && peer.responses.length < input.answers) await sleep(10);
    if (input.answers > 0 && peer.responses.length >= input.answers) await sleep(30);
    else if (input.answers === 0 && !peer.closed) await sleep(0);
    const closed = peer.closed;
    peer.close();
    for (const message of peer.responses) {
      const kind = classify(message, knownNames, { frame: true, unknownMethod: input.unknownMethod });
      counts[kind]++;
      if (kind !== 'typed') note(kind, input, message.error?.message, { code: message.error?.code });
    }
    if (epoch !== myEpoch) {
      counts.lostInDeath++;
      return;
    }
    if (peer.responses.length < input.answers) {
      if (closed) counts.frameClosed++;
      else {
        counts.frameUnanswered++;
        note('unanswered', input, `${peer.responses.length} of ${input.answers} answers`);
      }
    } else if (closed) counts.frameClosed++;
    else if (input.answers === 0 && peer.responses.length === 0) counts.frameSilent++;
  }

  async function lane(index) {
    let peer = null;
    let nextId = 1;
    for (;;) {
      if (gate) await gate;
      const input = draw();
      if (!input) break;
      if (counts.inputs % 1000 === 0) {
        log(`fuzz: ${counts.inputs}/${inputs} inputs, ${counts.deaths} deaths, ${counts.untyped} untyped, ${counts.internal} Internal, ` +
          `${counts.noAnswer} unanswered, ${((performance.now() - started) / 1000).toFixed(0)} s`);
      }
      inFlight.add(input);
      try {
        if (input.kind === 'frame') {
          await sendFrame(input);
          continue;
        }
        counts.requests++;
        const stats = methodStats(input.method);
        stats.sent++;
        if (!peer || peer.closed) {
          try {
            peer = await connectRaw(daemon.endpoint.socket, { timeoutMs: 5_000 });
          } catch {
            await health();
            counts.lostInDeath++;
            continue;
          }
        }
        const myEpoch = epoch;
        const id = nextId++;
        let answer;
        try {
          answer = await peer.request(id, input.method, input.params, requestTimeoutMs);
        } catch (error) {
          answer = { kind: 'closed' };
        }
        if (answer.kind === 'answer') {
          const kind = classify(answer.message, knownNames);
          counts[kind]++;
          if ('result' in answer.message && facts.links) {
            const text = JSON.stringify(answer.message.result);
            for (const marker of [SECRET_MARKER, GIT_MARKER]) {
              if (text.includes(marker)) {
                counts.readEscapes++;
                note('readEscape', input, `the answer holds ${marker === SECRET_MARKER ? 'a file outside the repository' : '.git/config'}`);
              }
            }
          }
          if ('result' in answer.message) {
            stats.results++;
            trackWorkspaces(facts, input, answer.message.result);
          } else {
            const code = answer.message.error?.data?.code ?? `(code ${answer.message.error?.code})`;
            stats.errors[code] = (stats.errors[code] ?? 0) + 1;
          }
          if (kind === 'internal') stats.internal++;
          if (kind === 'untyped') stats.untyped++;
          if (kind !== 'typed') note(kind, input, answer.message.error?.message, { code: answer.message.error?.code });
          continue;
        }
        // No answer: closed or timed out. A death in between explains it; otherwise a finding.
        if (answer.kind === 'timeout') await health();
        if (epoch !== myEpoch || restarting) {
          counts.lostInDeath++;
          if (restarting) await restarting;
          continue;
        }
        counts.noAnswer++;
        stats.noAnswer++;
        note('noAnswer', input, answer.kind === 'timeout' ? `no answer within ${requestTimeoutMs} ms` : 'connection closed');
        if (answer.kind === 'closed') peer = null;
      } finally {
        inFlight.delete(input);
      }
    }
    peer?.close();
  }

  const fuzzStarted = performance.now();
  const progress = options.progress ? setInterval(() => {
    try {
      options.progress(summary([]));
    } catch (error) {
      log(`fuzz: progress: ${error.message}`);
    }
  }, 30_000) : null;
  await Promise.all(Array.from({ length: lanes }, (_, i) => lane(i)));
  if (progress) clearInterval(progress);
  // A last check: the daemon must still be up after the final inputs.
  await health();
  if (restarting) await restarting;
  finished = true;
  monitorStop = true;
  await monitor;
  const fuzzMs = performance.now() - fuzzStarted;
  const escapes = findEscapes(scratch);
  const rss = readRss(daemon.pid);
  control.peer?.close();
  await daemon.stop();
  scratch.remove();

  return { ...summary(escapes), wallS: Math.round(fuzzMs / 100) / 10, daemonRssBytesAtEnd: rss };

  function summary(escapes) {
    const list = [...findings.values()].sort((a, b) => b.count - a.count);
    const byMethod = (type) => {
      const out = {};
      for (const f of list) if (f.type === type) out[f.method] = (out[f.method] ?? 0) + f.count;
      return Object.fromEntries(Object.entries(out).sort((a, b) => b[1] - a[1]));
    };
    return {
      seed, inputs: counts.inputs, frameShare, lanes, wallS: Math.round((performance.now() - fuzzStarted) / 100) / 10, counts: { ...counts },
      internalByMethod: byMethod('internal'), untypedByMethod: byMethod('untyped'), noAnswerByMethod: byMethod('noAnswer'),
      perMethod, deaths, escapes, findings: list, linksInWorktree: Boolean(facts.links),
    };
  }
}

const SECRET_MARKER = 'RG-FUZZ-SECRET-OUTSIDE-7f3a';
const GIT_MARKER = 'RG-FUZZ-GIT-CONFIG-7f3a';

/** Creates fuzz-links/ in the worktree (see runFuzz); returns false when the system refuses links. */
function makeLinks(scratch) {
  try {
    const dir = path.join(scratch.repo, 'fuzz-links');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(scratch.outside, 'secret.txt'), `${SECRET_MARKER}\n`);
    fs.symlinkSync(path.join(scratch.outside, 'via-dangling.ts'), path.join(dir, 'dangling.ts'));
    fs.symlinkSync(path.join(scratch.outside, 'secret.txt'), path.join(dir, 'secret.ts'));
    fs.symlinkSync(scratch.outside, path.join(dir, 'outdir'));
    fs.symlinkSync(path.join(scratch.repo, '.git'), path.join(dir, 'gitlink'));
    fs.appendFileSync(path.join(scratch.repo, '.git', 'config'), `[fuzz]\n\tmarker = ${GIT_MARKER}\n`);
    spawnSync('mkfifo', [path.join(dir, 'pipe.ts')]);
    return true;
  } catch {
    return false;
  }
}

/** The daemon's resident set in bytes, or null. */
function readRss(pid) {
  try {
    const match = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Connects a raw peer to the daemon, retrying until `timeoutMs` (fails at once if it exited). */
export async function retryConnect(daemon, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (!daemon.alive()) throw new Error(`the daemon exited:\n${daemon.output().trim().split('\n').slice(-10).join('\n')}`);
    try {
      return await connectRaw(daemon.endpoint.socket, { timeoutMs: 2_000 });
    } catch (error) {
      if (performance.now() > deadline) throw new Error(`no daemon answered within ${timeoutMs} ms: ${error.message}`);
      await sleep(20);
    }
  }
}

/** Workspace ids created (or deleted) by the fuzzer, so later inputs can name them. */
function trackWorkspaces(facts, input, result) {
  if (input.method === 'workspace.create' && typeof result?.id === 'string') facts.known.add(result.id);
  if (input.method === 'workspace.delete' && typeof result?.id === 'string') facts.known.delete(result.id);
}

/** Symbol ids, files and folders of the indexed corpus, and where the scratch folder's edges are. */
async function gatherFacts(client, scratch) {
  const ids = new Set();
  const files = new Set();
  for (const query of ['Observable', 'map', 'Subject', 'pipe', 'subscribe', 'create', 'from', 'of']) {
    const { symbols } = await client.requestByName('symbols.search', { query, limit: 100 });
    for (const symbol of symbols) {
      ids.add(symbol.id);
      if (symbol.path) files.add(symbol.path);
    }
  }
  const dirs = new Set([...files].map((file) => path.posix.dirname(file)).filter((dir) => dir !== '.'));
  const head = (await git(scratch.repo, 'rev-parse', 'HEAD')).stdout.trim();
  const known = new Set(['default']);
  const { protocol } = await loadClient();
  return {
    ids: [...ids], files: [...files], dirs: dirs.size ? [...dirs] : ['.'], repo: scratch.repo, outside: scratch.outside,
    head, known, workspaces: () => [...known], protocolVersion: protocol.PROTOCOL_VERSION,
  };
}

/**
 * The scratch folder: base/j1/j2/repo (the corpus clone), base/j1/j2/outside (outside the
 * repository: a `..` from the repository lands here, never above base) and base/home (the data
 * root).
 */
const scratchBases = new Set();
let exitHooked = false;
export function makeScratch(label) {
  const base = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', `rg-bench-robust-${label}-`));
  const parent = path.join(base, 'j1', 'j2');
  fs.mkdirSync(parent, { recursive: true });
  const outside = path.join(parent, 'outside');
  fs.mkdirSync(outside);
  const home = path.join(base, 'home');
  fs.mkdirSync(home);
  const scratch = {
    base, outside, home, repo: path.join(parent, 'repo'),
    async clone(corpusDir) {
      await git(base, 'clone', '-q', '--no-hardlinks', corpusDir, scratch.repo);
      scratch.repo = fs.realpathSync(scratch.repo);
      scratch.outside = fs.realpathSync(outside);
    },
    remove: () => {
      fs.rmSync(base, { recursive: true, force: true });
      scratchBases.delete(base);
    },
  };
  scratchBases.add(base);
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', () => { for (const dir of scratchBases) fs.rmSync(dir, { recursive: true, force: true }); });
  }
  return scratch;
}

/** Files the fuzzer's writes left outside the repository (the outside folder, j1, j2, base) or in .git. */
function findEscapes(scratch) {
  const found = [];
  const list = (dir) => {
    try {
      return fs.readdirSync(dir);
    } catch {
      return [];
    }
  };
  for (const name of list(scratch.outside)) if (name !== 'secret.txt') found.push(path.join(scratch.outside, name));
  const parent = path.dirname(scratch.repo);
  for (const name of list(parent)) if (!['repo', 'outside'].includes(name)) found.push(path.join(parent, name));
  for (const name of list(path.dirname(parent))) if (name !== 'j2') found.push(path.join(path.dirname(parent), name));
  for (const name of list(scratch.base)) if (!['j1', 'home'].includes(name)) found.push(path.join(scratch.base, name));
  const gitDir = path.join(scratch.repo, '.git');
  for (const name of list(gitDir)) if (name.startsWith('fuzz')) found.push(path.join(gitDir, name));
  for (const name of list(path.join(gitDir, 'hooks'))) if (name.startsWith('fuzz')) found.push(path.join(gitDir, 'hooks', name));
  return found;
}
