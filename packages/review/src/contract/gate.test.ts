import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contractAxis } from './gate.js';
import type { ContractChange, ContractDecision, ContractDiff, ContractSeverity } from './model.js';

function change(id: string, severity: ContractSeverity): ContractChange {
  return { id, ruleId: `rule-${id}`, severity, area: 'paths', action: 'removed', operation: 'GET /pets', location: '', path: 'openapi.yaml', line: 3, message: `change ${id}` };
}

const breaking = change('b1', 'breaking');
const additive = change('n1', 'non-breaking');
const wording = change('i1', 'informational');
const problem = { path: 'openapi.yaml', line: 12, message: 'the head side has an external $ref "http://192.0.2.1/x.yaml", which is not resolved' };

function decisions(entries: Array<[string, ContractDecision['decision']]>): Map<string, ContractDecision> {
  return new Map(entries.map(([id, decision]) => [id, { decision, note: `${decision}d in review` }]));
}

function axis(diff: Partial<ContractDiff>, decided: Map<string, ContractDecision> = new Map(), derived = false): ReturnType<typeof contractAxis> {
  return contractAxis({ changes: diff.changes ?? [], problems: diff.problems ?? [] }, decided, { derived });
}

test('no change passes; non-breaking and informational changes pass with their findings listed', () => {
  assert.deepEqual(axis({}), { state: 'pass', reason: 'no contract changes', findings: [] });
  const result = axis({ changes: [additive, wording] });
  assert.equal(result.state, 'pass');
  assert.deepEqual(result.findings.map((finding) => [finding.id, finding.severity, finding.line]), [['n1', 'non-breaking', 3], ['i1', 'informational', 3]]);
  assert.match(result.findings[0]?.message ?? '', /^rule-n1 at GET \/pets: change n1$/);
});

test('a breaking change without a decision fails', () => {
  const result = axis({ changes: [breaking, additive] });
  assert.equal(result.state, 'fail');
  assert.equal(result.reason, '1 breaking change without a decision');
});

test('a breaking change approved warns, with the note in its finding', () => {
  const result = axis({ changes: [breaking, additive] }, decisions([['b1', 'approve']]));
  assert.equal(result.state, 'warn');
  assert.equal(result.reason, '1 breaking change approved');
  assert.match(result.findings[0]?.message ?? '', /\[approved: approved in review\]$/);
});

test('a rejected change fails, whatever its severity', () => {
  assert.equal(axis({ changes: [breaking] }, decisions([['b1', 'reject']])).state, 'fail');
  const result = axis({ changes: [additive] }, decisions([['n1', 'reject']]));
  assert.equal(result.state, 'fail');
  assert.equal(result.reason, '1 change rejected');
});

test('a problem makes the axis partial with its location, never pass', () => {
  const result = axis({ changes: [additive], problems: [problem] });
  assert.equal(result.state, 'partial');
  assert.match(result.reason ?? '', /^the contract diff is incomplete: openapi\.yaml:12 the head side has an external \$ref/);
  assert.deepEqual(result.findings.at(-1), { path: 'openapi.yaml', line: 12, message: problem.message, severity: 'blocking' });
  assert.equal(axis({ changes: [breaking], problems: [problem] }, decisions([['b1', 'approve']])).state, 'partial');
  const failed = axis({ changes: [breaking], problems: [problem, { path: 'swagger.json', message: 'is over the limit' }] });
  assert.equal(failed.state, 'fail', 'a found blocking change outweighs the incompleteness');
  assert.match(failed.reason ?? '', /incomplete \(2 problems\)/);
});

test('a derived diff never gates: what would fail or be partial warns', () => {
  const failing = axis({ changes: [breaking] }, new Map(), true);
  assert.equal(failing.state, 'warn');
  assert.match(failing.reason ?? '', /^advisory \(derived\) diff, never gates: it would be fail: /);
  assert.equal(axis({ problems: [problem] }, new Map(), true).state, 'warn');
  assert.equal(axis({ changes: [additive] }, new Map(), true).state, 'pass');
  assert.equal(axis({ changes: [breaking] }, decisions([['b1', 'approve']]), true).state, 'warn');
});

test('decisions for change ids not in the diff are ignored', () => {
  assert.equal(axis({ changes: [additive] }, decisions([['unknown', 'reject']])).state, 'pass');
  assert.equal(axis({ changes: [breaking] }, decisions([['unknown', 'approve']])).state, 'fail');
});
