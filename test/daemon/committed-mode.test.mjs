// Committed mode through the real daemon: every read-only query takes `commit` instead of
// `workspace` and answers from that commit's baseline with no overlay (built from git objects on
// first use, whatever is checked out or edited), quoting the commit's text, never the worktree's;
// meta.workspace says `commit:<sha>`. `commit` with `workspace` is InvalidParams; a range, an
// option-like or unknown ref is BaseNotACommit, as `check` refuses them.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';

const V1 = {
  'package.json': JSON.stringify({ name: 'lib', version: '1.0.0' }),
  'src/shape.ts': 'export class Shape {\n  area(): number {\n    return 0;\n  }\n}\nexport class Square extends Shape {\n  area(): number {\n    return 4;\n  }\n}\n',
  'src/lib.ts': "import { Square } from './shape';\n\nexport function oldName(): number {\n  return new Square().area();\n}\n",
  'src/use.ts': "import { oldName } from './lib';\n\nexport function useIt(): number {\n  return oldName();\n}\n",
  'node_modules/dep/index.js': 'module.exports = function dep() {};\n',
};

test('queries read a commit\'s baseline instead of a workspace, built on demand, with the commit\'s own text', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', V1);
  git(repo, 'tag', 'v1');
  const v1 = git(repo, 'rev-parse', 'v1').trim();
  writeFiles(repo, {
    'src/lib.ts': V1['src/lib.ts'].replace('oldName', 'newName'),
    'src/use.ts': V1['src/use.ts'].replaceAll('oldName', 'newName'),
  });
  git(repo, 'commit', '-qam', 'rename');
  const head = git(repo, 'rev-parse', 'HEAD').trim();
  const daemon = await s.daemon(repo);
  const client = await daemon.client('committed');
  await call(client, 'index.status', { sync: true });
  // The worktree moves on: an edit nobody committed.
  writeFiles(repo, { 'src/lib.ts': `${V1['src/lib.ts'].replace('oldName', 'newName')}export function wip(): number {\n  return 2;\n}\n` });
  await call(client, 'symbols.search', { query: 'wip', sync: true });

  const before = (await call(client, 'index.listBaselines', {})).baselines.map((baseline) => baseline.commit);
  assert.ok(!before.includes(v1), 'v1 has no baseline yet');
  const scopeOf = `commit:${v1}`;

  const search = await call(client, 'symbols.search', { query: 'oldName', commit: 'v1' });
  assert.deepEqual(search.symbols.map((symbol) => symbol.id), ['src/lib.ts#oldName']);
  assert.equal(search.meta.workspace, scopeOf);
  assert.deepEqual((await call(client, 'symbols.search', { query: 'oldName' })).symbols, [], 'the workspace has no oldName');
  assert.ok((await call(client, 'index.listBaselines', {})).baselines.some((baseline) => baseline.commit === v1), 'the baseline was built');

  const card = await call(client, 'symbols.card', { id: 'src/lib.ts#oldName', commit: 'v1' });
  assert.deepEqual([card.callers, card.callees, card.meta.workspace], [1, 2, scopeOf]);
  const context = await call(client, 'symbols.context', { id: 'src/lib.ts#oldName', commit: v1 });
  assert.match(context.source.text, /export function oldName\(\)/);
  assert.ok(context.calleeSources.some((callee) => /return 4;/.test(callee.source.text)), JSON.stringify(context.calleeSources));
  const span = await call(client, 'code.span', { path: 'src/lib.ts', startLine: 3, endLine: 3, commit: 'v1' });
  assert.equal(span.text, 'export function oldName(): number {', 'the commit\'s text, not the file on disk');
  const excluded = await call(client, 'code.span', { path: 'node_modules/dep/index.js', startLine: 1, endLine: 1, commit: 'v1' });
  assert.equal(excluded.text, 'module.exports = function dep() {};', 'a tracked file the index does not admit is read from the commit too');
  const absent = await rejection(call(client, 'code.span', { path: 'src/none.ts', startLine: 1, endLine: 1, commit: 'v1' }));
  assert.equal(absent.codeName, 'FileNotFound');
  const text = await call(client, 'code.searchText', { pattern: 'oldName', commit: 'v1' });
  assert.deepEqual(text.matches.map((match) => `${match.path}:${match.line}`).sort(), ['src/lib.ts:3', 'src/use.ts:1', 'src/use.ts:4']);
  const refs = await call(client, 'refs.find', { id: 'src/lib.ts#oldName', commit: 'v1' });
  assert.ok(refs.references.some((hit) => hit.relation.from === 'src/use.ts#useIt' && hit.excerpt === 'return oldName();'), JSON.stringify(refs.references));
  const callers = await call(client, 'graph.callers', { id: 'src/lib.ts#oldName', commit: 'v1' });
  assert.deepEqual(callers.callers.map((node) => node.symbol.id), ['src/use.ts#useIt']);
  const callees = await call(client, 'graph.callees', { id: 'src/lib.ts#oldName', commit: 'v1' });
  assert.deepEqual(callees.callees.map((node) => node.symbol.id).sort(), ['src/shape.ts#Square', 'src/shape.ts#Square.area']);
  const followed = await call(client, 'graph.callers', { id: 'src/shape.ts#Square.area', commit: 'v1', followInterface: true });
  assert.deepEqual(followed.callers.map((node) => node.symbol.id), ['src/lib.ts#oldName']);
  const hierarchy = await call(client, 'types.hierarchy', { id: 'src/shape.ts#Square', commit: 'v1' });
  assert.deepEqual(hierarchy.bases.map((entry) => entry.symbol.id), ['src/shape.ts#Shape']);
  assert.equal(hierarchy.meta.workspace, scopeOf);
  const path = await call(client, 'graph.path', { from: 'src/use.ts#useIt', to: 'src/shape.ts#Square.area', commit: 'v1' });
  assert.deepEqual(path.paths.map((each) => each.symbols), [['src/use.ts#useIt', 'src/lib.ts#oldName', 'src/shape.ts#Square.area']]);
  assert.equal(path.meta.workspace, scopeOf);
  const definition = await call(client, 'symbols.definition', { id: 'src/lib.ts#oldName', commit: 'v1' });
  assert.equal(definition.text, 'export function oldName(): number {\n  return new Square().area();\n}');
  assert.equal(definition.meta.workspace, scopeOf);
  const notThere = await rejection(call(client, 'symbols.card', { id: 'src/lib.ts#newName', commit: 'v1' }));
  assert.equal(notThere.codeName, 'SymbolNotFound');

  // HEAD's baseline: the committed rename, without the worktree's uncommitted wip.
  const atHead = await call(client, 'symbols.search', { query: 'wip', commit: 'HEAD' });
  assert.deepEqual(atHead.symbols, []);
  assert.equal(atHead.meta.workspace, `commit:${head}`);
  assert.deepEqual((await call(client, 'symbols.search', { query: 'wip' })).symbols.map((symbol) => symbol.id), ['src/lib.ts#wip']);
  const headDefinition = await call(client, 'symbols.definition', { id: 'src/lib.ts#newName', commit: 'HEAD', sync: true });
  assert.match(headDefinition.text, /newName/);

  // Refusals: both scopes, not a commit-ish string, ranges, options, unknown refs.
  const both = await rejection(call(client, 'symbols.search', { query: 'x', commit: 'v1', workspace: 'default' }));
  assert.deepEqual([both.codeName, both.data.field], ['InvalidParams', 'commit']);
  const number = await rejection(call(client, 'graph.callers', { id: 'src/lib.ts#oldName', commit: 7 }));
  assert.deepEqual([number.codeName, number.data.field], ['InvalidParams', 'commit']);
  const long = await rejection(call(client, 'symbols.card', { id: 'src/lib.ts#oldName', commit: 'x'.repeat(2000) }));
  assert.deepEqual([long.codeName, long.data.field], ['InvalidParams', 'commit']);
  for (const ref of ['v1..HEAD', '--all', '-h', 'no-such-branch', 'HEAD~99']) {
    const error = await rejection(call(client, 'symbols.card', { id: 'src/lib.ts#oldName', commit: ref }), ref);
    assert.equal(error.codeName, 'BaseNotACommit', `${ref}: ${error.message}`);
  }
  // The workspace is untouched by all of it.
  const status = await call(client, 'index.status', {});
  assert.equal(status.baseline, head);
  assert.equal(status.meta.workspace, 'default');
});

/** The commands of the processes `pid` forked itself and that run now (Linux /proc: every thread's children). */
function childCommands(pid) {
  const commands = [];
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return commands;
  }
  for (const task of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    for (const child of children.split(' ').filter(Boolean)) {
      try {
        commands.push(readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' '));
      } catch {
        // the child ended meanwhile
      }
    }
  }
  return commands;
}

test('committed-mode answers read the commit\'s text without forking git from the daemon', { timeout: 120_000, skip: !existsSync('/proc/self/task') && 'needs Linux /proc' }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', V1);
  git(repo, 'tag', 'v1');
  const daemon = await s.daemon(repo);
  const client = await daemon.client('committed-text');
  await call(client, 'index.status', { sync: true });
  await call(client, 'symbols.search', { query: 'oldName', commit: 'v1' });

  // Sampled every millisecond while the answers run: git run by the daemon itself (not its spawner).
  const forked = new Set();
  const sampler = setInterval(() => {
    for (const command of childCommands(daemon.child.pid)) if (/^git\b|\/git\s/.test(command)) forked.add(command);
  }, 1);
  try {
    for (let round = 0; round < 10; round++) {
      const context = await call(client, 'symbols.context', { id: 'src/lib.ts#oldName', commit: 'v1' });
      assert.match(context.source.text, /export function oldName\(\)/);
      const refs = await call(client, 'refs.find', { id: 'src/lib.ts#oldName', commit: 'v1' });
      assert.ok(refs.references.some((hit) => hit.excerpt === 'return oldName();'), JSON.stringify(refs.references));
      const span = await call(client, 'code.span', { path: 'src/shape.ts', startLine: 8, endLine: 8, commit: 'v1' });
      assert.equal(span.text, '    return 4;');
      const outside = await call(client, 'code.span', { path: 'node_modules/dep/index.js', startLine: 1, endLine: 1, commit: 'v1' });
      assert.equal(outside.text, 'module.exports = function dep() {};', 'a file the index did not admit, read by <commit>:<path>');
      const definition = await call(client, 'symbols.definition', { id: 'src/use.ts#useIt', commit: 'v1' });
      assert.match(definition.text, /return oldName\(\);/);
      const summary = await call(client, 'repo.summarize', { commit: 'v1' });
      assert.deepEqual(summary.packages.items.map((item) => item.manifest), ['package.json']);
    }
  } finally {
    clearInterval(sampler);
  }
  assert.deepEqual([...forked], [], 'no git process forked by the daemon itself');
});
