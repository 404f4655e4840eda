import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GitignoreRules, GitignoreStack } from './gitignore.js';

test('gitignore patterns: names, anchors, directories, globs, negation', () => {
  const rules = new GitignoreRules('', '# comment\n*.log\n/build-out\ncache/\nsrc/**/gen.ts\n!keep.log\n');
  assert.equal(rules.match('a.log', false), true);
  assert.equal(rules.match('deep/b.log', false), true);
  assert.equal(rules.match('keep.log', false), false);
  assert.equal(rules.match('build-out', true), true);
  assert.equal(rules.match('sub/build-out', true), null);
  assert.equal(rules.match('cache', true), true);
  assert.equal(rules.match('cache', false), null);
  assert.equal(rules.match('src/x/y/gen.ts', false), true);
  assert.equal(rules.match('src/gen.ts', false), true);
  assert.equal(rules.match('main.ts', false), null);
});

test('a deeper .gitignore overrides a shallower one', () => {
  const stack = new GitignoreStack();
  stack.push(new GitignoreRules('', '*.gen.ts\n'));
  stack.push(new GitignoreRules('pkg', '!*.gen.ts\n'));
  assert.equal(stack.ignores('a.gen.ts', false), true);
  assert.equal(stack.ignores('pkg/a.gen.ts', false), false);
});
