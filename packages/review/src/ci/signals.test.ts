import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ciSignals } from './signals.js';
import type { CiResults, TestRef } from './shapes.js';
import { GO_JUNIT_REPORT, GO_JUNIT_REPORT_V1, JEST_JUNIT, PYTEST, VITEST } from './junit-samples.js';

function goTest(path: string, name: string): TestRef {
  return { id: `${path}#${name}`, path, name, qualifiedName: name, kind: 'function', language: 'go' };
}

function pyTest(path: string, qualifiedName: string): TestRef {
  const name = qualifiedName.slice(qualifiedName.lastIndexOf('.') + 1);
  const kind = qualifiedName.includes('.') ? 'method' : 'function';
  return { id: `${path}#${qualifiedName}`, path, name, qualifiedName, kind, language: 'python' };
}

function fileTest(path: string): TestRef {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return { id: path, path, name, qualifiedName: name, kind: 'file', language: 'typescript' };
}

/** Each test as `id=state`, and the diagnostics. */
function states(tests: TestRef[], results: CiResults | undefined): { states: string[]; diagnostics: string[] } {
  const signals = ciSignals(tests, results);
  return { states: signals.tests.map((t) => `${t.id}=${t.state}`), diagnostics: signals.diagnostics };
}

test('Go: cases pair by name and package path, subtests roll up into their test', () => {
  const tests = [
    goTest('internal/store/store_test.go', 'TestOpen'),
    goTest('internal/store/store_test.go', 'TestQuery'),
    goTest('internal/store/store_test.go', 'TestSkipOnCI'),
    goTest('internal/cache/cache_test.go', 'TestOpen'),
    goTest('internal/cache/cache_test.go', 'TestEvict'),
    goTest('version_test.go', 'TestVersion'),
  ];
  const results = { junit: [{ source: 'go.xml', xml: GO_JUNIT_REPORT }, { source: 'go-v1.xml', xml: GO_JUNIT_REPORT_V1 }] };
  assert.deepEqual(states(tests, results), {
    states: [
      'internal/cache/cache_test.go#TestEvict=passed',
      'internal/cache/cache_test.go#TestOpen=not_run',
      'internal/store/store_test.go#TestOpen=passed',
      'internal/store/store_test.go#TestQuery=failed',
      'internal/store/store_test.go#TestSkipOnCI=skipped',
      'version_test.go#TestVersion=passed',
    ],
    diagnostics: [],
  });
  const query = ciSignals(tests, results).tests.find((t) => t.name === 'TestQuery');
  assert.equal(query?.cases, 3);
  assert.deepEqual(query?.evidence, {
    source: 'go.xml',
    suite: 'github.com/acme/widgets/internal/store',
    classname: 'github.com/acme/widgets/internal/store',
    name: 'TestQuery/unicode_keys',
  });
});

test('Python: dotted module and class, parameters roll up, an error is a failure', () => {
  const path = 'python/tests/test_parser.py';
  const tests = [
    pyTest(path, 'test_parses_empty'),
    pyTest(path, 'TestTokens.test_splits'),
    pyTest(path, 'test_round_trip'),
    pyTest(path, 'test_fixture_error'),
    pyTest(path, 'test_later'),
    pyTest(path, 'test_quote'),
    pyTest(path, 'test_never_reported'),
    pyTest('python/tests/test_other.py', 'test_parses_empty'),
  ];
  assert.deepEqual(states(tests, { junit: [{ source: 'pytest.xml', xml: PYTEST }] }), {
    states: [
      'python/tests/test_other.py#test_parses_empty=not_run',
      `${path}#TestTokens.test_splits=failed`,
      `${path}#test_fixture_error=failed`,
      `${path}#test_later=skipped`,
      `${path}#test_never_reported=not_run`,
      `${path}#test_parses_empty=passed`,
      `${path}#test_quote=passed`,
      `${path}#test_round_trip=passed`,
    ],
    diagnostics: [],
  });
});

test('Python: a module function does not take a class method\'s case, nor the reverse', () => {
  const tests = [pyTest('tests/test_parser.py', 'test_splits'), pyTest('tests/test_parser.py', 'TestOther.test_parses_empty')];
  assert.deepEqual(states(tests, { junit: [{ source: 'p', xml: PYTEST }] }).states, [
    'tests/test_parser.py#TestOther.test_parses_empty=not_run',
    'tests/test_parser.py#test_splits=not_run',
  ]);
});

test('JS/TS: a test file rolls up its cases, paired by file attribute or suite name', () => {
  const tests = [
    fileTest('packages/app/src/math/add.test.ts'),
    fileTest('packages/app/src/math/div.test.ts'),
    fileTest('packages/app/src/legacy.test.ts'),
    fileTest('packages/app/src/untouched.test.ts'),
    fileTest('test/util.spec.ts'),
  ];
  const results = { junit: [{ source: 'jest.xml', xml: JEST_JUNIT }, { source: 'vitest.xml', xml: VITEST }] };
  assert.deepEqual(states(tests, results), {
    states: [
      'packages/app/src/legacy.test.ts=skipped',
      'packages/app/src/math/add.test.ts=passed',
      'packages/app/src/math/div.test.ts=failed',
      'packages/app/src/untouched.test.ts=not_run',
      'test/util.spec.ts=passed',
    ],
    diagnostics: [],
  });
  const add = ciSignals(tests, results).tests.find((t) => t.id.endsWith('add.test.ts'));
  assert.equal(add?.cases, 3);
});

test('JS/TS: absolute and Windows paths pair; the exact path beats a longer one', () => {
  const xml = `<testsuites><testsuite name="x">
    <testcase classname="a" name="a" file="./src/x.test.ts"/>
    <testcase classname="z" name="z" file="/home/runner/work/app/app/src/z.test.ts:12:3"/>
    <testcase classname="y" name="y" file="C:\\work\\app\\src\\y.test.ts"><failure/></testcase>
  </testsuite></testsuites>`;
  const tests = [fileTest('src/x.test.ts'), fileTest('lib/src/x.test.ts'), fileTest('src/y.test.ts'), fileTest('src/z.test.ts')];
  assert.deepEqual(states(tests, { junit: [{ source: 'j', xml }] }), {
    states: ['lib/src/x.test.ts=not_run', 'src/x.test.ts=passed', 'src/y.test.ts=failed', 'src/z.test.ts=passed'],
    diagnostics: [],
  });
});

test('a case that fits two tests equally counts for neither and is reported', () => {
  const xml = '<testsuite name="src/x.test.ts"><testcase classname="x" name="works"/></testsuite>';
  const tests = [fileTest('packages/a/src/x.test.ts'), fileTest('packages/b/src/x.test.ts')];
  assert.deepEqual(states(tests, { junit: [{ source: 'jest.xml', xml }] }), {
    states: ['packages/a/src/x.test.ts=not_run', 'packages/b/src/x.test.ts=not_run'],
    diagnostics: [
      'jest.xml: case x works fits several tests equally (packages/a/src/x.test.ts, packages/b/src/x.test.ts); counted for none',
    ],
  });
});

test('pending: a test with no case is pending while CI checks are still coming', () => {
  const tests = [goTest('internal/store/store_test.go', 'TestOpen'), goTest('internal/cache/cache_test.go', 'TestOpen')];
  const junit = [{ source: 'go.xml', xml: GO_JUNIT_REPORT }];
  const pending = [{ name: 'test (windows-latest)', state: 'in_progress' as const }];
  assert.deepEqual(states(tests, { junit, pending }).states, [
    'internal/cache/cache_test.go#TestOpen=pending',
    'internal/store/store_test.go#TestOpen=passed',
  ]);
  assert.deepEqual(states(tests, { pending: [{ name: 'ci', state: 'queued' }] }).states, [
    'internal/cache/cache_test.go#TestOpen=pending',
    'internal/store/store_test.go#TestOpen=pending',
  ]);
  assert.deepEqual(states(tests, { junit }).states, [
    'internal/cache/cache_test.go#TestOpen=not_run',
    'internal/store/store_test.go#TestOpen=passed',
  ]);
});

test('no results at all: every test is not_run, without evidence', () => {
  const tests = [fileTest('src/a.test.ts'), pyTest('tests/test_a.py', 'test_a')];
  for (const results of [undefined, {}, { junit: [], pending: [], cases: [] }]) {
    const signals = ciSignals(tests, results);
    assert.deepEqual(signals.diagnostics, []);
    assert.deepEqual(signals.tests, [
      { id: 'src/a.test.ts', path: 'src/a.test.ts', name: 'a.test.ts', state: 'not_run', cases: 0 },
      { id: 'tests/test_a.py#test_a', path: 'tests/test_a.py', name: 'test_a', state: 'not_run', cases: 0 },
    ]);
  }
});

test('per-case states: pending cases make a test pending unless one failed', () => {
  const tests = [pyTest('tests/test_a.py', 'test_a'), pyTest('tests/test_a.py', 'test_b'), pyTest('tests/test_a.py', 'test_c')];
  const results: CiResults = {
    cases: [
      { source: 'checks-api', classname: 'tests.test_a', name: 'test_a[1]', state: 'passed' },
      { source: 'checks-api', classname: 'tests.test_a', name: 'test_a[2]', state: 'pending' },
      { source: 'checks-api', classname: 'tests.test_a', name: 'test_b[1]', state: 'pending' },
      { source: 'checks-api', classname: 'tests.test_a', name: 'test_b[2]', state: 'failed' },
      { source: 'checks-api', classname: 'tests.test_a', name: 'test_c', state: 'skipped' },
    ],
  };
  const signals = ciSignals(tests, results);
  assert.deepEqual(signals.tests.map((t) => `${t.name}=${t.state}`), ['test_a=pending', 'test_b=failed', 'test_c=skipped']);
  assert.deepEqual(signals.tests[1]?.evidence, { source: 'checks-api', suite: '', classname: 'tests.test_a', name: 'test_b[2]' });
});

test('a malformed document is a diagnostic and the other documents still count', () => {
  const tests = [fileTest('test/util.spec.ts'), goTest('version_test.go', 'TestVersion')];
  const results = {
    junit: [
      { source: 'broken.xml', xml: '<testsuites><testsuite name="x">' },
      { source: 'vitest.xml', xml: VITEST },
    ],
  };
  const signals = ciSignals(tests, results);
  assert.deepEqual(signals.tests.map((t) => t.state), ['passed', 'not_run']);
  assert.equal(signals.diagnostics.length, 1);
  assert.match(signals.diagnostics[0]!, /^broken\.xml: malformed JUnit XML/);
});

test('tests are answered once per id, sorted by id, whatever the input order', () => {
  const a = fileTest('src/a.test.ts');
  const b = fileTest('src/b.test.ts');
  const signals = ciSignals([b, a, b], undefined);
  assert.deepEqual(signals.tests.map((t) => t.id), ['src/a.test.ts', 'src/b.test.ts']);
});
