// The wire twins are checked by the compiler (wire-twins.ts); this test checks the values that
// exist at run time: protocol's kind and code lists hold core's names in core's order, its axis
// list review's axes in review's order, and every assertion of wire-twins.ts compiled to `true`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DIAGNOSTIC_CODES, RELATION_KINDS, SYMBOL_KINDS } from '@repograph/core';
import { AXIS_NAMES, WIRE_DIAGNOSTIC_CODES, WIRE_RELATION_KINDS, WIRE_SYMBOL_KINDS } from '@repograph/protocol';
import { AXES } from '@repograph/review';
import * as twins from './wire-twins.js';

test('protocol lists the kinds and diagnostic codes core declares, and the axes review declares, in their order', () => {
  assert.deepEqual([...WIRE_SYMBOL_KINDS], [...SYMBOL_KINDS]);
  assert.deepEqual([...AXIS_NAMES], [...AXES]);
  assert.deepEqual([...WIRE_RELATION_KINDS], [...RELATION_KINDS]);
  assert.deepEqual([...WIRE_DIAGNOSTIC_CODES], [...DIAGNOSTIC_CODES]);
});

test('every wire twin assertion holds', () => {
  const assertions = Object.entries(twins);
  assert.ok(assertions.length >= 30, `${assertions.length} assertions`);
  for (const [name, value] of assertions) assert.equal(value, true, name);
});
