/**
 * Which symbols are tests, by each language's convention. Owns the naming rules only:
 *   - Go: `Test`, `Fuzz` and `Example` functions (followed by an upper-case letter, a digit, an
 *     underscore or nothing) in `_test.go` files, as `go test` runs them;
 *   - Python: functions and methods named `test` or `test_*` (and unittest's `testSomething`) in
 *     files named `test_*.py` or `*_test.py`, or under a `tests/` folder;
 *   - TypeScript/JavaScript: the file symbol of `*.test.*` and `*.spec.*` files (and files under
 *     `__tests__/`), since their module-level `describe`/`it`/`test` blocks are sited on the file;
 *   - Java (JUnit 4/5, whose `@Test` the symbol does not carry): every method of a JUnit test file
 *     (`*Test.java`, `*Tests.java`, `Test*.java`, `*TestCase.java`, and Failsafe's `*IT.java`,
 *     `IT*.java`, `*ITCase.java`, or any file under a Maven or Gradle `src/test/java/` root), as
 *     Surefire and Failsafe pick test classes by those names; never a file of a `src/main/` source
 *     set (Surefire looks for tests only among the test sources), whatever its name.
 */
import type { SymbolRecord } from '@repograph/core';
import { isFunctionKind } from './symbol-facts.js';

const JS_TEST_FILE = /\.(test|spec)\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const JS_SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const PYTHON_TEST_FILE = /(^|\/)(test_[^/]*|[^/]*_test)\.py$/;
const PYTHON_TEST_NAME = /^test($|_|[A-Z0-9])/;
const GO_TEST_NAME = /^(Test|Fuzz|Example)($|[A-Z0-9_])/;
const JAVA_TEST_FILE = /(^|\/)(src\/test\/java\/.*\.java|[^/]*(Tests?|TestCase|IT|ITCase)\.java|Test[^/]*\.java|IT[A-Z0-9_][^/]*\.java)$/;
/** A Maven/Gradle main source set: what is in it ships, whatever its name (`TestData.java`). */
const JAVA_MAIN_ROOT = /(^|\/)src\/main\//;

/** True when the symbol is a test its language's runner would run. */
export function isTest(symbol: SymbolRecord): boolean {
  const path = symbol.path;
  if (symbol.kind === 'file') return isJsTestFile(path) || isSyntaxTierBlockTestFile(path);
  if (!isFunctionKind(symbol.kind)) return false;
  if (isSyntaxTierTest(path, symbol.name, symbol.qualifiedName)) return true;
  if (path.endsWith('_test.go')) return symbol.kind === 'function' && GO_TEST_NAME.test(symbol.name);
  if (path.endsWith('.py')) return isPythonTestFile(path) && PYTHON_TEST_NAME.test(symbol.name);
  if (path.endsWith('.java')) return symbol.kind === 'method' && isJavaTestFile(path);
  return false;
}

/**
 * True when a file is a test file by its language's convention (the file half of the rules above:
 * `_test.go`; `test_*.py`, `*_test.py` or a `.py` under `tests/`; JS/TS test files), whether or
 * not it holds a test. repo.summarize reports where these files are.
 */
export function isTestPath(path: string): boolean {
  return path.endsWith('_test.go') || (path.endsWith('.py') && isPythonTestFile(path)) || isJsTestFile(path) || isJavaTestFile(path) ||
    isSyntaxTierBlockTestFile(path) || SYNTAX_TEST_FILE.test(path) || RUST_TEST_DIR.test(path);
}

function isJsTestFile(path: string): boolean {
  return JS_TEST_FILE.test(path) || (JS_SOURCE.test(path) && /(^|\/)__tests__\//.test(path));
}

function isJavaTestFile(path: string): boolean {
  return JAVA_TEST_FILE.test(path) && !JAVA_MAIN_ROOT.test(path);
}

function isPythonTestFile(path: string): boolean {
  return PYTHON_TEST_FILE.test(path) || /(^|\/)tests\//.test(path);
}

/*
 * The syntax tier's conventions, read from paths and names only (the tier has no attributes):
 *   - Rust: functions under a crate's `tests/` folder, and those of a `mod tests` (where
 *     `#[cfg(test)]` puts `#[test]` functions by convention) or named `test_*`;
 *   - Ruby minitest: `test_*` methods in `test_*.rb`/`*_test.rb`; RSpec `_spec.rb`, Dart `_test.dart`,
 *     Lua busted `_spec.lua` and R testthat `test-*.R` files hold blocks sited on the file symbol;
 *   - PHPUnit and XCTest: `test*` methods of `*Test.php` and `*Tests.swift`/`*Test.swift` files;
 *   - JUnit-style Kotlin and Scala, and C# (xUnit/NUnit): every function of `*Test(s)`/`*Spec` files.
 */
const RUST_TEST_DIR = /(^|\/)tests\/[^/]*\.rs$|(^|\/)tests\/.*\.rs$/;
const RUBY_TEST_FILE = /(^|\/)(test_[^/]*|[^/]*_test)\.rb$/;
const BLOCK_TEST_FILE = /(_spec\.rb|_test\.dart|_spec\.lua)$|(^|\/)test-[^/]*\.[rR]$/;
const SYNTAX_TEST_FILE = /(Tests?|Spec)\.(kt|scala|cs|swift|php)$|(^|\/)(test_[^/]*|[^/]*_test)\.rb$/;

function isSyntaxTierBlockTestFile(path: string): boolean {
  return BLOCK_TEST_FILE.test(path);
}

function isSyntaxTierTest(path: string, name: string, qualifiedName: string): boolean {
  if (path.endsWith('.rs')) return RUST_TEST_DIR.test(path) || /(^|\.)tests\./.test(qualifiedName) || name.startsWith('test_');
  if (path.endsWith('.rb')) return RUBY_TEST_FILE.test(path) && name.startsWith('test_');
  if (/Tests?\.(swift|php)$/.test(path)) return /^test/.test(name);
  return /(Tests?|Spec)\.(kt|scala|cs)$/.test(path);
}
