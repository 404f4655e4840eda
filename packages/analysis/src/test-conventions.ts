/**
 * Which symbols are tests, by each language's convention. Owns the naming rules only:
 *   - Go: `Test`, `Fuzz` and `Example` functions (followed by an upper-case letter, a digit, an
 *     underscore or nothing) in `_test.go` files, as `go test` runs them;
 *   - Python: functions and methods named `test` or `test_*` (and unittest's `testSomething`) in
 *     files named `test_*.py` or `*_test.py`, or under a `tests/` folder;
 *   - TypeScript/JavaScript: the file symbol of `*.test.*` and `*.spec.*` files (and files under
 *     `__tests__/`), since their module-level `describe`/`it`/`test` blocks are sited on the file.
 */
import type { SymbolRecord } from '@repograph/core';
import { isFunctionKind } from './symbol-facts.js';

const JS_TEST_FILE = /\.(test|spec)\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const JS_SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const PYTHON_TEST_FILE = /(^|\/)(test_[^/]*|[^/]*_test)\.py$/;
const PYTHON_TEST_NAME = /^test($|_|[A-Z0-9])/;
const GO_TEST_NAME = /^(Test|Fuzz|Example)($|[A-Z0-9_])/;

/** True when the symbol is a test its language's runner would run. */
export function isTest(symbol: SymbolRecord): boolean {
  const path = symbol.path;
  if (symbol.kind === 'file') return isJsTestFile(path);
  if (!isFunctionKind(symbol.kind)) return false;
  if (path.endsWith('_test.go')) return symbol.kind === 'function' && GO_TEST_NAME.test(symbol.name);
  if (path.endsWith('.py')) return isPythonTestFile(path) && PYTHON_TEST_NAME.test(symbol.name);
  return false;
}

function isJsTestFile(path: string): boolean {
  return JS_TEST_FILE.test(path) || (JS_SOURCE.test(path) && /(^|\/)__tests__\//.test(path));
}

function isPythonTestFile(path: string): boolean {
  return PYTHON_TEST_FILE.test(path) || /(^|\/)tests\//.test(path);
}
