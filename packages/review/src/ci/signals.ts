/**
 * Each review test's CI state from the results a caller passes: JUnit documents (junit.ts),
 * per-case states, and CI checks still coming. Owns the decision; which case is which test is
 * match.ts's (its header lists every pairing rule).
 *   - A test paired with cases takes their rolled-up state: any `failed` makes it failed (a
 *     failing subtest, parameter or case of a test file), else any `pending` case makes it
 *     pending, else any `passed` makes it passed, else (every case skipped) skipped. The
 *     evidence is the first case, in input order, with the deciding state.
 *   - A test no case names is `pending` while any CI check is listed as still coming (queued,
 *     in progress, pending, waiting, requested): its result may be in what is still to come, so
 *     it is never `not_run` then. Otherwise it is `not_run`, whether JUnit was given or no
 *     results at all.
 *   - Documents are read in the order given; a malformed one adds a diagnostic and no cases,
 *     and the rest go on. A case paired ambiguously counts for no test and is a diagnostic.
 *   - Tests are answered once per id, sorted by id.
 */
import { parseJUnit } from './junit.js';
import { indexTests, matchCase, type ReportedCase } from './match.js';
import type { CiCase, CiResults, CiSignals, JUnitCaseState, TestRef, TestSignal } from './shapes.js';
import type { TestState } from '../types.js';

/** How many ambiguity diagnostics are listed one by one before the rest are counted. */
const AMBIGUITY_DIAGNOSTICS_LISTED = 20;

/** The CI signal of each test, from the caller's results (or none). */
export function ciSignals(tests: readonly TestRef[], results: CiResults | undefined): CiSignals {
  const diagnostics: string[] = [];
  const reported = reportedCases(results, diagnostics);
  const unique = uniqueById(tests);
  const index = indexTests(unique);
  const casesByTest = new Map<string, SourcedCase[]>();
  let ambiguous = 0;
  for (const reportedCase of reported) {
    const match = matchCase(index, reportedCase);
    if (match.kind === 'one') {
      const list = casesByTest.get(match.id);
      if (list) list.push(reportedCase);
      else casesByTest.set(match.id, [reportedCase]);
    } else if (match.kind === 'ambiguous') {
      ambiguous++;
      if (ambiguous <= AMBIGUITY_DIAGNOSTICS_LISTED) {
        diagnostics.push(
          `${reportedCase.source}: case ${describeCase(reportedCase)} fits several tests equally ` +
            `(${match.ids.join(', ')}); counted for none`,
        );
      }
    }
  }
  if (ambiguous > AMBIGUITY_DIAGNOSTICS_LISTED) {
    diagnostics.push(`${ambiguous - AMBIGUITY_DIAGNOSTICS_LISTED} more ambiguous cases counted for no test`);
  }
  const waiting = (results?.pending ?? []).length > 0;
  const signals = unique.map((test) => signalOf(test, casesByTest.get(test.id) ?? [], waiting));
  return { tests: signals, diagnostics };
}

/** A case with its origin and a state that may be `pending` (per-case states only). */
interface SourcedCase extends ReportedCase {
  source: string;
  state: JUnitCaseState | 'pending';
}

/** Every reported case, in input order: the JUnit documents', then the per-case states. */
function reportedCases(results: CiResults | undefined, diagnostics: string[]): SourcedCase[] {
  const cases: SourcedCase[] = [];
  for (const document of results?.junit ?? []) {
    const parsed = parseJUnit(document.xml, document.source);
    diagnostics.push(...parsed.diagnostics);
    for (const junitCase of parsed.cases) cases.push({ ...junitCase, source: document.source });
  }
  for (const given of results?.cases ?? []) cases.push(fromGiven(given));
  return cases;
}

function fromGiven(given: CiCase): SourcedCase {
  const sourced: SourcedCase = {
    source: given.source,
    suite: given.suite ?? '',
    classname: given.classname ?? '',
    name: given.name,
    state: given.state,
  };
  if (given.file !== undefined) sourced.file = given.file;
  return sourced;
}

/** The order in which a state decides a roll-up: the first present wins. */
const ROLL_UP_ORDER: ReadonlyArray<SourcedCase['state']> = ['failed', 'pending', 'passed', 'skipped'];

function signalOf(test: TestRef, cases: readonly SourcedCase[], waiting: boolean): TestSignal {
  const signal: TestSignal = { id: test.id, path: test.path, name: test.name, state: 'not_run', cases: cases.length };
  if (cases.length === 0) {
    signal.state = waiting ? 'pending' : 'not_run';
    return signal;
  }
  for (const state of ROLL_UP_ORDER) {
    const deciding = cases.find((candidate) => candidate.state === state);
    if (!deciding) continue;
    signal.state = state satisfies TestState;
    signal.evidence = {
      source: deciding.source,
      suite: deciding.suite,
      classname: deciding.classname,
      name: deciding.name,
    };
    break;
  }
  return signal;
}

function uniqueById(tests: readonly TestRef[]): TestRef[] {
  const byId = new Map<string, TestRef>();
  for (const test of tests) if (!byId.has(test.id)) byId.set(test.id, test);
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function describeCase(reported: SourcedCase): string {
  return reported.classname ? `${reported.classname} ${reported.name}` : reported.name;
}
