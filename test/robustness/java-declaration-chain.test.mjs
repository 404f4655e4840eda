// A hostile Java file: 3,000 nested classes each extending the next, the last extending a class of
// another file. When that class leaves, which declarations mean something new is one walk over
// the chain (java/signature-names.ts), not a pass per link; the update equals a fresh build.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sessionOf, step } from '../helpers/graph-tree.mjs';

const LINKS = 3000;

test('a chain of 3,000 nested Java classes re-binds once, equal to a fresh build, when the class at its end leaves', () => {
  const nested = Array.from({ length: LINKS }, (_, i) => `  public static class C${i} extends ${i + 1 < LINKS ? `C${i + 1}` : 'Base'} { }`).join('\n');
  const tree = new Map([
    ['src/p/Base.java', 'package p;\n\npublic class Base {\n  public int f() { return 1; }\n}\n'],
    ['src/p/Chain.java', `package p;\n\npublic class Chain {\n${nested}\n  public C0 first() { return new C0(); }\n}\n`],
    ['src/q/User.java', 'package q;\n\nimport p.Chain;\n\npublic class User {\n  public int u() { return new Chain().first().f(); }\n}\n'],
  ]);
  const session = sessionOf(tree);
  const removed = step(session, tree, { remove: ['src/p/Base.java'] }, 'Base leaves');
  assert.ok(removed.rebound.includes('src/q/User.java'), 'first() returns a C0, whose chain no longer reaches Base.f');
});
