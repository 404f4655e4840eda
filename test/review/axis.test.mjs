// review_studio.axis and its watch twin end to end: the contract axis of a review with a breaking
// change fails and lists its changes with their (absent) decisions; watchAxis on the contract
// axis pushes the axis again when a decision is stored (now warn, the decision shown); watchAxis
// on correctness pushes when finalize posts it; scopes are per axis (a replay since an earlier
// clock brings only the axis's own events, an unknown clock a fresh-instance event naming the
// review); the visual axis lists its snapshots, each approved or not, and watchAxis on it pushes
// the approval; a bad axis name is InvalidParams naming `axis` and the allowed names; an unknown
// review is ReviewNotFound.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { scope, rejection } from '../helpers/daemon-scope.mjs';
import { call, waitFor } from '../helpers/daemon.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';

const SPEC = `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: the pets
  /pets/{id}:
    delete:
      operationId: deletePet
      parameters:
        - name: id
          in: path
          required: true
          schema:
            type: string
      responses:
        '204':
          description: deleted
`;
const HEAD_SPEC = SPEC.replace(/  \/pets\/\{id\}:[\s\S]*$/, '').replace('description: the pets', 'description: every pet');
const pass = { state: 'pass', findings: [] };

function png(color) {
  const image = new PNG({ width: 4, height: 4 });
  for (let index = 0; index < image.data.length; index += 4) image.data.set([...color, 255], index);
  return PNG.sync.write(image);
}

test('review_studio.axis answers one axis with what to act on; watchAxis pushes it per axis', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('api', { 'openapi.yaml': SPEC });
  git(repo, 'checkout', '-qb', 'feature');
  writeFiles(repo, { 'openapi.yaml': HEAD_SPEC });
  git(repo, 'commit', '-qam', 'drop DELETE /pets/{id}');
  git(repo, 'checkout', '-q', 'main');
  const daemon = await s.daemon(repo);
  const client = await daemon.client();
  const { reviewId } = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });

  const contract = await call(client, 'review_studio.axis', { reviewId, axis: 'contract' });
  assert.equal(contract.reviewId, reviewId);
  assert.equal(contract.stale, false);
  assert.equal(contract.axis, 'contract');
  assert.equal(contract.result.state, 'fail', JSON.stringify(contract.result));
  assert.equal(contract.result.gated, true);
  assert.ok(contract.meta, 'the answer carries meta');
  assert.deepEqual(contract.why.length, 1, JSON.stringify(contract.why));
  assert.match(contract.why[0], /^contract: fail \(1 breaking change without a decision\)/);
  const removed = contract.changes.find((change) => change.ruleId === 'endpoint-removed');
  assert.ok(removed, JSON.stringify(contract.changes));
  assert.equal(removed.severity, 'breaking');
  assert.equal(removed.operation, 'DELETE /pets/{id}');
  assert.equal(removed.decision, null);
  const reworded = contract.changes.find((change) => change.ruleId === 'response-description-changed');
  assert.equal(reworded?.severity, 'informational', JSON.stringify(contract.changes));
  assert.deepEqual(contract.result.findings.map((finding) => finding.id).sort(), contract.changes.map((change) => change.id).sort());
  const verdict = await call(client, 'review_studio.verdict', { reviewId });
  assert.deepEqual(contract.result, verdict.axes.contract, 'the axis is the verdict\'s');

  const visual = await call(client, 'review_studio.axis', { reviewId, axis: 'visual' });
  assert.equal(visual.result.state, 'unavailable');
  assert.deepEqual(visual.snapshots, [], 'no committed golden changed');
  assert.equal(visual.changes, undefined);

  const contractEvents = [];
  const watchingContract = await client.subscribeTwin('review_studio.watchAxis', 'review_studio.axis', { reviewId, axis: 'contract' }, (event) => contractEvents.push(event));
  assert.equal(watchingContract.reviewId, reviewId);
  const subscribedClock = watchingContract.clock;
  await call(client, 'review_studio.setContractDecision', { reviewId, changeId: removed.id, decision: 'approve', note: 'clients migrated' });
  const approved = await waitFor(() => contractEvents.find((event) => event.payload.result.state === 'warn'), 'the contract axis after the decision');
  assert.equal(approved.isFreshInstance, false);
  assert.equal(approved.payload.axis, 'contract');
  assert.equal(approved.payload.meta, undefined, 'an event is the answer without meta');
  assert.deepEqual(approved.payload.changes.find((change) => change.id === removed.id).decision, { decision: 'approve', note: 'clients migrated' });
  assert.match(approved.payload.why[0], /^contract: warn \(1 breaking change approved\)/);

  const correctnessEvents = [];
  await client.subscribeTwin('review_studio.watchAxis', 'review_studio.axis', { reviewId, axis: 'correctness' }, (event) => correctnessEvents.push(event));
  const before = await call(client, 'review_studio.axis', { reviewId, axis: 'correctness' });
  assert.equal(before.result.state, 'unavailable');
  assert.equal(before.result.reason, 'not posted yet');
  assert.equal(before.changes, undefined);
  assert.equal(before.snapshots, undefined);
  await call(client, 'review_studio.finalize', { reviewId, axes: { correctness: { state: 'warn', reason: 'one unchecked branch', findings: [{ path: 'openapi.yaml', line: 9, message: 'no 404' }] }, security: pass, testGap: pass } });
  const finalized = await waitFor(() => correctnessEvents.find((event) => event.payload.result.state === 'warn'), 'the correctness axis after finalize');
  assert.equal(finalized.payload.axis, 'correctness');
  assert.equal(finalized.payload.result.findings[0].message, 'no 404');
  assert.match(finalized.payload.why[0], /^correctness: warn \(one unchecked branch\)/);

  const replayed = [];
  await client.subscribeTwin('review_studio.watchAxis', 'review_studio.axis', { reviewId, axis: 'correctness', since: subscribedClock }, (event) => replayed.push(event));
  await waitFor(() => replayed.some((event) => event.clock === finalized.clock), 'the replay of the correctness event');
  assert.ok(replayed.every((event) => event.payload.axis === 'correctness' && !event.isFreshInstance), 'only the axis\'s own scope replays');

  // A clock the daemon cannot vouch for: one fresh-instance event naming the review to read again.
  for (const [method, topic, params] of [['review_studio.watchAxis', 'review_studio.axis', { axis: 'security' }], ['review_studio.watchVerdict', 'review_studio.verdict', {}]]) {
    const fresh = [];
    await client.subscribeTwin(method, topic, { reviewId, ...params, since: 'c:0000000000000000:1' }, (event) => fresh.push(event));
    const event = await waitFor(() => fresh[0], `the fresh-instance event of ${method}`);
    assert.equal(event.isFreshInstance, true);
    assert.deepEqual(event.payload, { reviewId, stale: true, resync: true });
  }

  const bad = await rejection(call(client, 'review_studio.axis', { reviewId, axis: 'style' }));
  assert.equal(bad.data.code, 'InvalidParams');
  assert.equal(bad.data.field, 'axis');
  assert.match(bad.message, /contract, visual, correctness, security, testGap/);
  const missing = await rejection(call(client, 'review_studio.watchAxis', { reviewId }));
  assert.equal(missing.data.field, 'axis');
  const unknown = await rejection(call(client, 'review_studio.axis', { reviewId: 'r-00000000000000000000', axis: 'contract' }));
  assert.equal(unknown.data.code, 'ReviewNotFound');
  const unknownWatch = await rejection(call(client, 'review_studio.watchAxis', { reviewId: 'r-00000000000000000000', axis: 'security' }));
  assert.equal(unknownWatch.data.code, 'ReviewNotFound');
  const refused = await rejection(call(client, 'watch.subscribe', { topic: 'review_studio.axis' }));
  assert.match(refused.message, /review_studio\.watchAxis/);
});

test('the visual axis lists its snapshots with their approvals; watchAxis pushes an approval', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('goldens', { 'src/button.ts': 'export const color = "red";\n', 'test/goldens/button.png': png([200, 0, 0]) });
  git(repo, 'checkout', '-qb', 'restyle');
  writeFiles(repo, { 'src/button.ts': 'export const color = "green";\n', 'test/goldens/button.png': png([0, 200, 0]) });
  git(repo, 'commit', '-qam', 'restyle');
  git(repo, 'checkout', '-q', 'main');
  const daemon = await s.daemon(repo);
  const client = await daemon.client();
  const { reviewId } = await call(client, 'review_studio.compute', { base: 'main', head: 'restyle' });

  const pending = await call(client, 'review_studio.axis', { reviewId, axis: 'visual' });
  assert.equal(pending.result.state, 'partial', JSON.stringify(pending.result));
  assert.equal(pending.snapshots.length, 1);
  const [snapshot] = pending.snapshots;
  assert.equal(snapshot.path, 'test/goldens/button.png');
  assert.equal(snapshot.state, 'changed');
  assert.equal(snapshot.approved, false);
  assert.match(pending.why[0], /^visual: partial/);

  const events = [];
  await client.subscribeTwin('review_studio.watchAxis', 'review_studio.axis', { reviewId, axis: 'visual' }, (event) => events.push(event));
  await call(client, 'review_studio.approveVisual', { reviewId, snapshotId: snapshot.id });
  const approved = await waitFor(() => events.find((event) => event.payload.snapshots?.[0]?.approved), 'the visual axis after the approval');
  assert.equal(approved.payload.result.state, 'warn', JSON.stringify(approved.payload.result));
  assert.equal(approved.payload.changes, undefined);
});
