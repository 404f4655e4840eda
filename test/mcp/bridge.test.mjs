// `repograph mcp` end to end with the SDK's own client over stdio, on a real temporary git
// repository: the tools listed are exactly the documented ones (snake_case, no dots, with input
// and output schemas), and every tool is called and answers what the repository holds, with
// structuredContent matching its schema (the SDK client checks it) and the envelope's
// generation, workspace, semantic level and token figures.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { scope } from '../helpers/daemon-scope.mjs';
import { ok, startBridge, tool } from '../helpers/mcp.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';

const TOOLS = [
  'repograph_guide',
  'symbols_search', 'code_search_text', 'symbols_get_card', 'symbols_get_context', 'symbols_get_definition_span', 'code_get_span', 'symbols_file_outline',
  'refs_find', 'graph_callers', 'graph_callees',
  'types_hierarchy', 'graph_path', 'repo_remove',
  'graph_trace_feature', 'repo_summarize', 'surfaces_list_endpoints', 'surfaces_list_config_keys', 'surfaces_list_db_tables',
  'workspace_create', 'workspace_list', 'workspace_refresh', 'workspace_reset', 'workspace_delete',
  'index_ensure_baseline', 'index_list_baselines', 'index_cleanup', 'index_status', 'index_diff',
  'edit_apply', 'check',
  'review_compute', 'review_cohorts', 'review_blast_radius', 'review_cohort_impact', 'review_ci_signals', 'review_dependency_diffs',
  'review_set_contract_decision', 'review_approve_visual', 'review_set_cohort_summary', 'review_add_diagram', 'review_finalize', 'review_verdict',
];

function png(color) {
  const image = new PNG({ width: 4, height: 4 });
  for (let index = 0; index < image.data.length; index += 4) image.data.set([...color, 255], index);
  return PNG.sync.write(image);
}

const SPEC = "openapi: 3.0.3\ninfo:\n  title: Shapes\n  version: 1.0.0\npaths:\n  /area:\n    get:\n      operationId: area\n      responses:\n        '200':\n          description: the area\n  /shapes:\n    delete:\n      operationId: clear\n      responses:\n        '204':\n          description: cleared\n";
const LOCK = (version) => JSON.stringify({ name: 'shapes', lockfileVersion: 3, packages: { '': { dependencies: { leftpad: `^${version}` } }, 'node_modules/leftpad': { version } } });
const FILES = {
  'package.json': JSON.stringify({ name: 'shapes', version: '1.0.0', dependencies: { leftpad: '^1.0.0' } }),
  'package-lock.json': LOCK('1.0.0'),
  'openapi.yaml': SPEC,
  'tests/__image_snapshots__/button.png': png([200, 0, 0]),
  'src/shapes.ts': 'export class Shape {\n  area(): number {\n    return 0;\n  }\n}\n\nexport class Circle extends Shape {\n  constructor(private readonly radius: number) {\n    super();\n  }\n  area(): number {\n    return 3 * this.radius * this.radius;\n  }\n}\n',
  'src/geometry.ts': "import { Shape } from './shapes.js';\n\nexport function totalArea(shapes: Shape[]): number {\n  let sum = 0;\n  for (const shape of shapes) sum += shape.area();\n  return sum;\n}\n",
  'src/report.ts': "import { totalArea } from './geometry.js';\nimport { Circle } from './shapes.js';\n\nexport function report(): string {\n  return `total ${totalArea([new Circle(1)])}`;\n}\n",
  'tests/geometry.test.ts': "import { totalArea } from '../src/geometry.js';\n\nif (totalArea([]) !== 0) throw new Error('empty');\n",
  'src/server.ts': "import express from 'express';\n\nconst app = express();\napp.get('/units', units);\n\nexport function units(req: unknown, res: { json(value: unknown): void }) {\n  res.json({ unit: process.env.AREA_UNIT ?? 'cm' });\n}\n",
};

test('the bridge lists the documented tools and every one of them answers on a real repository', { timeout: 240_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('shapes', FILES);
  git(repo, 'checkout', '-qb', 'feature');
  writeFiles(repo, {
    'src/geometry.ts': FILES['src/geometry.ts'].replace('totalArea(shapes: Shape[])', 'totalArea(shapes: Shape[], scale: number)').replace('return sum;', 'return sum * scale;'),
    'package-lock.json': LOCK('2.0.0'),
    'openapi.yaml': SPEC.replace(/  \/shapes:[\s\S]*$/, ''),
    'tests/__image_snapshots__/button.png': png([0, 200, 0]),
  });
  git(repo, 'commit', '-qam', 'feature');
  git(repo, 'checkout', '-q', 'main');
  const { client } = await startBridge(s, repo);

  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((each) => each.name).sort(), [...TOOLS].sort());
  for (const each of tools) {
    assert.match(each.name, /^[a-z][a-z0-9_]{0,63}$/);
    assert.equal(each.inputSchema.type, 'object');
    assert.equal(each.inputSchema.additionalProperties, false, `${each.name} refuses unknown arguments`);
    assert.ok(each.outputSchema?.properties?.result, `${each.name} declares its output`);
    assert.ok(each.description.length > 40, `${each.name} is described`);
  }
  const called = new Set();
  const use = async (name, args) => {
    called.add(name);
    const answer = await ok(client, name, args);
    assert.equal(typeof answer.data.tokensSaved, 'number', name);
    assert.ok(answer.data.answerTokens > 0 && answer.data.answerTokens <= (args.maxTokens ?? 4000), `${name}: ${answer.data.answerTokens} tokens`);
    return answer;
  };

  const guide = await use('repograph_guide', {});
  assert.match(guide.text, /symbols_search/);
  const status = await use('index_status', { sync: true });
  assert.equal(status.data.workspace, 'default');
  assert.equal(status.data.semanticLevel, 'full');

  const found = await use('symbols_search', { query: 'Circle' });
  const circle = found.result.symbols.find((symbol) => symbol.name === 'Circle');
  assert.equal(circle.id, 'src/shapes.ts#Circle');
  const text = await use('code_search_text', { pattern: 'totalArea(' });
  assert.deepEqual(text.result.matches.map((match) => match.path).sort(), ['src/geometry.ts', 'src/report.ts', 'tests/geometry.test.ts']);
  const card = await use('symbols_get_card', { symbol: 'totalArea' });
  assert.equal(card.result.callers, 2);
  assert.ok(card.data.baselineTokens > 0 && card.data.tokensSaved === card.data.baselineTokens - card.data.answerTokens);
  const context = await use('symbols_get_context', { symbol: 'report' });
  assert.ok(context.result.calleeSources.some((callee) => callee.symbol.name === 'totalArea'));
  const span = await use('symbols_get_definition_span', { symbol: 'Circle.area' });
  assert.equal(span.result.text, '  area(): number {\n    return 3 * this.radius * this.radius;\n  }');
  const outline = await use('symbols_file_outline', { path: 'src/geometry.ts', exportedOnly: true });
  assert.deepEqual(outline.result.symbols.map((entry) => [entry.id, entry.line]), [['src/geometry.ts#totalArea', 3]]);
  assert.match(outline.text, /function totalArea :3-7 exported/);
  const lines = await use('code_get_span', { path: 'src/report.ts', startLine: 4, endLine: 4 });
  assert.equal(lines.result.text, 'export function report(): string {');
  const subclasses = await use('refs_find', { symbol: 'Shape', kinds: ['extends'] });
  assert.deepEqual(subclasses.result.references.map((hit) => hit.relation.from), ['src/shapes.ts#Circle']);
  const callers = await use('graph_callers', { symbol: 'src/geometry.ts#totalArea', depth: 2 });
  assert.deepEqual(callers.result.callers.map((node) => node.symbol.id).sort(), ['src/report.ts#report', 'tests/geometry.test.ts']);
  const callees = await use('graph_callees', { symbol: 'report' });
  assert.deepEqual(callees.result.callees.map((node) => node.symbol.name).sort(), ['Circle', 'totalArea']);
  const throughBase = await ok(client, 'graph_callers', { symbol: 'Circle.area', followInterface: true });
  assert.deepEqual(throughBase.result.callers.map((node) => [node.symbol.id, node.via]), [['src/geometry.ts#totalArea', 'src/shapes.ts#Shape.area']]);
  assert.match(throughBase.text, /via src\/shapes\.ts#Shape\.area/);
  const hierarchy = await use('types_hierarchy', { symbol: 'Circle.area' });
  assert.deepEqual(hierarchy.result.overrides.map((method) => method.symbol.id), ['src/shapes.ts#Shape.area']);
  const derived = await ok(client, 'types_hierarchy', { symbol: 'src/shapes.ts#Shape' });
  assert.deepEqual(derived.result.derived.map((entry) => entry.symbol.id), ['src/shapes.ts#Circle']);
  const path = await use('graph_path', { from: 'report', to: 'src/shapes.ts#Shape.area' });
  assert.deepEqual(path.result.paths.map((each) => each.symbols), [['src/report.ts#report', 'src/geometry.ts#totalArea', 'src/shapes.ts#Shape.area']]);
  assert.match(path.text, /-calls@src\/report\.ts:5:/);
  // The overview and the architecture facts.
  const summary = await use('repo_summarize', {});
  assert.deepEqual(summary.result.packages.items.map((entry) => [entry.manifest, entry.name]), [['package.json', 'shapes']]);
  assert.match(summary.text, /^Files: \d+ indexed/);
  assert.match(summary.text, /Tests: 1 file in tests \(1 of 1\)/);
  const traced = await use('graph_trace_feature', { entry: 'report', depth: 2 });
  assert.deepEqual(traced.result.roots.map((node) => node.symbol.id), ['src/report.ts#report']);
  assert.deepEqual(traced.result.roots[0].children.map((node) => node.symbol.name).sort(), ['Circle', 'totalArea']);
  assert.match(traced.text, /^Calls from src\/report\.ts#report to depth 2/);
  const tinyTrace = await ok(client, 'graph_trace_feature', { entry: 'report', depth: 2, maxTokens: 200 });
  const endpoints = await use('surfaces_list_endpoints', {});
  const configKeys = await use('surfaces_list_config_keys', {});
  await use('surfaces_list_db_tables', {});
  assert.deepEqual(endpoints.result.endpoints.map((endpoint) => [endpoint.method, endpoint.path, endpoint.handler]), [['GET', '/units', 'src/server.ts#units']]);
  assert.deepEqual(configKeys.result.configKeys.map((entry) => entry.key), ['AREA_UNIT']);
  const route = await ok(client, 'graph_trace_feature', { entry: 'GET /units' });
  assert.deepEqual(route.result.roots.map((node) => node.symbol.id), ['src/server.ts#units']);
  assert.deepEqual(route.result.roots[0].configKeys.map((key) => key.key), ['AREA_UNIT']);
  assert.match(route.text, /^1 endpoint matches GET \/units: GET \/units -> src\/server\.ts#units \(express\)/);
  assert.match(route.text, /config AREA_UNIT/);
  assert.ok(tinyTrace.data.answerTokens <= 200, `${tinyTrace.data.answerTokens} tokens`);

  // Committed mode: the feature branch's totalArea, whatever is checked out.
  const committed = await ok(client, 'symbols_get_definition_span', { symbol: 'totalArea', commit: 'feature' });
  assert.match(committed.result.text, /scale: number/);
  assert.match(committed.data.workspace, /^commit:[0-9a-f]{40}$/);
  const committedCallers = await ok(client, 'graph_callers', { symbol: 'src/geometry.ts#totalArea', commit: 'main' });
  assert.equal(committedCallers.result.callers.length, 2);

  // Workspaces: another git worktree of the repository, as a second agent would have it.
  const tree = join(s.dir, 'second');
  git(repo, 'worktree', 'add', '-q', '-b', 'second', tree);
  const created = await use('workspace_create', { id: 'second', root: tree });
  assert.equal(created.result.id, 'second');
  const listed = await use('workspace_list', {});
  assert.deepEqual(listed.result.workspaces.map((workspace) => workspace.id).sort(), ['default', 'second']);
  // An unsaved buffer: a file written to disk could reach the workspace through its watcher before
  // this refresh, whose delta would then be empty (seen under load, on earlier builds too).
  const extra = "import { totalArea } from './geometry.js';\n\nexport function extra(): number {\n  return totalArea([]);\n}\n";
  const refreshed = await use('workspace_refresh', { workspace: 'second', contents: { 'src/extra.ts': extra } });
  assert.ok(refreshed.result.symbols.added.includes('src/extra.ts#extra'), JSON.stringify(refreshed.result.symbols));
  const inSecond = await use('graph_callers', { symbol: 'src/geometry.ts#totalArea', workspace: 'second' });
  assert.equal(inSecond.result.callers.length, 3);
  await use('workspace_reset', { id: 'second' });

  // Edits and checks: a dry run that breaks callers, then a real edit in the second worktree.
  const dry = await use('edit_apply', { dryRun: true, edits: [{ path: 'src/geometry.ts', replace: { old: 'shapes: Shape[]', new: 'shapes: Shape[], scale: number' } }] });
  assert.equal(dry.result.dryRun, true);
  assert.deepEqual(dry.result.arityFindings.map((finding) => finding.site.path).sort(), ['src/report.ts', 'tests/geometry.test.ts']);
  const edited = await use('edit_apply', { workspace: 'second', edits: [{ path: 'src/report.ts', replace: { old: 'return `total', new: 'return `sum' } }] });
  assert.deepEqual(edited.result.written, ['src/report.ts']);
  const checked = await use('check', { base: 'main', workspace: 'second' });
  assert.ok(checked.result.counts.changedFiles >= 1);
  const diff = await use('index_diff', { base: 'main', head: 'feature' });
  assert.ok(diff.result.arityFindings.length >= 2, JSON.stringify(diff.result.counts));
  const ensured = await use('index_ensure_baseline', { commit: 'feature' });
  assert.equal(ensured.data.truncated, false);
  const baselines = await use('index_list_baselines', {});
  assert.ok(baselines.result.baselines.length >= 2);
  const cleanup = await use('index_cleanup', { dryRun: true });
  assert.ok(cleanup.result);
  const removal = await use('repo_remove', {});
  assert.equal(removal.result.dryRun, true);
  assert.ok(removal.result.workspaces.includes('second'), JSON.stringify(removal.result));
  assert.match(removal.text, /^Dry run: would remove the store /);

  // The review studio.
  const review = await use('review_compute', { base: 'main', head: 'feature' });
  const reviewId = review.result.reviewId;
  assert.match(reviewId, /^r-[0-9a-f]{20}$/);
  const cohorts = await use('review_cohorts', { reviewId });
  const key = cohorts.result.cohorts[0].key;
  const radius = await use('review_blast_radius', { reviewId, depth: 2 });
  assert.ok(radius.result.symbols.some((symbol) => symbol.id === 'src/report.ts#report'), JSON.stringify(radius.result.symbols.map((symbol) => symbol.id)));
  await use('review_cohort_impact', { reviewId, key });
  const junit = '<testsuite name="geometry"><testcase classname="geometry" name="sums nothing" file="tests/geometry.test.ts"/></testsuite>';
  const signals = await use('review_ci_signals', { reviewId, results: { junit: [{ source: 'ci', xml: junit }] } });
  assert.ok(signals.result.cohorts.length > 0, signals.text);
  const dependencies = await use('review_dependency_diffs', { reviewId });
  assert.ok(dependencies.result.changes.some((change) => change.name === 'leftpad'), JSON.stringify(dependencies.result.changes));
  const contract = await ok(client, 'review_verdict', { reviewId });
  const breaking = contract.result.axes.contract.findings.find((finding) => finding.severity === 'breaking');
  assert.ok(breaking, JSON.stringify(contract.result.axes.contract));
  await use('review_set_contract_decision', { reviewId, changeId: breaking.id, decision: 'approve', note: 'clients moved' });
  const snapshot = contract.result.axes.visual.findings[0];
  assert.ok(snapshot?.id, JSON.stringify(contract.result.axes.visual));
  await use('review_approve_visual', { reviewId, snapshotId: snapshot.id });
  await use('review_set_cohort_summary', { reviewId, key, markdown: 'Scales the total area.' });
  const diagram = await use('review_add_diagram', { reviewId, diagram: {
    kind: 'sequence', nodes: [{ id: 'r', symbol: 'report' }, { id: 't', symbol: 'src/geometry.ts#totalArea' }],
    edges: [{ from: 'r', to: 't', label: 'sums', expected: 'calls' }],
  } });
  assert.equal(diagram.result.verification.edges[0].status, 'verified');
  const pass = { state: 'pass', findings: [] };
  await use('review_finalize', { reviewId, axes: { correctness: pass, security: pass, testGap: pass } });
  const verdict = await use('review_verdict', { reviewId });
  assert.equal(verdict.result.axes.contract.state, 'warn');
  assert.ok(['Ship', 'Hold'].includes(verdict.result.verdict), verdict.text);

  await use('workspace_delete', { id: 'second' });
  assert.deepEqual(TOOLS.filter((name) => !called.has(name)), [], 'every tool was called');
  const gone = await tool(client, 'symbols_search', { query: 'extra', workspace: 'second' });
  assert.ok(gone.isError);
  assert.match(gone.text, /^WorkspaceNotFound/);
});
