// Direct assertions on the Python walker's flow rules (packages/extract/src/python/flow.ts): which
// conditions jedi evaluates statically, the status of an `else` after its tests, and whether a
// binding is seen from a use; plus values that mention themselves (`x = f(x)`, `node =
// node.parent` in a loop) extracting without a failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractFile } from '@repograph/extract/in-process';
import { REACHABLE, UNREACHABLE, UNSURE, conditionStatus, elseStatus, reachability } from '../../packages/extract/dist/python/flow.js';

const encode = (text) => new TextEncoder().encode(text);

test('conditions jedi evaluates, and the rest', () => {
  assert.equal(conditionStatus('True'), REACHABLE);
  assert.equal(conditionStatus('0'), UNREACHABLE);
  assert.equal(conditionStatus('TYPE_CHECKING'), REACHABLE);
  assert.equal(conditionStatus('t.TYPE_CHECKING'), REACHABLE);
  assert.equal(conditionStatus('not TYPE_CHECKING'), UNREACHABLE);
  assert.equal(conditionStatus('sys.version_info >= (3, 8)'), REACHABLE);
  assert.equal(conditionStatus('sys.version_info < (3,)'), UNREACHABLE);
  assert.equal(conditionStatus('(sys.version_info >= (3, 8)) and TYPE_CHECKING'), REACHABLE);
  assert.equal(conditionStatus('sys.version_info >= (3, 8) and WIN'), UNSURE);
  assert.equal(conditionStatus('False or WIN'), UNSURE);
  assert.equal(conditionStatus('sys.version_info[0] >= 3'), UNSURE, 'jedi does not evaluate a subscript of version_info');
  assert.equal(conditionStatus('sys.platform == "win32"'), UNSURE);
  assert.equal(conditionStatus('FLAG'), UNSURE);
});

test('an else runs when every test before it is unreachable, and is unsure after an unsure one', () => {
  assert.equal(elseStatus([UNREACHABLE, UNREACHABLE]), REACHABLE);
  assert.equal(elseStatus([UNREACHABLE, REACHABLE]), UNREACHABLE);
  assert.equal(elseStatus([UNSURE, REACHABLE]), UNSURE);
});

test('a binding in another branch of the same if is not seen; one in an enclosing branch is', () => {
  const scope = {};
  const ifElse = { node: 10, kind: 'if', status: UNSURE, parent: null, scope };
  const inIf = { ...ifElse, keyword: 'if' };
  const inElse = { ...ifElse, keyword: 'else' };
  assert.equal(reachability([inIf], [inElse], inElse), UNREACHABLE);
  assert.equal(reachability([inIf], [inIf], inIf), REACHABLE);
  assert.equal(reachability([inIf], null, null), UNSURE, 'from another file: the branch may run');
  assert.equal(reachability([], [], null), REACHABLE, 'a binding outside any branch');
  const tried = { node: 20, kind: 'try', status: UNSURE, parent: null, scope };
  assert.equal(reachability([{ ...tried, keyword: 'except' }], [{ ...tried, keyword: 'else' }], { ...tried, keyword: 'else' }), UNREACHABLE);
});

test('values that mention the name they are assigned to extract without a failure', () => {
  const source = [
    'def walk(node, f):',
    '    x = f(x)',
    '    while node:',
    '        node = node.parent',
    '        other = node.child',
    '        node = other.up',
    '    items = []',
    '    items.append(items)',
    '    return node',
    '',
  ].join('\n');
  const facts = extractFile('cycles.py', encode(source));
  assert.ok(!facts.diagnostics.some((d) => d.code === 'extractor_failure'), JSON.stringify(facts.diagnostics));
  assert.ok(facts.declarations.some((d) => d.qualifiedName === 'walk'));
});
