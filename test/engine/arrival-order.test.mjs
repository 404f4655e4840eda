// Order independence through the live engine (invariant 1): three files that import, call and
// extend one another arrive in every one of the six orders, one refresh per arrival, and in one
// batch; every run ends with one digest, equal to a fresh build's. Run under both presets: the
// analysis preset's bridges depend on files arriving later (a local becomes a bridge only when
// the second core end exists), so its selection must not depend on the order either.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { withBuiltTree } from '../helpers/engine.mjs';

const arriving = {
  'src/a.ts': [
    "import { Shape } from './b';",
    "import { measure } from './c';",
    'export class Square extends Shape {',
    '  side = 2;',
    '  area(): number {',
    '    const helper = (n: number) => measure(n);',
    '    return helper(this.side);',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/b.ts': [
    "import { measure } from './c';",
    'export class Shape {',
    '  unit: Unit = { scale: 1 };',
    '  area(): number {',
    '    return measure(0);',
    '  }',
    '}',
    'export interface Unit {',
    '  scale: number;',
    '}',
    '',
  ].join('\n'),
  'src/c.ts': [
    "import type { Unit } from './b';",
    'export function measure(value: number): number {',
    '  const scaled = (unit: Unit) => value * unit.scale;',
    '  return scaled({ scale: 2 });',
    '}',
    '',
  ].join('\n'),
};

const base = {
  'package.json': '{"name": "arrival", "version": "1.0.0"}\n',
  'src/index.ts': "export const version = '1';\n",
};

function permutations(items) {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

const policyOf = (preset) => (preset === 'full' ? {} : { '.repograph.json': JSON.stringify({ preset }) });

/** Builds the base tree, then lets the files arrive in `order` (batches of paths). */
function digestAfter(preset, batches) {
  return withBuiltTree({ ...base, ...policyOf(preset) }, async (repository, built, root) => {
    let result = built;
    for (const batch of batches) {
      for (const path of batch) writeFileSync(join(root, path), arriving[path]);
      result = await repository.refresh('default', { paths: batch });
    }
    return result;
  });
}

/** A fresh build of the whole tree. */
function freshBuild(preset) {
  return withBuiltTree({ ...base, ...policyOf(preset), ...arriving }, (_repository, built) => built);
}

for (const preset of ['full', 'analysis']) {
  describe(`arrival order under the ${preset} preset`, () => {
    test('every permutation of three files, and one batch, gives the fresh build\'s digest', async () => {
      const fresh = await freshBuild(preset);
      assert.equal(fresh.report.selection.preset, preset);
      if (preset === 'analysis') assert.ok(fresh.report.selection.bridges > 0, 'the files hold bridges');
      const orders = permutations(Object.keys(arriving));
      assert.equal(orders.length, 6);
      for (const order of orders) {
        const result = await digestAfter(preset, order.map((path) => [path]));
        assert.equal(result.digest, fresh.digest, `order ${order.join(', ')}`);
      }
      const batched = await digestAfter(preset, [Object.keys(arriving)]);
      assert.equal(batched.digest, fresh.digest, 'one batch');
    });
  });
}
