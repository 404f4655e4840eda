// The naming rules of test-conventions.ts, language by language, on symbol records alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SymbolKind, SymbolRecord } from '@repograph/core';
import { isTest, isTestPath } from './test-conventions.js';

const at = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
function symbol(path: string, name: string, kind: SymbolKind = 'method'): SymbolRecord {
  return { id: `${path}#${name}`, kind, name, qualifiedName: name, path, range: at, selection: at, exported: true, generated: false };
}

test('Java: every method of a JUnit test file by Surefire and Failsafe naming, or under src/test/java', () => {
  for (const path of [
    'src/test/java/com/acme/shop/CartTest.java',
    'src/test/java/com/acme/shop/CartTests.java',
    'src/test/java/com/acme/shop/TestCart.java',
    'src/test/java/com/acme/shop/CartTestCase.java',
    'src/test/java/com/acme/shop/CartIT.java',
    'src/test/java/com/acme/shop/Fixtures.java',
    'app/src/test/java/com/acme/GradleModuleTest.java',
    'CartTest.java',
    'test/com/acme/CartTest.java',
    'it/com/acme/ITCheckout.java',
    'it/com/acme/CheckoutITCase.java',
  ]) {
    assert.equal(isTest(symbol(path, 'totalSums')), true, path);
    assert.equal(isTestPath(path), true, path);
  }
});

test('Java: not a test outside the conventions, in a main source set, or not a method', () => {
  for (const path of [
    'src/main/java/com/acme/shop/Cart.java',
    'src/main/java/com/acme/shop/TestData.java',
    'src/main/java/com/acme/shop/CartTest.java',
    'lib/src/main/java/com/acme/Testing.java',
    'src/com/acme/Latest.java',
    'src/com/acme/Audit.java',
    'src/com/acme/Contest.java',
    'src/com/acme/Itinerary.java',
  ]) {
    assert.equal(isTest(symbol(path, 'totalSums')), false, path);
    assert.equal(isTestPath(path), false, path);
  }
  const file = 'src/test/java/com/acme/shop/CartTest.java';
  assert.equal(isTest(symbol(file, 'CartTest', 'class')), false, 'the class is not a test');
  assert.equal(isTest(symbol(file, 'CartTest', 'constructor')), false, 'nor its constructor');
  assert.equal(isTest(symbol(file, 'FIXTURE', 'constant')), false, 'nor a field');
});

test('the other languages keep their rules', () => {
  assert.equal(isTest(symbol('pkg/x_test.go', 'TestParse', 'function')), true);
  assert.equal(isTest(symbol('pkg/x_test.go', 'Testify', 'function')), false);
  assert.equal(isTest(symbol('pkg/x.go', 'TestParse', 'function')), false);
  assert.equal(isTest(symbol('tests/test_api.py', 'test_get', 'function')), true);
  assert.equal(isTest(symbol('app/api.py', 'test_get', 'function')), false);
  assert.equal(isTest(symbol('src/a.test.ts', 'src/a.test.ts', 'file')), true);
  assert.equal(isTest(symbol('src/a.ts', 'src/a.ts', 'file')), false);
});
