// Eight agents on one repository, each with its own MCP bridge in its own git worktree: one
// daemon serves them all (one index, one store), each bridge reads its worktree's workspace
// (bound on first use), and an edit one agent makes is seen by that agent alone.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { scope } from '../helpers/daemon-scope.mjs';
import { git, repograph } from '../helpers/repo.mjs';
import { ok, startBridge } from '../helpers/mcp.mjs';

const AGENTS = 8;
const FILES = {
  'src/core.ts': 'export function core(value: number): number {\n  return value + 1;\n}\n',
  'src/use.ts': "import { core } from './core.js';\n\nexport function use(): number {\n  return core(1);\n}\n",
};

test('eight bridges share one daemon; each agent\'s workspace is its own', { timeout: 240_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('shared', FILES);
  const trees = [];
  for (let index = 0; index < AGENTS; index++) {
    const tree = join(s.dir, `agent-${index}`);
    git(repo, 'worktree', 'add', '-q', '-b', `agent-${index}`, tree);
    trees.push(tree);
  }
  const agents = await Promise.all(trees.map((tree, index) => startBridge(s, tree, { name: `agent-${index}` })));
  const statuses = await Promise.all(agents.map(({ client }) => ok(client, 'symbols_search', { query: 'core' })));
  const workspaces = new Set(statuses.map((answer) => answer.data.workspace));
  assert.equal(workspaces.size, AGENTS, `each bridge reads its own worktree's workspace: ${[...workspaces]}`);

  await Promise.all(agents.map(({ client }, index) => ok(client, 'edit_apply', {
    edits: [{ path: 'src/use.ts', replace: { old: 'export function use()', new: `export function agent${index}Helper(): number {\n  return core(${index});\n}\n\nexport function use()` } }],
  })));
  for (const [index, { client }] of agents.entries()) {
    const mine = await ok(client, 'symbols_search', { query: `agent${index}Helper` });
    assert.ok(mine.result.symbols.some((symbol) => symbol.name === `agent${index}Helper`), `agent ${index} sees its own edit`);
    const other = (index + 1) % AGENTS;
    const theirs = await ok(client, 'symbols_search', { query: `agent${other}Helper` });
    assert.ok(!theirs.result.symbols.some((symbol) => symbol.name === `agent${other}Helper`), `agent ${index} does not see agent ${other}'s edit`);
    const callers = await ok(client, 'graph_callers', { symbol: 'core' });
    assert.deepEqual(callers.result.callers.map((node) => node.symbol.name).sort(), [`agent${index}Helper`, 'use'].sort());
  }

  const ps = repograph(['ps', '--json'], { home: s.home });
  assert.equal(ps.status, 0, ps.stderr);
  const daemons = JSON.parse(ps.stdout).daemons ?? JSON.parse(ps.stdout);
  assert.equal(daemons.length, 1, `one daemon for the repository: ${ps.stdout.slice(0, 500)}`);
});
