/**
 * computeReview: a pull request's review from the two sides the engine opened (ReviewSides): the
 * structural delta, the changed files, their cohorts in impact order (keys inherited from the
 * previous review of the same request), the tests reaching the change and the dependency
 * changes. Owns the order of the steps and the assembly of the artifact; each computation is its
 * own module. Deterministic: timings are left out, every list is sorted.
 */
import { computeDeltaPausing, type StructuralDelta } from '@repograph/analysis';
import type { ReviewSides } from '@repograph/engine';
import { ARTIFACT_VERSION, summarize, type ReviewArtifact, type ReviewDiagnostic, type ReviewTest } from './artifact.js';
import { computeCohorts } from './cohorts/index.js';
import { dependencyChanges } from './dependency-input.js';
import { changedFilesOf, graphOf } from './graph-view.js';
import { radiusSize } from './radius/index.js';
import { textTouchedSymbols } from './touched-symbols.js';
import { visualFacts } from './visual-input.js';
import { contractFacts } from './contract-input.js';
import type { HeadSpec } from './review-id.js';
import type { Cohort, ReviewGraph, ReviewInput } from './types.js';

/** The budget of each cohort's radius as the impact score counts it (the full radius is on demand). */
const IMPACT_RADIUS = { depth: 4, maxNodes: 2000, maxEdges: 40_000 };

export interface ReviewRequestInfo {
  reviewId: string;
  base: { ref: string; commit: string };
  head: HeadSpec;
  follows: string | null;
  generation: number | null;
  fingerprint: string;
  headDescendsFromBase: boolean;
  /** The cohorts of the review this one replaces (same id, an earlier head), for their keys. */
  previous?: Cohort[];
}

export async function computeReview(sides: ReviewSides, info: ReviewRequestInfo): Promise<ReviewArtifact> {
  const delta = withoutTimings(await computeDeltaPausing(sides.delta));
  const base = graphOf(sides.baseReader);
  const head = graphOf(sides.headReader);
  const files = changedFilesOf(sides.files, sides.baseReader, sides.headReader);
  const indexed = sides.baseReader.info.fileCount + sides.headReader.info.fileCount > 0;
  // Cohorts group what was edited: symbols whose text changed count as changed there.
  const structural = new Set([...delta.symbols.added, ...delta.symbols.removed, ...delta.symbols.renamed.flatMap((r) => [r.old, r.new])]);
  const edited = textTouchedSymbols(sides.files, base, head).filter((id) => !structural.has(id));
  const cohortDelta: StructuralDelta = { ...delta, symbols: { ...delta.symbols, changed: [...new Set([...delta.symbols.changed, ...edited])].sort() } };
  const input: ReviewInput = { files, delta: cohortDelta, base, head, indexed };
  const cohorts = computeCohorts(input, {
    ...(info.previous ? { previous: info.previous } : {}),
    radiusOf: (symbols) => radiusAcross(head, base, symbols),
  });
  const diagnostics: ReviewDiagnostic[] = [];
  const dependencies = await dependencyChanges(sides, files, diagnostics);
  const visual = await visualFacts(sides, files);
  const contract = await contractFacts(sides, files);
  const artifact: Omit<ReviewArtifact, 'summary'> = {
    version: ARTIFACT_VERSION, reviewId: info.reviewId, base: info.base, head: info.head,
    headResolved: sides.head, follows: info.follows, generation: info.generation, fingerprint: info.fingerprint,
    headDescendsFromBase: info.headDescendsFromBase, indexed, files, delta, cohorts,
    tests: testsOf(delta, head, sides), dependencies, visual, contract,
    diagnostics: diagnostics.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.message < b.message ? -1 : 1)),
  };
  return { ...artifact, summary: summarize(artifact) };
}

/** The radius of symbols on the side that has them (a removed symbol's users are on the base). */
function radiusAcross(head: ReviewGraph, base: ReviewGraph, symbols: string[]): number {
  const present = symbols.filter((id) => head.symbol(id) !== undefined);
  const gone = symbols.filter((id) => head.symbol(id) === undefined);
  return (present.length > 0 ? radiusSize(head, present, IMPACT_RADIUS) : 0) + (gone.length > 0 ? radiusSize(base, gone, IMPACT_RADIUS) : 0);
}

function withoutTimings(delta: StructuralDelta): StructuralDelta {
  return { ...delta, reingestMs: 0, deltaMs: 0 };
}

function testsOf(delta: StructuralDelta, head: ReviewGraph, sides: ReviewSides): ReviewTest[] {
  const tests: ReviewTest[] = [];
  for (const reaching of delta.testsReaching ?? []) {
    const symbol = head.symbol(reaching.id);
    if (!symbol) continue;
    const language = sides.headReader.file(symbol.path)?.language ?? '';
    tests.push({ id: symbol.id, path: symbol.path, name: symbol.name, qualifiedName: symbol.qualifiedName, kind: symbol.kind, language });
  }
  return tests.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
