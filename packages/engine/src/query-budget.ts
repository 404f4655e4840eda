/**
 * The `queries` budgets of one query (DESIGN.md invariant 5): the results and depth a request
 * asks for, the rows it visits (relations, name entries, lines) and the time it has spent,
 * checked as rows are visited. Past a limit: BudgetExceeded. Owns that counting.
 */
import { BudgetMeter, budgetExceeded, RepographError, type Budgets } from '@repograph/core';

/**
 * Counts one query against the `queries` budgets: the results and depth asked for, the rows
 * visited (relations, name entries, lines) and the time spent, checked as rows are visited.
 */
export class QueryMeter {
  private readonly counter: BudgetMeter<'queries'>;

  constructor(private readonly budgets: Budgets, private readonly started: number) {
    this.counter = new BudgetMeter(budgets, 'queries');
  }

  /** A requested result count (`limit`): a positive integer within the budget. */
  results(limit: number): number {
    return this.requested('results', 'limit', limit);
  }

  /** The size of an answer that takes no `limit` (refs): within the results budget; 0 is fine. */
  returned(count: number): void {
    this.counter.check('results', count);
  }

  /** A requested traversal depth: a positive integer within the budget. */
  depth(depth: number): number {
    return this.requested('depth', 'depth', depth);
  }

  /** A request parameter `field` counted as `unit`: InvalidParams unless a positive integer, then the budget. */
  private requested(unit: 'results' | 'depth', field: string, value: number): number {
    if (!Number.isInteger(value) || value < 1) throw new RepographError('InvalidParams', `\`${field}\` must be a positive integer.`, { field });
    this.counter.check(unit, value);
    return value;
  }

  /** Rows about to be visited; also checks the time spent so far. */
  work(rows: number): void {
    this.counter.charge('work', rows);
    const elapsed = Math.round(performance.now() - this.started);
    if (elapsed > this.budgets.queries.timeMs) throw budgetExceeded('queries', 'timeMs', elapsed, 0, this.budgets.queries.timeMs);
  }
}
