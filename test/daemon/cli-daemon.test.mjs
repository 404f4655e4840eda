// The daemon through the command line: `repograph call` starts a daemon when none runs,
// `repograph ps --json` lists it with its workspaces, `repograph serve` refuses a second daemon
// (exit 2, naming the running one) and runs one in the foreground, `repograph stop` stops it.
// Every command runs as a child process with a time limit; daemons the CLI started are stopped
// when the test ends.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { connect, isPidAlive } from '../../packages/client/dist/index.js';
import { call, endpointOf, registryOf, waitFor } from '../helpers/daemon.mjs';
import { scope, within } from '../helpers/daemon-scope.mjs';

const FILES = {
  'src/lib.ts': 'export function xylophone(): number {\n  return 1;\n}\n',
  'src/use.ts': "import { xylophone } from './lib.js';\n\nexport function user(): number {\n  return xylophone();\n}\n",
};

// A daemon the CLI starts (detached) outlives a test that fails to stop it only this long.
process.env.REPOGRAPH_IDLE_TIMEOUT = '300';

/** Runs `repograph ARGS` to completion (at most 60 s): {code, stdout, stderr}. */
async function cli(s, args) {
  const run = s.spawnCli(args);
  const { code } = await within(run.exited, 60_000, `repograph ${args.join(' ')}`);
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

function json(result) {
  assert.equal(result.code, 0, result.stderr);
  return JSON.parse(result.stdout);
}

test('repograph call auto-starts the daemon; ps lists it with its workspaces; serve refuses a second; stop stops it', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  s.deferCliDaemonStop(repo);
  const endpoint = await endpointOf(repo, s.home);
  assert.equal(existsSync(endpoint.socket), false);

  const found = json(await cli(s, ['call', 'symbols.search', '{"query":"x"}', '--repo', repo]));
  assert.deepEqual(found.symbols.map((x) => x.id), ['src/lib.ts#xylophone']);
  assert.equal(found.meta.workspace, 'default');
  const record = registryOf(endpoint);
  assert.ok(record && isPidAlive(record.pid), 'a daemon runs and is registered');
  assert.equal(record.repoRoot, repo);

  // The next call uses the same daemon.
  json(await cli(s, ['call', 'workspace.create', '{"id":"agent"}', '--repo', repo]));
  const stats = json(await cli(s, ['call', 'daemon.stats', '--repo', repo]));
  assert.equal(stats.pid, record.pid);

  const ps = json(await cli(s, ['ps', '--json']));
  assert.equal(ps.daemons.length, 1);
  const [listed] = ps.daemons;
  assert.equal(listed.state, 'running');
  assert.equal(listed.pid, record.pid);
  assert.equal(listed.repoRoot, repo);
  assert.equal(listed.socket, endpoint.socket);
  assert.deepEqual(listed.workspaces.map((w) => w.id), ['default', 'agent']);
  assert.ok(listed.workspaces.every((w) => w.root === repo && w.generation > 0), JSON.stringify(listed.workspaces));
  assert.equal(listed.stats.workspaces, 2);
  const text = await cli(s, ['ps']);
  assert.match(text.stdout, new RegExp(`pid ${record.pid}, up \\S+( \\S+)?, rss [0-9.]+ MiB`), text.stdout);
  if (existsSync('/proc/self/status')) assert.match(text.stdout, /MiB \(\+ [0-9.]+ MiB its git spawner\)/, 'the spawner\'s memory is shown beside the daemon\'s');

  // A second daemon, in the foreground: refused.
  const serve = await cli(s, ['serve', '--repo', repo]);
  assert.equal(serve.code, 2, serve.stderr);
  assert.match(serve.stderr, new RegExp(`a repograph daemon \\(pid ${record.pid}\\) already serves`));
  assert.ok(isPidAlive(record.pid), 'the first daemon still runs');

  // A method the daemon does not have: exit 2 with the list of methods.
  const unknown = await cli(s, ['call', 'symbols.nonsense', '{}', '--repo', repo]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /MethodNotFound/);

  const stop = await cli(s, ['stop', '--repo', repo]);
  assert.equal(stop.code, 0, stop.stderr);
  assert.match(stop.stdout, new RegExp(`stopped the repograph daemon for .* \\(pid ${record.pid}\\)`));
  assert.equal(isPidAlive(record.pid), false);
  assert.deepEqual([existsSync(endpoint.socket), existsSync(endpoint.registry), existsSync(endpoint.lock)], [false, false, false]);
  assert.deepEqual(json(await cli(s, ['ps', '--json'])).daemons, []);
  const again = await cli(s, ['stop', '--repo', repo]);
  assert.equal(again.code, 0);
  assert.match(again.stdout, /no repograph daemon is running/);
});

test('repograph serve runs the daemon in the foreground and forwards SIGTERM; ps clears a killed daemon\'s records', { timeout: 90_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  s.deferCliDaemonStop(repo);
  const endpoint = await endpointOf(repo, s.home);

  const serve = s.spawnCli(['serve', '--repo', repo, '--idle-timeout', '0']);
  const client = await waitFor(async () => {
    if (serve.child.exitCode !== null) throw new Error(`repograph serve exited (${serve.child.exitCode}):\n${serve.output()}`);
    return connect({ repoRoot: repo, dataRoot: s.home, clientName: 'foreground' }).catch(() => null);
  }, 'repograph serve to accept a client', 30_000);
  assert.deepEqual((await call(client, 'symbols.search', { query: 'user', sync: true })).symbols.map((x) => x.id), ['src/use.ts#user']);
  const daemonPid = registryOf(endpoint).pid;
  assert.notEqual(daemonPid, serve.child.pid, 'serve runs the daemon as its child');

  // While it runs, a second `serve` exits 2 naming it.
  const second = await cli(s, ['serve', '--repo', repo]);
  assert.equal(second.code, 2);
  assert.match(second.stderr, new RegExp(`pid ${daemonPid}\\b`));

  client.close();
  serve.child.kill('SIGTERM');
  const exit = await within(serve.exited, 30_000, 'repograph serve to exit on SIGTERM');
  assert.equal(exit.code, 0, serve.output());
  assert.equal(isPidAlive(daemonPid), false);
  assert.deepEqual([existsSync(endpoint.socket), existsSync(endpoint.registry), existsSync(endpoint.lock)], [false, false, false]);

  // An auto-started daemon killed with -9: ps reports and clears its records; call starts a new one.
  json(await cli(s, ['call', 'index.status', '{"sync":true}', '--repo', repo]));
  const killed = registryOf(endpoint).pid;
  process.kill(killed, 'SIGKILL');
  await waitFor(() => !isPidAlive(killed), 'the killed daemon to be gone', 30_000);
  const ps = json(await cli(s, ['ps', '--json']));
  assert.equal(ps.daemons.length, 1);
  assert.equal(ps.daemons[0].state, 'stale');
  assert.equal(ps.daemons[0].removed, true);
  assert.equal(existsSync(endpoint.registry), false);
  const found = json(await cli(s, ['call', 'symbols.search', '{"query":"xylo","sync":true}', '--repo', repo]));
  assert.deepEqual(found.symbols.map((x) => x.id), ['src/lib.ts#xylophone']);
  const restarted = registryOf(endpoint).pid;
  assert.notEqual(restarted, killed);
  assert.ok(isPidAlive(restarted));
  const stopped = await cli(s, ['stop', '--repo', repo]);
  assert.equal(stopped.code, 0, stopped.stderr);
  assert.equal(isPidAlive(restarted), false);
});
