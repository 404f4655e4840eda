// The wire twins are checked by the compiler (wire-twins.ts); this test checks the values that
// exist at run time: protocol's kind and code lists hold core's names in core's order, and every
// assertion of wire-twins.ts compiled to `true`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DIAGNOSTIC_CODES, RELATION_KINDS, SYMBOL_KINDS } from '@repograph/core';
import { WIRE_DIAGNOSTIC_CODES, WIRE_RELATION_KINDS, WIRE_SYMBOL_KINDS } from '@repograph/protocol';
import * as twins from './wire-twins.js';

test('protocol lists the kinds and diagnostic codes core declares, in its order', () => {
  assert.deepEqual([...WIRE_SYMBOL_KINDS], [...SYMBOL_KINDS]);
  assert.deepEqual([...WIRE_RELATION_KINDS], [...RELATION_KINDS]);
  assert.deepEqual([...WIRE_DIAGNOSTIC_CODES], [...DIAGNOSTIC_CODES]);
});

test('every wire twin assertion holds', () => {
  const assertions = Object.entries(twins);
  assert.ok(assertions.length >= 30, `${assertions.length} assertions`);
  for (const [name, value] of assertions) assert.equal(value, true, name);
});
