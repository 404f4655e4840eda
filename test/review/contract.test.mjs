// The API contract axis end to end: a changed openapi.yaml is diffed when the review is computed;
// a breaking change without a decision fails the axis, an approved one warns, a rejected one
// fails; a decision is kept by the change's fingerprint across a push; a spec that does not
// parse makes the axis partial, never pass; a decision on an unknown change is refused.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scope, rejection } from '../helpers/daemon-scope.mjs';
import { call } from '../helpers/daemon.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';

const SPEC = `openapi: 3.0.3
info:
  title: Pets
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - name: limit
          in: query
          schema:
            type: integer
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
const HEAD_SPEC = SPEC.replace(/  \/pets\/\{id\}:[\s\S]*$/, '').replace('            type: integer\n', '            type: integer\n        - name: sort\n          in: query\n          schema:\n            type: string\n');
const pass = { state: 'pass', findings: [] };

function commitOn(repo, name, files, create = false) {
  git(repo, 'checkout', '-q', ...(create ? ['-b'] : []), name);
  writeFiles(repo, files);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'change');
  git(repo, 'checkout', '-q', 'main');
}

test('the contract axis: undecided breaking fails, approved warns, rejected fails, decisions carry across pushes, bad specs are partial', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('api', { 'openapi.yaml': SPEC, '.repograph.json': JSON.stringify({ review: { axes: { visual: 'off' } } }) });
  commitOn(repo, 'feature', { 'openapi.yaml': HEAD_SPEC }, true);
  const daemon = await s.daemon(repo);
  const client = await daemon.client();
  const { reviewId } = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  await call(client, 'review_studio.finalize', { reviewId, axes: { correctness: pass, security: pass, testGap: pass } });
  const artifact = await call(client, 'review_studio.get', { reviewId });
  const removed = artifact.contract.changes.find((change) => change.severity === 'breaking' && change.operation === 'DELETE /pets/{id}');
  assert.ok(removed, JSON.stringify(artifact.contract.changes.map((c) => [c.ruleId, c.severity, c.operation])));
  const added = artifact.contract.changes.find((change) => change.location.includes('sort'));
  assert.equal(added.severity, 'non-breaking', 'a new optional query parameter is additive');

  const undecided = await call(client, 'review_studio.verdict', { reviewId });
  assert.equal(undecided.axes.contract.state, 'fail');
  assert.equal(undecided.verdict, 'Block');
  await call(client, 'review_studio.setContractDecision', { reviewId, changeId: removed.id, decision: 'approve', note: 'clients migrated' });
  const approved = await call(client, 'review_studio.verdict', { reviewId });
  assert.equal(approved.axes.contract.state, 'warn', JSON.stringify(approved.axes.contract));
  assert.equal(approved.verdict, 'Ship');

  commitOn(repo, 'feature', { 'README.md': '# Pets API\n' });
  const pushed = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  assert.equal(pushed.reviewId, reviewId);
  const afterPush = await call(client, 'review_studio.verdict', { reviewId });
  assert.equal(afterPush.axes.contract.state, 'warn', 'the decision carries forward by fingerprint');

  await call(client, 'review_studio.setContractDecision', { reviewId, changeId: removed.id, decision: 'reject' });
  assert.equal((await call(client, 'review_studio.verdict', { reviewId })).axes.contract.state, 'fail');
  const unknown = await rejection(call(client, 'review_studio.setContractDecision', { reviewId, changeId: 'nope', decision: 'approve' }));
  assert.equal(unknown.data.field, 'changeId');
  const badDecision = await rejection(call(client, 'review_studio.setContractDecision', { reviewId, changeId: removed.id, decision: 'maybe' }));
  assert.equal(badDecision.data.field, 'decision');

  commitOn(repo, 'broken', { 'openapi.yaml': 'openapi: 3.0.3\npaths: [\n' }, true);
  const broken = await call(client, 'review_studio.compute', { base: 'main', head: 'broken' });
  const brokenVerdict = await call(client, 'review_studio.verdict', { reviewId: broken.reviewId });
  assert.equal(brokenVerdict.axes.contract.state, 'partial', JSON.stringify(brokenVerdict.axes.contract));
});
