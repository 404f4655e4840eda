import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AXES, type AxisName, type AxisResult, type AxisState, type Verdict } from '../axes-types.js';
import { NOT_POSTED_REASON, STATE_HEAVINESS, VERDICT_ORDER, verdictOf } from './verdict.js';

type RunState = Exclude<AxisState, 'off'>;
const RUN_STATES: readonly RunState[] = ['pass', 'warn', 'fail', 'partial', 'unavailable'];
const ALL_GATED: ReadonlySet<AxisName> = new Set(AXES);

/** Every assignment of `states` to the five axes (states.length ** 5 of them). */
function* combinations<S>(states: readonly S[]): Generator<S[]> {
  const total = states.length ** AXES.length;
  for (let n = 0; n < total; n += 1) {
    const combo: S[] = [];
    let rest = n;
    for (let i = 0; i < AXES.length; i += 1) {
      combo.push(states[rest % states.length]!);
      rest = Math.floor(rest / states.length);
    }
    yield combo;
  }
}

/** Every subset of the axes (32). */
function* subsets(): Generator<Set<AxisName>> {
  for (let mask = 0; mask < 1 << AXES.length; mask += 1) yield new Set(AXES.filter((_, i) => (mask & (1 << i)) !== 0));
}

function axesOf(states: readonly AxisState[]): Record<AxisName, AxisResult> {
  const axes = {} as Record<AxisName, AxisResult>;
  AXES.forEach((name, i) => {
    const state = states[i]!;
    axes[name] = state === 'partial' || state === 'unavailable' || state === 'off'
      ? { state, reason: `${name} reason`, findings: [] } : { state, findings: [] };
  });
  return axes;
}

/** The documented rules, written out: a gated fail blocks; a gated partial or unavailable holds. */
function expected(states: readonly AxisState[], gated: ReadonlySet<AxisName>): Verdict {
  const counted = AXES.map((name, i) => (gated.has(name) ? states[i]! : 'off'));
  if (counted.includes('fail')) return 'Block';
  if (counted.includes('partial') || counted.includes('unavailable')) return 'Hold';
  return 'Ship';
}

const weight = (v: Verdict): number => VERDICT_ORDER.indexOf(v);

test('all 5^5 combinations with every axis gated follow the documented rules', () => {
  let count = 0;
  for (const states of combinations(RUN_STATES)) {
    const result = verdictOf(axesOf(states), ALL_GATED);
    assert.equal(result.verdict, expected(states, ALL_GATED), states.join(','));
    for (const [i, name] of AXES.entries()) {
      assert.equal(result.axes[name].state, states[i]);
      assert.equal(result.axes[name].gated, true);
    }
    assert.equal(result.why.length, 1 + AXES.length);
    assert.match(result.why[0]!, new RegExp(`^${result.verdict}:`));
    count += 1;
  }
  assert.equal(count, 3125);
});

test('the rules hold for every subset of gated axes (5^5 x 32)', () => {
  for (const gated of subsets()) {
    for (const states of combinations(RUN_STATES)) {
      const result = verdictOf(axesOf(states), gated);
      assert.equal(result.verdict, expected(states, gated), `${states.join(',')} gated ${[...gated].join(',')}`);
      for (const name of AXES) assert.equal(result.axes[name].gated, gated.has(name));
    }
  }
});

/** The verdict weight of every 5^5 combination (by its index in `combinations`) under `gated`. */
function table(gated: ReadonlySet<AxisName>): number[] {
  return [...combinations(RUN_STATES)].map((states) => weight(verdictOf(axesOf(states), gated).verdict));
}

/** The index of the combination `n` with axis `axis` set to state number `state`. */
function withDigit(n: number, axis: number, state: number): number {
  const place = RUN_STATES.length ** axis;
  const digit = Math.floor(n / place) % RUN_STATES.length;
  return n + (state - digit) * place;
}

test('making any one axis heavier never makes the verdict lighter (pass < warn < partial = unavailable < fail)', () => {
  const gatedSets = [...subsets()];
  const tables = gatedSets.map(table);
  const states = [...combinations(RUN_STATES)];
  for (const weights of tables) {
    for (const [n, combo] of states.entries()) {
      for (let i = 0; i < AXES.length; i += 1) {
        for (const [s, heavier] of RUN_STATES.entries()) {
          const from = STATE_HEAVINESS[combo[i]!];
          if (STATE_HEAVINESS[heavier] < from) continue;
          const m = withDigit(n, i, s);
          assert.equal(states[m]![i], heavier);
          assert.ok(weights[m]! >= weights[n]!, `${combo.join(',')} -> ${states[m]!.join(',')}`);
          // Equal heaviness (partial and unavailable) gives an equal verdict.
          if (STATE_HEAVINESS[heavier] === from) assert.equal(weights[m], weights[n]);
        }
      }
    }
  }
  // Gating one more axis never makes the verdict lighter either.
  for (const [g, gated] of gatedSets.entries()) {
    for (const name of AXES) {
      if (gated.has(name)) continue;
      const more = tables[gatedSets.findIndex((s) => s.size === gated.size + 1 && [...gated, name].every((a) => s.has(a)))];
      assert.ok(more !== undefined);
      for (let n = 0; n < states.length; n += 1) assert.ok(more[n]! >= tables[g]![n]!);
    }
  }
});

test('an off axis leaves the verdict alone: 6^5 combinations with off, all gated', () => {
  for (const states of combinations<AxisState>([...RUN_STATES, 'off'])) {
    const result = verdictOf(axesOf(states), ALL_GATED);
    const inScope = new Set(AXES.filter((_, i) => states[i] !== 'off'));
    assert.equal(result.verdict, expected(states, inScope));
    assert.equal(result.verdict, verdictOf(axesOf(states.map((s) => (s === 'off' ? 'pass' : s))), inScope).verdict);
    for (const [i, name] of AXES.entries()) {
      if (states[i] !== 'off') continue;
      assert.deepEqual(result.axes[name], { state: 'off', reason: `${name} reason`, findings: [], gated: false });
      assert.ok(result.why.some((line) => line.startsWith(`${name}: off (${name} reason)`)));
    }
  }
});

test('an axis not posted yet counts as unavailable, reason "not posted yet"', () => {
  for (const states of combinations(RUN_STATES)) {
    for (const [i, name] of AXES.entries()) {
      const axes: Record<AxisName, AxisResult | undefined> = axesOf(states);
      axes[name] = undefined;
      const unposted = [...states];
      unposted[i] = 'unavailable';
      const result = verdictOf(axes, ALL_GATED);
      assert.equal(result.verdict, expected(unposted, ALL_GATED));
      assert.deepEqual(result.axes[name], { state: 'unavailable', reason: NOT_POSTED_REASON, findings: [], gated: true });
    }
  }
});

test('nothing posted holds; absence of evidence never ships', () => {
  const none = Object.fromEntries(AXES.map((name) => [name, undefined])) as Record<AxisName, AxisResult | undefined>;
  const result = verdictOf(none, ALL_GATED);
  assert.equal(result.verdict, 'Hold');
  assert.match(result.why[0]!, /^Hold: gated axes without a result: contract unavailable, visual unavailable/);
});

test('a non-gated axis informs only: a failed advisory axis does not move the verdict', () => {
  const states: AxisState[] = ['pass', 'pass', 'pass', 'fail', 'pass'];
  const gated = new Set<AxisName>(['contract', 'visual', 'correctness', 'testGap']);
  const axes = axesOf(states);
  axes.security.findings = [{ path: 'a.ts', line: 3, message: 'sql injection', severity: 'blocking' }];
  const result = verdictOf(axes, gated);
  assert.equal(result.verdict, 'Ship');
  assert.deepEqual(result.axes.security, { state: 'fail', findings: axes.security.findings, gated: false });
  assert.ok(result.why.includes('security: fail, 1 finding: advisory (not gated), informs only'));
  assert.equal(verdictOf(axes, ALL_GATED).verdict, 'Block');
});

test('no gated axis ships, and says so', () => {
  const result = verdictOf(axesOf(['fail', 'partial', 'unavailable', 'fail', 'warn']), new Set());
  assert.equal(result.verdict, 'Ship');
  assert.equal(result.why[0], 'Ship: no axis is gated (every axis is off or advisory)');
});

test('why names the axes that decided, and partial stays distinct from unavailable and fail', () => {
  const result = verdictOf(axesOf(['partial', 'unavailable', 'pass', 'warn', 'pass']), ALL_GATED);
  assert.equal(result.verdict, 'Hold');
  assert.equal(result.why[0], 'Hold: gated axes without a result: contract partial, visual unavailable');
  assert.equal(result.axes.contract.state, 'partial');
  assert.equal(result.axes.visual.state, 'unavailable');
  assert.equal(result.why[1], 'contract: partial (contract reason), 0 findings: holds the gate (no evidence that it passes)');
  const blocked = verdictOf(axesOf(['fail', 'partial', 'pass', 'fail', 'pass']), ALL_GATED);
  assert.equal(blocked.why[0], 'Block: gated axes failed: contract, security');
});

test('an unknown state from untyped data counts as unavailable', () => {
  const axes = axesOf(['pass', 'pass', 'pass', 'pass', 'pass']);
  axes.visual = JSON.parse('{"state":"green","findings":[]}') as AxisResult;
  const result = verdictOf(axes, ALL_GATED);
  assert.equal(result.verdict, 'Hold');
  assert.deepEqual(result.axes.visual, { state: 'unavailable', reason: 'unknown state "green"', findings: [], gated: true });
});

test('the result does not share the findings array with the input', () => {
  const axes = axesOf(['warn', 'pass', 'pass', 'pass', 'pass']);
  axes.contract.findings.push({ path: 'openapi.yaml', line: 1, message: 'x' });
  const result = verdictOf(axes, ALL_GATED);
  result.axes.contract.findings.push({ path: 'b', message: 'y' });
  assert.equal(axes.contract.findings.length, 1);
});
