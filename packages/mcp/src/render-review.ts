/**
 * Compact text for the review tools' records: a review's head and summary, a cohort, a node of
 * the blast radius, a finding of the diff, a test's CI signal, a dependency change, an axis of
 * the verdict and its findings, a diagram's verification. One line (or a few) per record, with
 * the keys and ids the next review tool takes.
 */
import type {
  ArityFinding, AxisFinding, AxisVerdict, Cohort, DanglingCaller, DependencyChange, DiagramVerification, DuplicateFinding, ImpactParts,
  ReachedNode, ReviewHead, ReviewSummary, SignatureChange, TestSignal,
} from '@repograph/protocol';
import { oneLine, siteText } from './render.js';

export const STALE_LINE = 'stale: the followed branch moved; a recomputation is under way';

/** The stale line, or nothing. */
export function staleText(stale: boolean): string {
  return stale ? STALE_LINE : '';
}

/** The lines joined, empty ones left out. */
export function lines(...parts: Array<string | false | null | undefined>): string {
  return parts.filter((part): part is string => typeof part === 'string' && part.length > 0).join('\n');
}

/** `a, b, c (+4 more)`, or `none`. */
export function listText(items: readonly string[], max: number): string {
  if (items.length === 0) return 'none';
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} (+${items.length - max} more)` : shown;
}

/** `3 files` / `1 file`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The repository-relative file of a symbol id (`src/a.ts#Foo.bar` -> `src/a.ts`). */
export function pathOfId(id: string): string {
  const hash = id.indexOf('#');
  return hash >= 0 ? id.slice(0, hash) : id;
}

export function headText(head: ReviewHead, resolved: string | null): string {
  if (head.kind === 'workspace') return `workspace ${head.workspace} (live tree)`;
  const at = resolved ? ` (${resolved.slice(0, 12)})` : '';
  return head.kind === 'branch' ? `${head.ref}${at}, followed as it moves` : `${head.ref}${at}`;
}

export function summaryText(s: ReviewSummary): string {
  return `${plural(s.files, 'file')} in ${plural(s.cohorts, 'cohort')} (${s.graphCohorts} by graph, ${s.pathCohorts} by path); ` +
    `symbols ${s.symbolsAdded} added, ${s.symbolsRemoved} removed, ${s.symbolsRenamed} renamed, ${s.symbolsChanged} changed; ` +
    `${plural(s.danglingCallers, 'dangling caller')}, ${plural(s.arityFindings, 'arity finding')}, ${plural(s.newDuplicates, 'new duplicate')}, ` +
    `${plural(s.newImportCycles, 'new import cycle')}; ${plural(s.testsReaching, 'test')} reaching; ${plural(s.dependencyChanges, 'dependency change')}`;
}

/** What made a cohort's impact score: its radius and lines always, the other parts when not zero. */
export function partsText(parts: ImpactParts): string {
  const named: Array<[number, string]> = [
    [parts.removedExported, 'removed exported symbol'], [parts.renamedExported, 'renamed exported symbol'],
    [parts.danglingCallers, 'dangling caller'], [parts.arityFindings, 'arity finding'], [parts.generatedFiles, 'generated file'],
  ];
  const rest = named.filter(([count]) => count > 0).map(([count, noun]) => plural(count, noun));
  const tests = parts.testsReaching > 0 ? `${plural(parts.testsReaching, 'test')} reaching it` : 'no test reaches it';
  return [`radius ${parts.radius}`, plural(parts.changedLines, 'changed line'), ...rest, tests].join(', ');
}

/** A cohort: its key, basis and score, then its files, symbols, tests and summary, each on its own line. */
export function cohortLines(cohort: Cohort, summary?: string): string {
  return lines(
    `${cohort.key} [${cohort.basis}] impact ${cohort.impact.score}: ${partsText(cohort.impact.parts)}`,
    `  files (${cohort.files.length}): ${listText(cohort.files, 8)}`,
    cohort.symbols.length > 0 && `  symbols (${cohort.symbols.length}): ${listText(cohort.symbols, 6)}`,
    cohort.tests.length > 0 && `  tests (${cohort.tests.length}): ${listText(cohort.tests, 4)}`,
    summary !== undefined && `  summary: ${summary.trim() === '' ? '(empty)' : oneLine(summary, 240)}`,
  );
}

/** A reached node: depth, kind, and its shortest path to the changed symbol (this node first). */
export function reachedLine(node: ReachedNode): string {
  const through = node.through.length > 6
    ? [...node.through.slice(0, 3), `… ${node.through.length - 5} more …`, ...node.through.slice(-2)]
    : node.through;
  return `d${node.depth} ${node.kind}${node.test ? ' [test]' : ''} ${through.join(' -> ')}`;
}

export function radiusCutText(cut: { budget: string; limit: number; unexplored: number } | null): string {
  return cut ? `cut by the ${cut.budget} budget (limit ${cut.limit}): ${cut.unexplored} nodes left unexplored; narrow with depth` : '';
}

export function danglingLine(d: DanglingCaller): string {
  return `dangling caller ${d.caller} at ${d.path}:${d.line}:${d.column} still calls ${d.target}` +
    (d.renamedTo ? ` (renamed to ${d.renamedTo})` : ' (removed)');
}

export function arityLine(a: ArityFinding): string {
  return `arity ${a.verdict.replace('_', ' ')}: the call at ${siteText(a.site)} to ${a.callee}`;
}

export function duplicateLine(d: DuplicateFinding): string {
  return `new duplicate (${d.kind}${d.kind === 'exact' ? '' : ` ${d.similarity}`}): ${d.symbol} duplicates ${d.original}`;
}

export function signatureLine(c: SignatureChange): string {
  return `signature of ${c.id}: ${oneLine(c.before ?? '(none)', 120)} => ${oneLine(c.after ?? '(none)', 120)}`;
}

export function cycleLine(cycle: string[]): string {
  return `new import cycle: ${[...cycle, cycle[0] ?? ''].join(' -> ')}`;
}

export function signalLine(key: string, test: TestSignal): string {
  const evidence = test.evidence
    ? ` <- ${test.evidence.source}: ${[test.evidence.suite, test.evidence.classname, test.evidence.name].filter(Boolean).join(' / ')}`
    : '';
  const cases = test.cases > 0 ? ` (${plural(test.cases, 'case')})` : '';
  return `${test.state.toUpperCase()} ${test.id}${cases} [${key}]${evidence}`;
}

export function dependencyLine(d: DependencyChange): string {
  const versions = `${d.from ?? '(none)'} -> ${d.to ?? '(none)'}`;
  const importedBy = d.importedBy.length > 0 ? `; imported by ${listText(d.importedBy, 4)}` : '';
  return `${d.ecosystem} ${d.name} ${d.change} ${versions}${d.semver ? ` (${d.semver})` : ''} ${d.direct ? 'direct' : 'transitive'} in ${d.manifest}${importedBy}`;
}

/** One axis of the verdict on one line: its state, whether it gates, why, and how many findings. */
export function axisLine(name: string, axis: AxisVerdict): string {
  const gated = axis.state === 'off' ? '' : axis.gated ? ' (gated)' : ' (advisory)';
  return `${name}: ${axis.state}${gated}${axis.reason ? ` — ${oneLine(axis.reason, 300)}` : ''}; ${plural(axis.findings.length, 'finding')}`;
}

export function axisFindingLine(axis: string, finding: AxisFinding): string {
  const where = `${finding.path}${finding.line ? `:${finding.line}` : ''}`;
  return `${axis}${finding.severity ? ` [${finding.severity}]` : ''} ${where}: ${oneLine(finding.message, 400)}${finding.id ? ` id=${finding.id}` : ''}`;
}

/** A diagram's verification: a count line, then each node that did not bind and each edge, verified or not. */
export function diagramLines(verification: DiagramVerification): string[] {
  const unresolved = verification.nodes.filter((node) => node.status === 'unresolved');
  const nodes = verification.nodes.map((node) => node.status === 'resolved'
    ? `node ${node.id} = ${node.symbolId}${node.by === 'name' ? ` (from the name ${JSON.stringify(node.symbol)})` : ''}`
    : `node ${node.id} UNRESOLVED ${JSON.stringify(node.symbol)}: ${node.reason}${node.candidates.length > 0 ? `; candidates: ${listText(node.candidates, 5)}` : ''}`);
  const edges = verification.edges.map((edge) => edge.status === 'verified'
    ? `edge ${edge.from} -${edge.expected}-> ${edge.to} "${oneLine(edge.label, 80)}": verified at ${edge.evidence.path}:${edge.evidence.line}:${edge.evidence.column} ` +
      `(${edge.evidence.relation}, ${edge.evidence.confidence}${edge.supportingRelations > 1 ? `, ${edge.supportingRelations} relations` : ''})`
    : `edge ${edge.from} -${edge.expected}-> ${edge.to} "${oneLine(edge.label, 80)}": UNVERIFIED — ${edge.why}`);
  return [
    `${verification.verifiedEdges} of ${verification.edges.length} edges verified against the head's graph, ${verification.unverifiedEdges} unverified; ` +
      `${verification.nodes.length - unresolved.length} of ${verification.nodes.length} nodes bound to symbols`,
    ...nodes, ...edges,
  ];
}

/** What an agent can do about the axes that hold the verdict: post the agents' axes, decide contract changes, or scope an axis out. */
export function verdictHints(axes: Record<string, AxisVerdict>): string[] {
  const hints: string[] = [];
  const notPosted = ['correctness', 'security', 'testGap'].filter((name) => axes[name]?.state === 'unavailable' && axes[name]?.reason === 'not posted yet');
  if (notPosted.length > 0) hints.push(`to do: post ${notPosted.join(', ')} with review_finalize`);
  const contract = axes['contract'];
  // The verdict's findings carry a decision only in their message; the axis's reason counts the undecided ones.
  if (contract && /without a decision/.test(contract.reason ?? '')) {
    hints.push('to do: decide each breaking contract change with review_set_contract_decision {changeId: its id=}');
  }
  for (const name of ['contract', 'visual']) {
    if (axes[name]?.state === 'unavailable' && axes[name]?.gated) {
      hints.push(`${name} cannot run here; if it does not apply to this repository, the repository can declare it out of scope in .repograph.json: {"review": {"axes": {"${name}": "off"}}}`);
    }
  }
  return hints;
}
