// Malformed and hostile params to every review method: each answers with a typed error naming
// what to fix (never Internal), a malformed JUnit report is a diagnostic rather than an error,
// nothing stored is lost, and the daemon keeps answering other requests afterwards.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scope, rejection } from '../helpers/daemon-scope.mjs';
import { call } from '../helpers/daemon.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';

const TYPED = new Set(['InvalidParams', 'BaseNotACommit', 'ReviewNotFound', 'WorkspaceNotFound', 'UsageError']);

test('review methods answer bad input with typed errors and keep serving', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', { 'src/a.ts': 'export function a(): number {\n  return 1;\n}\n' });
  git(repo, 'checkout', '-qb', 'feature');
  writeFiles(repo, { 'src/a.ts': 'export function a(): number {\n  return 2;\n}\n' });
  git(repo, 'commit', '-qam', 'feature');
  git(repo, 'checkout', '-q', 'main');
  const daemon = await s.daemon(repo);
  const client = await daemon.client();
  const { reviewId } = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  const plain = ({ meta: _meta, ...rest }) => rest;
  const before = plain(await call(client, 'review_studio.get', { reviewId }));

  const cases = [
    ['review_studio.compute', { base: 42 }], ['review_studio.compute', { base: ['main'] }], ['review_studio.compute', {}],
    ['review_studio.compute', { base: 'main', head: '-rf' }], ['review_studio.compute', { base: 'main', head: 'main..feature' }],
    ['review_studio.compute', { base: 'main', head: 'feature', workspace: 'default' }], ['review_studio.compute', { base: 'main', workspace: 'nope' }],
    ['review_studio.compute', { base: 'x'.repeat(5000) }], ['index.diff', { base: 'main', head: 'HEAD~99' }],
    ['review_studio.get', { reviewId: '../../etc/passwd' }], ['review_studio.get', { reviewId: `${reviewId}.notes` }], ['review_studio.cohorts', { reviewId: 7 }],
    ['review_studio.blastRadius', { reviewId, depth: 0 }], ['review_studio.blastRadius', { reviewId, depth: 21 }], ['review_studio.blastRadius', { reviewId, depth: '3' }],
    ['review_studio.cohortImpact', { reviewId }], ['review_studio.cohortImpact', { reviewId, key: 'c-nope' }],
    ['review_studio.ciSignals', { reviewId, results: 'junit' }], ['review_studio.ciSignals', { reviewId, results: { junit: { xml: '' } } }],
    ['review_studio.ciSignals', { reviewId, results: { pending: [{ name: 'ci', state: 'later' }] } }],
    ['review_studio.finalize', { reviewId, axes: 'all good' }], ['review_studio.finalize', { reviewId, axes: { correctness: { state: 'pass' } } }],
    ['review_studio.setCohortSummary', { reviewId, key: 'c-nope', markdown: 'x' }], ['review_studio.setCohortSummary', { reviewId, key: 'c-x', markdown: 'x'.repeat(70_000) }],
    ['review_studio.setContractDecision', { reviewId, changeId: 'x', decision: 'approve' }], ['review_studio.approveVisual', { reviewId }],
    ['review_studio.addReviewDiagram', { reviewId, diagram: 'graph TD; a-->b' }], ['review_studio.addReviewDiagram', { reviewId, diagram: { kind: 'sequence', nodes: 'a', edges: [] } }],
    ['review_studio.watchCohorts', { reviewId: 'r-00000000000000000000' }], ['review_studio.watchCompute', { base: '--all' }],
    ['review_studio.axis', { reviewId, axis: 'style' }], ['review_studio.axis', { reviewId }], ['review_studio.watchAxis', { reviewId, axis: 7 }],
    ['watch.subscribe', { topic: 'review_studio.verdict' }], ['watch.subscribe', { topic: 'review_studio.axis' }],
  ];
  for (const [method, params] of cases) {
    const error = await rejection(call(client, method, params), `${method} ${JSON.stringify(params).slice(0, 80)}`);
    assert.ok(TYPED.has(error.data?.code), `${method} ${JSON.stringify(params).slice(0, 80)}: ${error.data?.code} ${error.message}`);
    assert.ok(error.message.length > 10, 'the message says what to fix');
  }
  const malformed = await call(client, 'review_studio.ciSignals', { reviewId, results: { junit: [{ source: 'bad.xml', xml: `<testsuites>${'<'.repeat(100_000)}` }] } });
  assert.ok(malformed.diagnostics.some((d) => d.includes('bad.xml')), 'a malformed report is a diagnostic');
  assert.deepEqual(plain(await call(client, 'review_studio.get', { reviewId })), before, 'nothing stored was changed');
  assert.equal((await call(client, 'index.status', {})).state, 'idle', 'the daemon keeps answering');
});
