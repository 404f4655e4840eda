import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FINALIZE_LIMITS, validateFinalize } from './finalize.js';

const pass = { state: 'pass', findings: [] };
const good = (): Record<string, unknown> => ({
  reviewId: 'r1',
  axes: {
    correctness: { state: 'warn', findings: [{ path: 'src/a.ts', line: 12, message: 'off by one', severity: 'concern' }] },
    security: { state: 'unavailable', reason: 'no secrets scanner on the host', findings: [] },
    testGap: { state: 'pass' },
  },
  summary: '# Looks fine',
});

/** Asserts `raw` fails on `field` with a message starting with the field and matching `problem`. */
function refuses(raw: unknown, field: string, problem: RegExp): void {
  const result = validateFinalize(raw);
  assert.equal(result.ok, false, JSON.stringify(raw)?.slice(0, 200));
  if (result.ok) return;
  assert.equal(result.field, field);
  assert.ok(result.message.startsWith(`${field}: `), result.message);
  assert.match(result.message, problem);
}

/** `good()` with axes.<axis> replaced. */
function withAxis(axis: string, value: unknown): Record<string, unknown> {
  const raw = good();
  (raw['axes'] as Record<string, unknown>)[axis] = value;
  return raw;
}

test('valid params give the three axes, copied to plain AxisResults, and the summary', () => {
  const result = validateFinalize(good());
  assert.deepEqual(result, {
    ok: true,
    axes: {
      correctness: { state: 'warn', findings: [{ path: 'src/a.ts', line: 12, message: 'off by one', severity: 'concern' }] },
      security: { state: 'unavailable', reason: 'no secrets scanner on the host', findings: [] },
      testGap: { state: 'pass', findings: [] },
    },
    summary: '# Looks fine',
  });
  const bare = validateFinalize({ axes: { correctness: pass, security: pass, testGap: pass } });
  assert.deepEqual(bare, { ok: true, axes: { correctness: pass, security: pass, testGap: pass } });
});

test('an unknown state, or off, names the state field', () => {
  refuses(withAxis('security', { state: 'green', findings: [] }), 'axes.security.state',
    /^axes\.security\.state: must be one of pass, warn, fail, partial, unavailable \(got "green"\)$/);
  refuses(withAxis('security', { state: 'off', findings: [] }), 'axes.security.state', /declared by the repository in \.repograph\.json/);
  refuses(withAxis('testGap', { findings: [] }), 'axes.testGap.state', /must be one of .* \(missing\)/);
  refuses(withAxis('testGap', { state: 3 }), 'axes.testGap.state', /\(got 3\)/);
});

test('a missing axis, an extra axis or a computed axis names it', () => {
  const missing = good();
  delete (missing['axes'] as Record<string, unknown>)['testGap'];
  refuses(missing, 'axes.testGap', /missing; finalize posts all of correctness, security, testGap/);
  refuses(withAxis('style', pass), 'axes.style', /unknown axis \(finalize posts correctness, security, testGap\)/);
  refuses(withAxis('visual', pass), 'axes.visual', /not an agent's axis: visual is computed by repograph/);
  refuses(withAxis('contract', pass), 'axes.contract', /computed by repograph/);
  refuses(withAxis('x'.repeat(300), pass), `axes.${'x'.repeat(60)}…`, /unknown axis/);
});

test('partial and unavailable need a reason', () => {
  refuses(withAxis('correctness', { state: 'partial', findings: [] }), 'axes.correctness.reason', /required when the state is partial/);
  refuses(withAxis('correctness', { state: 'unavailable', reason: '  ' }), 'axes.correctness.reason', /required when the state is unavailable/);
  refuses(withAxis('correctness', { state: 'fail', reason: 5 }), 'axes.correctness.reason', /must be a string \(got a number\)/);
  refuses(withAxis('correctness', { state: 'fail', reason: 'x'.repeat(4_001) }), 'axes.correctness.reason', /4001 characters; at most 4000/);
  assert.equal(validateFinalize(withAxis('correctness', { state: 'partial', reason: 'timed out' })).ok, true);
});

test('the params, axes and axis objects must be objects; unknown keys are refused', () => {
  refuses(null, 'params', /must be an object .* \(got null\)/);
  refuses([], 'params', /\(got an array\)/);
  refuses({ ...good(), verdict: 'Ship' }, 'verdict', /unknown key \(known: reviewId, axes, summary\)/);
  refuses({ summary: 'x' }, 'axes', /missing/);
  refuses({ axes: 'all pass' }, 'axes', /must be an object .* \(got a string\)/);
  refuses(withAxis('security', 'pass'), 'axes.security', /must be an object \{state, reason\?, findings\} \(got a string\)/);
  refuses(withAxis('security', { state: 'pass', notes: 'x' }), 'axes.security.notes', /unknown key \(known: state, reason, findings\)/);
});

test('findings: shape, bounds and each field named', () => {
  const finding = (f: unknown): Record<string, unknown> => withAxis('security', { state: 'fail', findings: [{ path: 'a.ts', message: 'ok' }, f] });
  refuses(withAxis('security', { state: 'fail', findings: {} }), 'axes.security.findings', /must be an array/);
  refuses(finding('bad'), 'axes.security.findings[1]', /must be an object/);
  refuses(finding({ message: 'm' }), 'axes.security.findings[1].path', /missing; give a repository-relative path/);
  refuses(finding({ path: '', message: 'm' }), 'axes.security.findings[1].path', /must not be empty/);
  refuses(finding({ path: 'p'.repeat(4_097), message: 'm' }), 'axes.security.findings[1].path', /4097 characters; at most 4096/);
  refuses(finding({ path: 'a', message: 7 }), 'axes.security.findings[1].message', /must be a string \(got a number\)/);
  refuses(finding({ path: 'a', message: 'm'.repeat(4_001) }), 'axes.security.findings[1].message', /at most 4000/);
  refuses(finding({ path: 'a', message: 'm', line: 0 }), 'axes.security.findings[1].line', /whole number of 1 or more \(got 0\)/);
  refuses(finding({ path: 'a', message: 'm', line: 1.5 }), 'axes.security.findings[1].line', /got 1.5/);
  refuses(finding({ path: 'a', message: 'm', line: '3' }), 'axes.security.findings[1].line', /got "3"/);
  refuses(finding({ path: 'a', message: 'm', severity: 'high' }), 'axes.security.findings[1].severity', /must be one of breaking, .*concern \(got "high"\)/);
  refuses(finding({ path: 'a', message: 'm', id: 12 }), 'axes.security.findings[1].id', /must be a string/);
  refuses(finding({ path: 'a', message: 'm', column: 3 }), 'axes.security.findings[1].column', /unknown key \(known: path, line, message, severity, id\)/);
  const many = Array.from({ length: FINALIZE_LIMITS.findingsPerAxis + 1 }, () => ({ path: 'a', message: 'm' }));
  refuses(withAxis('testGap', { state: 'warn', findings: many }), 'axes.testGap.findings', /has 1001 findings; at most 1000 per axis/);
  const most = validateFinalize(withAxis('testGap', { state: 'warn', findings: many.slice(1) }));
  assert.equal(most.ok && most.axes.testGap.findings.length, 1_000);
});

test('the summary is an optional string of at most 64 KiB (UTF-8 bytes)', () => {
  refuses({ ...good(), summary: 42 }, 'summary', /must be a string of markdown \(got a number\)/);
  refuses({ ...good(), summary: 'é'.repeat(32 * 1024 + 1) }, 'summary', /is 65538 bytes; at most 65536/);
  const result = validateFinalize({ ...good(), summary: 'a'.repeat(64 * 1024) });
  assert.equal(result.ok && result.summary?.length, 64 * 1024);
});

test('the first problem is reported, in a fixed order: correctness before security before testGap', () => {
  const raw = good();
  const axes = raw['axes'] as Record<string, unknown>;
  axes['correctness'] = { state: 'bad' };
  axes['testGap'] = { state: 'bad' };
  refuses(raw, 'axes.correctness.state', /must be one of/);
});
