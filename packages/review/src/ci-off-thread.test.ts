/**
 * Tests of ciSignalsOffThread: a JUnit report over the inline limit is read in a worker thread
 * with the answer ciSignals gives inline.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ciSignals } from './ci/index.js';
import { ciSignalsOffThread } from './ci-off-thread.js';

test('a large JUnit report is read off the thread with the inline answer', async () => {
  const cases = Array.from({ length: 12_000 }, (_, index) => `<testcase classname="tests.test_app" name="test_case_${index}" time="0.001"/>`);
  const xml = `<testsuites><testsuite name="pytest">${cases.join('')}<testcase classname="tests.test_app" name="test_login"><failure message="no"/></testcase></testsuite></testsuites>`;
  assert.ok(xml.length > 512 * 1024);
  const tests = [{ id: 'tests/test_app.py#test_login', path: 'tests/test_app.py', name: 'test_login', qualifiedName: 'test_login', kind: 'function' as const, language: 'python' as const }];
  const results = { junit: [{ source: 'junit.xml', xml }] };
  const offThread = await ciSignalsOffThread(tests, results);
  assert.deepEqual(offThread, ciSignals(tests, results));
  assert.equal(offThread.tests[0]!.state, 'failed');
});
