// The syntax tier's binder (packages/graph/src/syntax/): names bind within one language only, to
// the one candidate the file's imports or package make visible (`exact`), else to the only
// declaration of that name in the language (`heuristic`), else nowhere.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindFiles, callAt } from '../helpers/bind.mjs';

test('a unique name binds heuristically across files of one language', () => {
  const relations = bindFiles({
    'lib/format.rb': 'def render_table(rows)\n  rows.join("\\n")\nend\n',
    'app/main.rb': 'def main\n  render_table([1, 2])\nend\n',
  });
  assert.deepEqual(callAt(relations, 'app/main.rb', 2, 'render_table'), { to: 'lib/format.rb#render_table', confidence: 'heuristic' });
});

test('an import that names one candidate binds it exactly; two unrelated ones stay unresolved', () => {
  const relations = bindFiles({
    'src/codec.rs': 'pub fn encode(x: u8) -> u8 { x }\n',
    'src/other.rs': 'pub fn encode(x: u8) -> u8 { x + 1 }\n',
    'src/store.rs': 'use crate::codec::encode;\npub fn put() { encode(1); }\n',
    'src/lonely.rs': 'pub fn go() { encode(2); }\n',
  });
  assert.deepEqual(callAt(relations, 'src/store.rs', 2, 'encode'), { to: 'src/codec.rs#encode', confidence: 'exact' });
  assert.equal(callAt(relations, 'src/lonely.rs', 1, 'encode')?.to, null);
});

test('an include makes a C header\'s function visible; a same-file definition wins', () => {
  const relations = bindFiles({
    'src/ring.h': 'int ring_push(int x);\n',
    'src/ring.c': '#include "ring.h"\nint ring_push(int x) { return x; }\nint use(void) { return ring_push(1); }\n',
    'src/app.c': '#include "ring.h"\nint main(void) { return ring_push(2); }\n',
  });
  assert.deepEqual(callAt(relations, 'src/ring.c', 3, 'ring_push'), { to: 'src/ring.c#ring_push', confidence: 'exact' });
  assert.deepEqual(callAt(relations, 'src/app.c', 2, 'ring_push'), { to: 'src/ring.h#ring_push', confidence: 'exact' });
});

test('self receivers reach the enclosing type\'s members', () => {
  const relations = bindFiles({
    'store.rs': 'pub struct Store {}\nimpl Store {\n  pub fn len(&self) -> usize { 0 }\n  pub fn grow(&self) { self.len(); Store::new(); }\n  pub fn new() -> Store { Store {} }\n}\n',
  });
  assert.deepEqual(callAt(relations, 'store.rs', 4, 'len'), { to: 'store.rs#Store.len', confidence: 'typed' });
  assert.deepEqual(callAt(relations, 'store.rs', 4, 'new'), { to: 'store.rs#Store.new', confidence: 'exact' });
});

test('names never bind across languages', () => {
  const relations = bindFiles({
    'tools/build.py': 'def build_all():\n    pass\n',
    'tools/run.rb': 'def run\n  build_all\n  build_all()\nend\n',
    'tools/run.kt': 'fun run() { buildAll(); build_all() }\n',
    'tools/helpers.kt': 'fun buildAll() {}\n',
  });
  assert.equal(callAt(relations, 'tools/run.rb', 3, 'build_all')?.to, null);
  assert.equal(callAt(relations, 'tools/run.kt', 1, 'build_all')?.to, null);
  assert.deepEqual(callAt(relations, 'tools/run.kt', 1, 'buildAll'), { to: 'tools/helpers.kt#buildAll', confidence: 'heuristic' });
});
