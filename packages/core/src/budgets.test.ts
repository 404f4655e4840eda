import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BudgetMeter, DEFAULT_BUDGETS, parseBudgets } from './budgets.js';
import { isRepographError } from './errors.js';

test('a meter charges up to its limit, then throws BudgetExceeded with used, adding and limit, counting nothing', () => {
  const budgets = parseBudgets({ analysis: { entities: 10 } }, '.repograph.json', []);
  const meter = new BudgetMeter(budgets, 'analysis');
  meter.charge('entities', 6);
  meter.charge('entities', 4);
  assert.throws(() => meter.charge('entities', 1), (error: unknown) => {
    assert.ok(isRepographError(error));
    assert.equal(error.code, 'BudgetExceeded');
    assert.deepEqual(error.data, { stage: 'analysis', unit: 'entities', used: 10, adding: 1, limit: 10 });
    assert.match(error.message, /analysis\.entities is 10 and would grow by 1, over the limit of 10/);
    return true;
  });
  assert.equal(meter.total('entities'), 10);
  meter.charge('relations', DEFAULT_BUDGETS.analysis.relations);
});

test('a per-item check compares one value with the limit without summing', () => {
  const meter = new BudgetMeter(DEFAULT_BUDGETS, 'queries');
  meter.check('depth', DEFAULT_BUDGETS.queries.depth);
  meter.check('depth', DEFAULT_BUDGETS.queries.depth);
  assert.throws(() => meter.check('depth', DEFAULT_BUDGETS.queries.depth + 1), { code: 'BudgetExceeded' });
});

test('parseBudgets keeps defaults for units not given and warns about unknown ones', () => {
  const warnings: string[] = [];
  const budgets = parseBudgets({ queries: { depth: 2, breadth: 3 }, storage: {} }, 'policy.json', warnings);
  assert.equal(budgets.queries.depth, 2);
  assert.equal(budgets.queries.results, DEFAULT_BUDGETS.queries.results);
  assert.equal(budgets.materials.files, DEFAULT_BUDGETS.materials.files);
  assert.equal(warnings.length, 2);
  assert.throws(() => parseBudgets({ queries: { depth: '2' } }, 'policy.json', []), /"budgets\.queries\.depth" must be a positive integer/);
});
