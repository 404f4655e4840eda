import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JUNIT_MAX_BYTES, parseJUnit } from './junit.js';
import { GO_JUNIT_REPORT, JEST_JUNIT, NESTED, PYTEST, SUREFIRE, VITEST } from './junit-samples.js';

/** Each case as `suite|classname|name|state`, for compact comparison. */
function lines(xml: string): string[] {
  const parsed = parseJUnit(xml, 'report.xml');
  assert.deepEqual(parsed.diagnostics, []);
  return parsed.cases.map((c) => `${c.suite}|${c.classname}|${c.name}|${c.state}`);
}

test('a bare surefire testsuite: error counts as failed, a flaky rerun as passed', () => {
  assert.deepEqual(lines(SUREFIRE), [
    'com.acme.CartTest|com.acme.CartTest|addsItem|passed',
    'com.acme.CartTest|com.acme.CartTest|removesItem|failed',
    'com.acme.CartTest|com.acme.CartTest|checksOut|failed',
    'com.acme.CartTest|com.acme.CartTest|refunds|skipped',
    'com.acme.CartTest|com.acme.CartTest|flaky|passed',
  ]);
  const [addsItem, removesItem] = parseJUnit(SUREFIRE, 'surefire').cases;
  assert.equal(addsItem?.durationMs, 1_234_500);
  assert.equal(removesItem?.durationMs, 2);
});

test('pytest: dotted classnames, parameters kept in the name, entities decoded', () => {
  assert.deepEqual(lines(PYTEST), [
    'pytest|tests.test_parser|test_parses_empty|passed',
    'pytest|tests.test_parser.TestTokens|test_splits|failed',
    'pytest|tests.test_parser|test_round_trip[1]|passed',
    'pytest|tests.test_parser|test_round_trip[x-y]|skipped',
    'pytest|tests.test_parser|test_fixture_error|failed',
    'pytest|tests.test_parser|test_later|skipped',
    "pytest|tests.test_parser|test_quote[it's]|passed",
  ]);
});

test('go-junit-report: one suite per package, subtests as their own cases', () => {
  const parsed = lines(GO_JUNIT_REPORT);
  assert.equal(parsed.length, 6);
  assert.equal(parsed[3], 'github.com/acme/widgets/internal/store|github.com/acme/widgets/internal/store|TestQuery/unicode_keys|failed');
  assert.equal(parsed[4]?.endsWith('|TestSkipOnCI|skipped'), true);
});

test('jest-junit and vitest: file attributes kept, names with entities decoded', () => {
  const jest = parseJUnit(JEST_JUNIT, 'jest');
  assert.deepEqual(jest.diagnostics, []);
  assert.equal(jest.cases.length, 7);
  assert.deepEqual(jest.cases.map((c) => c.file), [
    'src/math/add.test.ts', 'src/math/add.test.ts', 'src/math/add.test.ts',
    'src/math/div.test.ts', 'src/math/div.test.ts', 'src/legacy.test.ts', 'src/legacy.test.ts',
  ]);
  assert.deepEqual(lines(VITEST), [
    'test/util.spec.ts|test/util.spec.ts|util > trims|passed',
    'test/util.spec.ts|test/util.spec.ts|util > pads|passed',
  ]);
});

test('nested testsuites: the nearest named suite and the nearest file are inherited', () => {
  const parsed = parseJUnit(NESTED, 'nested');
  assert.deepEqual(parsed.diagnostics, []);
  assert.deepEqual(parsed.cases.map((c) => `${c.suite}|${c.name}|${c.file ?? '-'}`), [
    'outer|direct|spec/outer.spec.js',
    'inner|works|spec/outer.spec.js',
    'outer|inherits the outer name|spec/other.spec.js',
  ]);
});

test('malformed XML gives one diagnostic naming the source and no cases, never a throw', () => {
  const samples = [
    '<testsuite name="a"><testcase name="x"></testsuite>',
    '<testsuite name="a"',
    'Tests passed!',
    '',
    '<testsuite name="a"></testsuite><testsuite name="b"></testsuite>',
  ];
  for (const xml of samples) {
    const parsed = parseJUnit(xml, 'artifacts/junit.xml');
    assert.deepEqual(parsed.cases, [], xml);
    assert.equal(parsed.diagnostics.length, 1, xml);
    assert.match(parsed.diagnostics[0]!, /^artifacts\/junit\.xml: malformed JUnit XML at line \d+/, xml);
  }
  const truncated = parseJUnit(PYTEST.slice(0, 400), 'cut.xml');
  assert.deepEqual(truncated.cases, []);
  assert.match(truncated.diagnostics[0]!, /^cut\.xml: malformed JUnit XML/);
});

test('well-formed XML that is not a JUnit report is said to be so', () => {
  const parsed = parseJUnit('<html><body>502 Bad Gateway</body></html>', 'ci-log');
  assert.deepEqual(parsed.cases, []);
  assert.deepEqual(parsed.diagnostics, ['ci-log: not a JUnit report: the root is <html>, not <testsuites> or <testsuite>']);
});

test('a document over the size limit is refused unread', () => {
  const huge = '<testsuites>' + ' '.repeat(JUNIT_MAX_BYTES) + '</testsuites>';
  const parsed = parseJUnit(huge, 'big.xml');
  assert.deepEqual(parsed.cases, []);
  assert.match(parsed.diagnostics[0]!, /^big\.xml: JUnit XML is \d+ bytes, over the \d+-byte limit; not read$/);
});

test('external entities are refused and internal ones bounded', () => {
  const external = '<?xml version="1.0"?><!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]>' +
    '<testsuite name="&x;"><testcase name="a"/></testsuite>';
  const refused = parseJUnit(external, 'xxe.xml');
  assert.deepEqual(refused.cases, []);
  assert.match(refused.diagnostics[0]!, /^xxe\.xml: JUnit XML could not be read: .*External entities/);

  const bomb = `<!DOCTYPE t [<!ENTITY a "${'a'.repeat(1000)}">]><testsuite name="s"><testcase name="x">` +
    '&a;'.repeat(200) + '</testcase></testsuite>';
  const bounded = parseJUnit(bomb, 'bomb.xml');
  assert.deepEqual(bounded.cases, []);
  assert.match(bounded.diagnostics[0]!, /^bomb\.xml: JUnit XML could not be read: .*limit exceeded/);
});

test('unnamed cases are counted, an empty report is said to be empty', () => {
  const unnamed = parseJUnit('<testsuite name="s"><testcase classname="c"/><testcase name="ok"/></testsuite>', 'u.xml');
  assert.equal(unnamed.cases.length, 1);
  assert.deepEqual(unnamed.diagnostics, ['u.xml: 1 <testcase> elements without a name were ignored']);
  const empty = parseJUnit('<?xml version="1.0"?>\n<testsuites tests="0"/>', 'e.xml');
  assert.deepEqual(empty, { cases: [], diagnostics: ['e.xml: the JUnit report holds no <testcase> elements'] });
});

test('a byte-order mark and missing optional attributes are fine', () => {
  const parsed = parseJUnit('\uFEFF<testsuite><testcase name="only" time="abc"/></testsuite>', 'bom.xml');
  assert.deepEqual(parsed, { cases: [{ suite: '', classname: '', name: 'only', state: 'passed' }], diagnostics: [] });
});
