// Eight agents on one repository (the token-savings bench's last part): eight bridges spawned for
// real on a fresh clone of one corpus with one fresh data root, each an SDK client over stdio, each
// with its own git worktree and workspace (workspace_create {id, root}), each editing the same file
// in its workspace (edit_apply: a function of its own appended). Figures: how many daemons the data
// root lists for the repository (`repograph ps --json`), the inotify instances and watches of the
// daemon and of every bridge (/proc/PID/fdinfo: the watcher lives in the daemon only), the daemon's
// resident set (VmRSS of /proc/PID/status, the median of 5 samples after a 2 s settle) after the
// same query load with one bridge and with eight (and with eight before their workspaces exist),
// and isolation: each agent finds its own function in its workspace and not in another's or in
// `default`, and the file in the main worktree is unchanged. Owns this scenario.
import fs from 'node:fs';
import path from 'node:path';
import { inotifyWatches, procMemory, scratchRepository, sleep } from './daemon-process.mjs';
import { freshDataRoot } from './engine-cli.mjs';
import { addWorktree } from './tokens-edits.mjs';
import { listDaemons, openBridge, stopDaemon } from './tokens-mcp.mjs';
import { median } from './stats.mjs';

function markerCode(language, name) {
  if (language === 'python') return `\n\ndef ${name}():\n    return 1\n`;
  if (language === 'go') return `\n\nfunc ${name}() int { return 1 }\n`;
  return `\n\nexport function ${name}() { return 1 }\n`;
}

/** The daemon's VmRSS: the median of `samples` reads `gapMs` apart. */
async function sampleRss(pid, samples = 5, gapMs = 200) {
  const values = [];
  for (let i = 0; i < samples; i++) {
    const { rssBytes } = procMemory(pid);
    if (rssBytes !== null) values.push(rssBytes);
    await sleep(gapMs);
  }
  return values.length ? median(values) : null;
}

async function daemonsOf(home, repo) {
  const listed = await listDaemons(home);
  return listed.filter((daemon) => daemon.state === 'running' && (daemon.repoRoot === repo || fs.realpathSync(daemon.repoRoot) === repo));
}

/**
 * Runs the scenario. `queries` is the load one agent sends ([{tool, args}], without workspace);
 * `file` is the repository-relative file every agent edits. Returns the record.
 */
export async function runAgents({ name, corpusDir, language, agents, queries, file, log, onDaemon }) {
  const scratch = await scratchRepository(corpusDir, `tokens-agents-${name}`);
  const home = freshDataRoot(`tokens-agents-${name}`);
  const repo = scratch.repo;
  const record = { corpus: name, agents, queriesPerAgent: queries.length, file, errors: [] };
  const bridges = [];
  const original = fs.readFileSync(path.join(repo, file), 'utf8');
  try {
    const worktrees = [];
    for (let i = 1; i <= agents; i++) worktrees.push(await addWorktree(repo, path.join(scratch.base, `agent-${i}`)));
    const load = async (bridge, workspace) => {
      let errors = 0;
      for (const query of queries) {
        const answer = await bridge.call(query.tool, { ...query.args, ...(workspace ? { workspace } : {}) });
        if (answer.isError) errors++;
      }
      return errors;
    };
    const join = async (bridge, i) => {
      const id = `agent-${i}`;
      const marker = `benchTokensAgent${i}Marker`;
      const created = await bridge.call('workspace_create', { id, root: worktrees[i - 1] });
      if (created.isError) throw new Error(`agent ${i}: workspace_create: ${created.text.split('\n')[0]}`);
      const edited = await bridge.call('edit_apply', { workspace: id, edits: [{ path: file, content: `${original.trimEnd()}${markerCode(language, marker)}` }] });
      if (edited.isError) throw new Error(`agent ${i}: edit_apply: ${edited.text.split('\n')[0]}`);
      return { id, marker };
    };

    // One agent.
    log(`agents: bridge 1 of ${agents}`);
    bridges.push(await openBridge(repo, home, { name: 'agent-1' }));
    const ready = await bridges[0].call('index_status', { sync: true });
    if (ready.isError) throw new Error(`index_status: ${ready.text.split('\n')[0]}`);
    const members = [await join(bridges[0], 1)];
    record.loadErrors = await load(bridges[0], members[0].id);
    let daemons = await daemonsOf(home, repo);
    if (daemons.length !== 1) throw new Error(`after the first bridge the data root lists ${daemons.length} daemons for the repository`);
    const pid = daemons[0].pid;
    onDaemon?.(pid);
    record.daemonPid = pid;
    await sleep(2000);
    record.rssOneBridgeBytes = await sampleRss(pid);

    // Seven more, all at once: first reading `default` only, then each with its workspace.
    log(`agents: bridges 2-${agents}`);
    bridges.push(...await Promise.all(Array.from({ length: agents - 1 }, (_, k) => openBridge(repo, home, { name: `agent-${k + 2}` }))));
    const defaultErrors = await Promise.all(bridges.slice(1).map((bridge) => load(bridge, null)));
    await sleep(2000);
    record.rssEightBridgesDefaultBytes = await sampleRss(pid);
    members.push(...await Promise.all(bridges.slice(1).map((bridge, k) => join(bridge, k + 2))));
    const ownErrors = await Promise.all(bridges.slice(1).map((bridge, k) => load(bridge, members[k + 1].id)));
    record.loadErrors += [...defaultErrors, ...ownErrors].reduce((a, b) => a + b, 0);
    await sleep(2000);
    record.rssEightBridgesBytes = await sampleRss(pid);
    record.rssRatio = record.rssEightBridgesBytes && record.rssOneBridgeBytes ? record.rssEightBridgesBytes / record.rssOneBridgeBytes : null;

    // One daemon, one watcher.
    daemons = await daemonsOf(home, repo);
    record.daemons = daemons.length;
    record.samePid = daemons.length === 1 && daemons[0].pid === pid;
    record.daemonInotify = inotifyWatches(pid);
    record.bridgePids = bridges.map((bridge) => bridge.pid);
    record.bridgesWithInotify = bridges.filter((bridge) => (inotifyWatches(bridge.pid)?.instances ?? 0) > 0).length;
    const listed = await bridges[0].call('workspace_list', {});
    const workspaces = listed.structured?.result?.workspaces ?? [];
    record.workspaces = workspaces.map((w) => ({ id: w.id, clients: w.clients, overlayFiles: w.overlayFiles, stale: w.stale }));

    // Isolation.
    record.isolation = [];
    for (let i = 0; i < agents; i++) {
      const { id, marker } = members[i];
      const other = members[(i + 1) % agents].id;
      const found = async (workspace) => {
        const answer = await bridges[i].call('symbols_search', { query: marker, workspace });
        return (answer.structured?.result?.symbols ?? []).some((symbol) => symbol.name === marker);
      };
      record.isolation.push({ agent: id, ownFound: await found(id), seenIn: other, seenInOther: await found(other), seenInDefault: await found('default') });
    }
    record.mainFileUnchanged = fs.readFileSync(path.join(repo, file), 'utf8') === original;
    record.isolated = record.mainFileUnchanged && record.isolation.every((row) => row.ownFound && !row.seenInOther && !row.seenInDefault);
  } catch (error) {
    record.errors.push(error.message);
  } finally {
    await Promise.allSettled(bridges.map((bridge) => bridge.close()));
    record.stop = await stopDaemon(repo, home).catch((error) => error.message);
    fs.rmSync(home, { recursive: true, force: true });
    scratch.remove();
  }
  return record;
}
