// The review studio, part 2, end to end: the verdict from the five axes (contract pass when no
// spec changed; visual unavailable without a Widgetbook app or committed goldens; the agents'
// axes unavailable until finalize posts them, so an unposted review holds); finalize moves it to
// Ship or Block; an axis declared off in .repograph.json leaves the verdict alone and says where;
// axes posted for an older head are unavailable after a push until posted again; a changed
// committed golden holds the visual axis until approveVisual; cohort summaries stay
// under their key across a push; bad input answers with the field named.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { scope, rejection } from '../helpers/daemon-scope.mjs';
import { call, waitFor } from '../helpers/daemon.mjs';
import { git, repograph, writeFiles } from '../helpers/repo.mjs';

const FILES = {
  'src/core.ts': 'export function core(value: number): number {\n  return value;\n}\n',
  'src/use.ts': "import { core } from './core.js';\n\nexport function use(): number {\n  return core(1);\n}\n",
};
const pass = { state: 'pass', findings: [] };

function png(color) {
  const image = new PNG({ width: 4, height: 4 });
  for (let index = 0; index < image.data.length; index += 4) image.data.set([...color, 255], index);
  return PNG.sync.write(image);
}

function branch(repo, name, files) {
  git(repo, 'checkout', '-qb', name);
  writeFiles(repo, files);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', name);
  git(repo, 'checkout', '-q', 'main');
}

test('the verdict holds until the agents post, then follows finalize; off axes; bad input', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  branch(repo, 'feature', {
    'src/core.ts': FILES['src/core.ts'].replace('return value;', 'return value * 2;'),
    'src/use.ts': FILES['src/use.ts'].replace('core(1)', 'core(2)'),
  });
  const daemon = await s.daemon(repo);
  const client = await daemon.client();
  const { reviewId, cohorts } = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });

  const held = await call(client, 'review_studio.verdict', { reviewId });
  assert.equal(held.verdict, 'Hold', JSON.stringify(held.why));
  assert.equal(held.axes.contract.state, 'pass');
  assert.equal(held.axes.visual.state, 'unavailable');
  assert.equal(held.axes.visual.reason, 'no Widgetbook app in the repository');
  assert.equal(held.axes.security.state, 'unavailable', 'an axis not posted counts as unavailable');

  const bad = await rejection(call(client, 'review_studio.finalize', { reviewId, axes: { correctness: pass, security: { state: 'green', findings: [] }, testGap: pass } }));
  assert.equal(bad.data.code, 'InvalidParams');
  assert.equal(bad.data.field, 'axes.security.state');
  await call(client, 'review_studio.finalize', { reviewId, axes: { correctness: pass, security: pass, testGap: pass } });
  const stillHeld = await call(client, 'review_studio.verdict', { reviewId });
  assert.equal(stillHeld.verdict, 'Hold', 'the visual axis could not run: absence of evidence never ships');

  writeFiles(repo, { '.repograph.json': JSON.stringify({ review: { axes: { visual: 'off' } } }) });
  await waitFor(async () => (await call(client, 'review_studio.verdict', { reviewId })).axes.visual.state === 'off', 'the policy reload');
  const shipped = await call(client, 'review_studio.verdict', { reviewId });
  assert.equal(shipped.verdict, 'Ship', JSON.stringify(shipped.why));
  assert.match(shipped.axes.visual.reason, /declared off in .*\.repograph\.json: review\.axes\.visual/);

  await call(client, 'review_studio.finalize', { reviewId, axes: { correctness: pass, security: { state: 'fail', findings: [{ path: 'src/core.ts', line: 2, message: 'doubles a secret' }] }, testGap: pass } });
  const blocked = await call(client, 'review_studio.verdict', { reviewId });
  assert.equal(blocked.verdict, 'Block');
  assert.equal(blocked.axes.security.findings[0].line, 2);

  const unknownKey = await rejection(call(client, 'review_studio.setCohortSummary', { reviewId, key: 'c-nope', markdown: 'x' }));
  assert.equal(unknownKey.data.field, 'key');
  await call(client, 'review_studio.setCohortSummary', { reviewId, key: cohorts[0].key, markdown: '## Doubles core()' });
  git(repo, 'checkout', '-q', 'feature');
  writeFiles(repo, { 'src/more.ts': "import { core } from './core.js';\n\nexport function more(): number {\n  return core(3);\n}\n" });
  git(repo, 'add', 'src/more.ts');
  git(repo, 'commit', '-qm', 'push');
  git(repo, 'checkout', '-q', 'main');
  await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  const after = await call(client, 'review_studio.cohorts', { reviewId });
  assert.ok(after.cohorts[0].files.includes('src/more.ts'));
  assert.deepEqual(after.summaries, { [cohorts[0].key]: '## Doubles core()' }, 'the summary stays under its key across the push');
  const pushed = await call(client, 'review_studio.verdict', { reviewId });
  assert.equal(pushed.axes.security.state, 'unavailable', 'axes posted for the older head do not judge the new one');
  assert.match(pushed.axes.correctness.reason, /^posted for [0-9a-f]{12} \(base [0-9a-f]{12}\); the review is now at [0-9a-f]{12}/);
  assert.equal(pushed.verdict, 'Hold');
  await call(client, 'review_studio.finalize', { reviewId, axes: { correctness: pass, security: pass, testGap: pass } });
  assert.equal((await call(client, 'review_studio.verdict', { reviewId })).verdict, 'Ship', 'posted again for the new head');
  const unknownReview = await rejection(call(client, 'review_studio.verdict', { reviewId: 'r-00000000000000000000' }));
  assert.equal(unknownReview.data.code, 'ReviewNotFound');
});

test('a changed committed golden holds the visual axis until it is approved', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('goldens', { ...FILES, 'test/goldens/button.png': png([200, 0, 0]), 'test/goldens/same.png': png([0, 0, 200]) });
  branch(repo, 'restyle', { 'test/goldens/button.png': png([0, 200, 0]) });
  const daemon = await s.daemon(repo);
  const client = await daemon.client();
  const { reviewId } = await call(client, 'review_studio.compute', { base: 'main', head: 'restyle' });
  const artifact = await call(client, 'review_studio.get', { reviewId });
  const snapshot = artifact.visual.snapshots.find((each) => each.path === 'test/goldens/button.png');
  assert.equal(snapshot.state, 'changed');
  assert.equal(snapshot.diffPixels, 16);
  const pending = await call(client, 'review_studio.verdict', { reviewId });
  assert.equal(pending.axes.visual.state, 'partial', JSON.stringify(pending.axes.visual));
  assert.ok(pending.axes.visual.findings.some((finding) => finding.id === snapshot.id));
  const unknown = await rejection(call(client, 'review_studio.approveVisual', { reviewId, snapshotId: 's-0000000000000000' }));
  assert.equal(unknown.data.field, 'snapshotId');
  await call(client, 'review_studio.approveVisual', { reviewId, snapshotId: snapshot.id });
  const approved = await call(client, 'review_studio.verdict', { reviewId });
  assert.ok(approved.axes.visual.state === 'warn' || approved.axes.visual.state === 'pass', JSON.stringify(approved.axes.visual));
});

test('a diagram is checked against the head graph: supported edges verified with evidence, the rest unverified', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('diagram', FILES);
  branch(repo, 'feature', { 'src/core.ts': FILES['src/core.ts'].replace('return value;', 'return value + 1;') });
  const daemon = await s.daemon(repo);
  const client = await daemon.client();
  const { reviewId } = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  const diagram = {
    kind: 'sequence', title: 'use calls core',
    nodes: [{ id: 'u', symbol: 'use' }, { id: 'c', symbol: 'src/core.ts#core' }],
    edges: [{ from: 'u', to: 'c', label: 'asks', expected: 'calls' }, { from: 'c', to: 'u', label: 'calls back', expected: 'calls' }],
  };
  const added = await call(client, 'review_studio.addReviewDiagram', { reviewId, diagram });
  assert.match(added.diagramId, /^d-[0-9a-f]{16}$/);
  const [forward, backward] = added.verification.edges;
  assert.equal(forward.status, 'verified', JSON.stringify(forward));
  assert.equal(forward.evidence.path, 'src/use.ts');
  assert.equal(forward.evidence.line, 4);
  assert.equal(backward.status, 'unverified', 'an edge the graph cannot support is returned as unverified, never as fact');
  assert.deepEqual(added.verification.nodes.map((node) => node.status), ['resolved', 'resolved']);
  const mermaid = await rejection(call(client, 'review_studio.addReviewDiagram', { reviewId, diagram: 'sequenceDiagram\n  u->>c: asks' }));
  assert.equal(mermaid.data.field, 'diagram');
  const dangling = await rejection(call(client, 'review_studio.addReviewDiagram', { reviewId, diagram: { ...diagram, edges: [{ from: 'u', to: 'nobody', label: 'x', expected: 'calls' }] } }));
  assert.equal(dangling.data.code, 'InvalidParams');
  assert.match(dangling.message, /nobody/);
});

test('repograph review --gate exits with the verdict: Hold 3 until the agents post', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('cli', FILES);
  branch(repo, 'feature', { 'src/core.ts': FILES['src/core.ts'].replace('return value;', 'return value - 1;') });
  s.deferCliDaemonStop(repo);
  const result = repograph(['review', '--repo', repo, '--base', 'main', '--head', 'feature', '--gate'], { home: s.home });
  assert.equal(result.status, 3, result.stdout + result.stderr);
  assert.match(result.stdout, /verdict: Hold/);
  assert.match(result.stdout, /security +unavailable: not posted yet/);
  const json = repograph(['review', '--repo', repo, '--base', 'main', '--head', 'feature', '--json'], { home: s.home });
  assert.equal(json.status, 0, json.stderr);
  assert.equal(JSON.parse(json.stdout).verdict.verdict, 'Hold');
});
