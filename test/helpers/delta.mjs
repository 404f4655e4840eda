// Scaffolding for the end-to-end tests of the structural delta (test/delta/): a real git
// repository in the test's temporary folder, the real daemon on it, and edit.apply, whose result
// is the delta of that one edit. Also small helpers to name the sites a delta reports.
import { call } from './daemon.mjs';
import { scope } from './daemon-scope.mjs';

/**
 * A repository with `files` committed and its daemon, indexed. Returns the scope, the repo, the
 * daemon, a client, and apply(edits, extra) -> the edit.apply result.
 */
export async function deltaSession(t, files, name = 'repo') {
  const s = scope(t);
  const repo = s.repo(name, files);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('delta-test');
  await call(client, 'index.status', { sync: true });
  return {
    s, repo, daemon, client,
    apply: (edits, extra = {}) => call(client, 'edit.apply', { edits, ...extra }),
  };
}

/** An edit that replaces text occurring once in `path`. */
export const replace = (path, old, now) => ({ path, replace: { old, new: now } });

/** An edit that sets the whole content of `path`. */
export const write = (path, content) => ({ path, content });

/**
 * The 1-based line and column (UTF-16) of the `occurrence`-th (1-based) `needle` in `text`,
 * with `path`: where a delta names a site.
 */
export function siteOf(path, text, needle, occurrence = 1) {
  let index = -1;
  for (let seen = 0; seen < occurrence; seen++) {
    index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`${path}: '${needle}' occurs fewer than ${occurrence} times`);
  }
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  return { path, line, column: index - before.lastIndexOf('\n') };
}

/** The delta without what differs from run to run (timings, generation, meta). */
export function withoutTimings(delta) {
  const { reingestMs: _r, deltaMs: _d, meta: _m, ...rest } = delta;
  return rest;
}

/** A delta as one line, for assertion messages. */
export const brief = (delta) => JSON.stringify(withoutTimings(delta));

/** A TypeScript function of realistic size (over 15 AST nodes, a loop and branches), for duplicate tests. */
export const TS_SUMMARIZE = [
  'export function summarize(values: number[], limit: number): string {',
  '  let total = 0;',
  '  const parts: string[] = [];',
  '  for (const value of values) {',
  '    if (value < 0) {',
  '      continue;',
  '    }',
  '    total += value;',
  '    if (parts.length < limit) {',
  '      parts.push(String(value));',
  '    }',
  '  }',
  "  return parts.join(', ') + ' = ' + total;",
  '}',
  '',
].join('\n');

/**
 * A small TypeScript project whose one edit of src/lib.ts (RICH_EDIT) puts something in every
 * list of a delta: a rename (greet -> welcome) with a dangling caller, an arity change (pair loses
 * a parameter) and a pasted copy of summarize. A test file reaches summarize.
 */
export const RICH_LIB = [
  'export function greet(name: string): string {',
  '  return `Hello, ${name}!`;',
  '}',
  '',
  'export function pair(left: number, right: number): number {',
  '  return left + right;',
  '}',
  '',
  TS_SUMMARIZE,
].join('\n');

export const RICH_FILES = {
  'src/lib.ts': RICH_LIB,
  'src/use.ts': "import { greet, pair } from './lib.js';\n\nexport function main(): string {\n  return greet('a') + pair(1, 2);\n}\n",
  'src/lib.test.ts': "import { it } from 'node:test';\nimport { summarize } from './lib.js';\n\nit('summarizes', () => {\n  summarize([1, 2], 1);\n});\n",
};

export const RICH_EDIT = RICH_LIB
  .replace('function greet', 'function welcome')
  .replace('pair(left: number, right: number): number {\n  return left + right;', 'pair(left: number): number {\n  return left * 2;')
  .concat('\n', TS_SUMMARIZE.replace('summarize', 'digest'));
