/**
 * Budgets (DESIGN.md invariant 5, PROTOCOL.md BudgetExceeded): a limit per stage and unit, with
 * defaults a 100,000-file repository fits, and the meter that counts one stage as it grows.
 * Exceeding a limit throws BudgetExceeded `{stage, unit, used, adding, limit}`; the caller's
 * previous graph stays. Owns the stage and unit names, the defaults, the parsing of the
 * `budgets` section of `.repograph.json` and the error.
 */
import { RepographError } from './errors.js';

/** Every stage and the units it counts. */
export const BUDGET_UNITS = {
  /** Admitted files: their number, the size of each and the sum (excluded files never count). */
  materials: ['files', 'bytesPerFile', 'bytes'],
  /** Bound facts: declarations, references, relations, evidence (relation sites and diagnostics). */
  analysis: ['entities', 'references', 'relations', 'evidence'],
  /** Edge visits of the analysis preset's bridge search. */
  selection: ['work'],
  /** What is published after selection (dropped nodes never count). */
  publication: ['nodes', 'relations'],
  /** One query: rows visited, traversal depth, wall time in ms, items returned. */
  queries: ['work', 'depth', 'timeMs', 'results'],
  /** Workspaces created besides `default` (each keeps a bound tree in the daemon's memory). */
  workspaces: ['count'],
} as const;

export type BudgetStage = keyof typeof BUDGET_UNITS;
export type BudgetUnit<S extends BudgetStage = BudgetStage> = (typeof BUDGET_UNITS)[S][number];
export type Budgets = { readonly [S in BudgetStage]: Readonly<Record<BudgetUnit<S>, number>> };

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

/**
 * Defaults: generous for a 100,000-file repository (about 2 GiB of text, 5 M declarations,
 * 20 M relations), small enough that a runaway input fails clearly before memory runs out.
 * Query limits keep one request from holding the daemon: 10,000 results, depth 8, 10 s.
 * Workspaces: 32 besides `default` (each holds its own bound tree, a few MiB for a small
 * repository and about what `default` holds for a large one).
 */
export const DEFAULT_BUDGETS: Budgets = Object.freeze({
  materials: Object.freeze({ files: 1_000_000, bytesPerFile: 256 * MiB, bytes: 32 * GiB }),
  analysis: Object.freeze({ entities: 50_000_000, references: 200_000_000, relations: 200_000_000, evidence: 400_000_000 }),
  selection: Object.freeze({ work: 1_000_000_000 }),
  publication: Object.freeze({ nodes: 50_000_000, relations: 200_000_000 }),
  queries: Object.freeze({ work: 100_000_000, depth: 8, timeMs: 10_000, results: 10_000 }),
  workspaces: Object.freeze({ count: 32 }),
});

/** What to do about an exceeded budget, besides raising it. */
const REMEDY: Readonly<Record<BudgetStage, string>> = {
  materials: 'or exclude material (its "material" section)',
  analysis: 'or exclude material (its "material" section)',
  selection: 'or exclude material (its "material" section)',
  publication: 'or exclude material (its "material" section)',
  queries: 'or narrow the request',
  workspaces: 'or delete workspaces that are no longer used (workspace.list shows them, workspace.delete removes one)',
};

/** `data` of BudgetExceeded: which stage ran out of which unit, what it held, what it would add, the limit. */
export interface BudgetExceededData {
  stage: BudgetStage;
  unit: string;
  used: number;
  adding: number;
  limit: number;
}

/** The error of one exceeded budget. */
export function budgetExceeded(stage: BudgetStage, unit: string, used: number, adding: number, limit: number): RepographError {
  const data: BudgetExceededData = { stage, unit, used, adding, limit };
  return new RepographError('BudgetExceeded',
    `budget exceeded: ${stage}.${unit} is ${used} and would grow by ${adding}, over the limit of ${limit}. ` +
    `Raise "budgets.${stage}.${unit}" in .repograph.json, ${REMEDY[stage]}.`,
    { ...data });
}

/** Counts the units of one stage; `charge` throws BudgetExceeded before a limit is crossed. */
export class BudgetMeter<S extends BudgetStage> {
  private readonly used = new Map<string, number>();

  constructor(private readonly budgets: Budgets, readonly stage: S) {}

  /** Adds `adding` to `unit`; throws (counting nothing) when the sum would pass the limit. */
  charge(unit: BudgetUnit<S>, adding: number): void {
    const used = this.used.get(unit) ?? 0;
    const limit = (this.budgets[this.stage] as Record<string, number>)[unit]!;
    if (used + adding > limit) throw budgetExceeded(this.stage, unit, used, adding, limit);
    this.used.set(unit, used + adding);
  }

  /** Checks one item against a per-item limit (bytesPerFile, depth, results) without summing. */
  check(unit: BudgetUnit<S>, value: number): void {
    const limit = (this.budgets[this.stage] as Record<string, number>)[unit]!;
    if (value > limit) throw budgetExceeded(this.stage, unit, 0, value, limit);
  }

  /** What `unit` has counted so far. */
  total(unit: BudgetUnit<S>): number {
    return this.used.get(unit) ?? 0;
  }
}

/**
 * Parses the `budgets` section of `.repograph.json`: `{stage: {unit: positive integer}}`; units
 * not given keep their default. Unknown stages and units are warnings; a value that is not a
 * positive safe integer throws UsageError naming the key.
 */
export function parseBudgets(value: unknown, file: string, warnings: string[]): Budgets {
  const usage = (problem: string, action: string): RepographError =>
    new RepographError('UsageError', `${file}: ${problem}; ${action}`, { file });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw usage('"budgets" must be an object', 'write e.g. "budgets": {"materials": {"files": 200000}}');
  }
  const result: Record<string, Record<string, number>> = {};
  for (const stage of Object.keys(BUDGET_UNITS) as BudgetStage[]) result[stage] = { ...DEFAULT_BUDGETS[stage] };
  for (const [stage, units] of Object.entries(value)) {
    const known = (BUDGET_UNITS as Record<string, readonly string[]>)[stage];
    if (!known) {
      warnings.push(`${file}: unknown key "budgets.${stage}" is ignored (known: ${Object.keys(BUDGET_UNITS).join(', ')})`);
      continue;
    }
    if (typeof units !== 'object' || units === null || Array.isArray(units)) {
      throw usage(`"budgets.${stage}" must be an object`, `write e.g. "budgets.${stage}": {"${known[0]}": ${DEFAULT_BUDGETS[stage as BudgetStage][known[0] as never]}}`);
    }
    for (const [unit, limit] of Object.entries(units)) {
      if (!known.includes(unit)) {
        warnings.push(`${file}: unknown key "budgets.${stage}.${unit}" is ignored (known: ${known.join(', ')})`);
        continue;
      }
      if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit <= 0) {
        throw usage(`"budgets.${stage}.${unit}" must be a positive integer (got ${JSON.stringify(limit)})`, 'give a whole number above 0');
      }
      result[stage]![unit] = limit;
    }
  }
  return result as unknown as Budgets;
}
