import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AXES, type AxisName, type AxisResult } from '../axes-types.js';
import { applyAxisScope, axisScope, gatedAxes } from './scope.js';
import { verdictOf } from './verdict.js';

const FILE = '/repo/.repograph.json';

test('no file, no review section or no axes: every axis in scope and gated', () => {
  for (const json of [undefined, null, {}, { material: {} }, { review: {} }, { review: { other: 1 } }]) {
    const scope = axisScope(json, FILE);
    assert.equal(scope.off.size, 0);
    assert.deepEqual(scope.problems, []);
    assert.deepEqual([...gatedAxes(scope)], [...AXES]);
  }
});

test('an axis declared off is off with where it was set; "on" is the default', () => {
  const scope = axisScope({ review: { axes: { visual: 'off', contract: 'on', testGap: 'off' } } }, FILE);
  assert.deepEqual([...scope.off], [
    ['visual', { where: `${FILE}: review.axes.visual` }],
    ['testGap', { where: `${FILE}: review.axes.testGap` }],
  ]);
  assert.deepEqual(scope.problems, []);
  assert.deepEqual([...gatedAxes(scope)], ['contract', 'correctness', 'security']);
});

test('unknown axis names and values are problems naming them; the rest is still read', () => {
  const scope = axisScope({ review: { axes: { visaul: 'off', security: 'disabled', visual: 'off', testGap: false } } }, FILE);
  assert.deepEqual([...scope.off.keys()], ['visual']);
  assert.deepEqual(scope.problems, [
    `${FILE}: unknown axis "review.axes.visaul" is ignored (known: contract, visual, correctness, security, testGap)`,
    `${FILE}: "review.axes.security" must be "on" or "off" (got "disabled"); the axis stays in scope`,
    `${FILE}: "review.axes.testGap" must be "on" or "off" (got false); the axis stays in scope`,
  ]);
});

test('parts of the wrong kind are problems, never throws', () => {
  const cases: [unknown, RegExp][] = [
    [[1, 2], /the top level must be a JSON object \(got an array\)/],
    ['text', /the top level must be a JSON object \(got a string\)/],
    [{ review: 'off' }, /"review" must be an object \(got a string\)/],
    [{ review: null }, /"review" must be an object \(got null\)/],
    [{ review: { axes: ['visual'] } }, /"review.axes" must be an object \(got an array\)/],
    [{ review: { axes: 7 } }, /"review.axes" must be an object \(got a number\)/],
  ];
  for (const [json, problem] of cases) {
    const scope = axisScope(json, FILE);
    assert.equal(scope.off.size, 0);
    assert.equal(scope.problems.length, 1);
    assert.match(scope.problems[0]!, problem);
    assert.ok(scope.problems[0]!.startsWith(`${FILE}: `));
  }
});

test('a __proto__ key or a long name is an unknown axis, quoted short', () => {
  const json: unknown = JSON.parse(`{"review":{"axes":{"__proto__":"off","${'x'.repeat(500)}":"off"}}}`);
  const scope = axisScope(json, FILE);
  assert.equal(scope.off.size, 0);
  assert.equal(scope.problems.length, 2);
  assert.match(scope.problems[0]!, /unknown axis "review.axes.__proto__"/);
  assert.ok(scope.problems[1]!.length < 200);
});

test('applying the scope turns off axes off whatever was computed, and the verdict ignores them', () => {
  const scope = axisScope({ review: { axes: { visual: 'off' } } }, FILE);
  const failed: AxisResult = { state: 'fail', findings: [{ path: 'a.png', message: 'pixels changed' }] };
  const pass: AxisResult = { state: 'pass', findings: [] };
  const axes: Record<AxisName, AxisResult | undefined> = { contract: pass, visual: failed, correctness: pass, security: pass, testGap: pass };
  const scoped = applyAxisScope(axes, scope);
  assert.deepEqual(scoped.visual, { state: 'off', reason: `declared off in ${FILE}: review.axes.visual`, findings: [] });
  assert.equal(axes.visual, failed);
  const result = verdictOf(scoped, gatedAxes(scope));
  assert.equal(result.verdict, 'Ship');
  assert.deepEqual(result.axes.visual, { state: 'off', reason: `declared off in ${FILE}: review.axes.visual`, findings: [], gated: false });
  assert.equal(verdictOf(axes, gatedAxes(axisScope({}, FILE))).verdict, 'Block');
});

test('an axis off but never posted is still off, not unavailable', () => {
  const scope = axisScope({ review: { axes: { security: 'off' } } }, FILE);
  const pass: AxisResult = { state: 'pass', findings: [] };
  const scoped = applyAxisScope({ contract: pass, visual: pass, correctness: pass, security: undefined, testGap: pass }, scope);
  const result = verdictOf(scoped, gatedAxes(scope));
  assert.equal(result.verdict, 'Ship');
  assert.equal(result.axes.security.state, 'off');
});
