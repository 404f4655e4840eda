/**
 * Compact text for records: one line per symbol, site, match or tree node, with the path and
 * line an agent needs to go on, and nothing it did not ask for. A symbol is shown by its id
 * (`<path>#<qualifiedName>`, which names its file and itself at once), so nothing is said twice.
 */
import type { CallTreeNode, WireSite, WireSymbol } from '@repograph/protocol';

export function symbolLine(symbol: WireSymbol): string {
  // The signature's part from the parameters on (its head repeats the kind and name).
  const open = symbol.signature?.indexOf('(') ?? -1;
  const signature = symbol.signature && open >= 0 ? oneLine(symbol.signature.slice(open), 160) : '';
  const flags = [symbol.exported ? 'exported' : '', symbol.generated ? 'generated' : ''].filter(Boolean).join(',');
  return `${symbol.kind} ${symbol.id}${signature} :${symbol.range.start.line}-${symbol.range.end.line}${flags ? ` [${flags}]` : ''}`;
}

export function siteText(site: WireSite): string {
  return `${site.path}:${site.line}:${site.column}`;
}

/**
 * A call tree, indented two spaces a level: each node's kind and id, then its call sites
 * (`@line:column`, with the file when it is not the node's own; confidence when not exact).
 */
export function treeLines(node: CallTreeNode, depth = 0): string {
  const sites = node.sites.slice(0, 4).map((site) =>
    `${site.path === node.symbol.path ? '' : `${site.path}:`}${site.line}:${site.column}${site.confidence === 'exact' ? '' : `(${site.confidence})`}`).join(', ');
  const more = node.sites.length > 4 ? ` +${node.sites.length - 4}` : '';
  const own = `${'  '.repeat(depth)}${node.symbol.kind} ${node.symbol.id} @${sites}${more}`;
  return [own, ...node.children.map((child) => treeLines(child, depth + 1))].join('\n');
}

/** Every path a call tree's nodes and sites lie in. */
export function treePaths(node: CallTreeNode): string[] {
  return [node.symbol.path, ...node.sites.map((site) => site.path), ...node.children.flatMap(treePaths)];
}

export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Source text with line numbers (`12| ...`), as an agent quotes it back. */
export function numbered(text: string, startLine: number): string[] {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line, index) => `${startLine + index}| ${line}`);
}

// ---- structural deltas (edit_apply, check, index_diff, workspace_refresh) and build reports ----
import type {
  ArityFinding, BuildReport, DanglingCaller, DuplicateFinding, RenamedSymbol, ReviewChangedFile, SignatureChange, StructuralDelta, TestReaching,
} from '@repograph/protocol';

/** What each kind of delta record carries. */
interface DeltaItems {
  dangling: DanglingCaller;
  arity: ArityFinding;
  duplicate: DuplicateFinding;
  cycle: string[];
  signature: SignatureChange;
  /** The tests of one file that reach the change (one record per test file: a suite can hold hundreds). */
  tests: TestReaching[];
  file: ReviewChangedFile;
  renamed: RenamedSymbol;
  removed: string;
  added: string;
  changed: string;
}

/** One finding or change of a structural delta: one record of a delta-bearing answer. */
export type DeltaRecord = { [K in keyof DeltaItems]: { type: K; item: DeltaItems[K] } }[keyof DeltaItems];

/** A delta as the daemon answers it; index.diff adds the changed files. */
export type AnyDelta = StructuralDelta & { files?: ReviewChangedFile[] };

/** The verdicts `repograph check --fail-on-found` fails on (possibly_missing and unknown never do). */
export function failingArity(finding: ArityFinding): boolean {
  return finding.verdict === 'too_many' || finding.verdict === 'too_few';
}

/** The records of a delta, the findings first: what a budget keeps when it cuts. */
export function deltaRecords(delta: AnyDelta): DeltaRecord[] {
  const arity = [...(delta.arityFindings ?? [])].sort((a, b) => Number(failingArity(b)) - Number(failingArity(a)));
  return [
    ...(delta.danglingCallers ?? []).map((item) => ({ type: 'dangling' as const, item })),
    ...arity.map((item) => ({ type: 'arity' as const, item })),
    ...(delta.newDuplicates ?? []).map((item) => ({ type: 'duplicate' as const, item })),
    ...(delta.newImportCycles ?? []).map((item) => ({ type: 'cycle' as const, item })),
    ...(delta.signatureChanges ?? []).map((item) => ({ type: 'signature' as const, item })),
    ...(delta.files ?? []).map((item) => ({ type: 'file' as const, item })),
    ...delta.symbols.renamed.map((item) => ({ type: 'renamed' as const, item })),
    ...delta.symbols.removed.map((item) => ({ type: 'removed' as const, item })),
    ...delta.symbols.added.map((item) => ({ type: 'added' as const, item })),
    ...delta.symbols.changed.map((item) => ({ type: 'changed' as const, item })),
    ...testsByFile(delta.testsReaching ?? []).map((item) => ({ type: 'tests' as const, item })),
  ];
}

/** Tests grouped by file, in the order the delta lists them. */
function testsByFile(tests: readonly TestReaching[]): TestReaching[][] {
  const groups = new Map<string, TestReaching[]>();
  for (const test of tests) {
    const group = groups.get(test.path);
    if (group) group.push(test);
    else groups.set(test.path, [test]);
  }
  return [...groups.values()];
}

export function deltaRecordLine(record: DeltaRecord): string {
  switch (record.type) {
    case 'dangling': {
      const d = record.item;
      return `dangling ${d.path}:${d.line}:${d.column} ${d.caller} still calls ${d.target}${d.renamedTo ? ` (renamed to ${d.renamedTo})` : ' (removed)'}`;
    }
    case 'arity': {
      const a = record.item;
      return `arity ${siteText(a.site)} ${a.verdict} calling ${a.callee}${failingArity(a) ? '' : ' (not failing)'}`;
    }
    case 'duplicate': {
      const d = record.item;
      return `duplicate ${d.symbol} ${d.kind === 'exact' ? 'is a copy of' : `is ${Math.round(d.similarity * 100)}% like`} ${d.original}`;
    }
    case 'cycle':
      return `cycle ${[...record.item, record.item[0]].join(' -> ')}`;
    case 'signature': {
      const s = record.item;
      return `signature ${s.id}: ${s.before === undefined ? '(none)' : oneLine(s.before, 160)} => ${s.after === undefined ? '(none)' : oneLine(s.after, 160)}`;
    }
    case 'tests': {
      const tests = record.item;
      const path = tests[0]!.path;
      const name = (t: TestReaching) => (t.id === t.path ? '(module)' : t.id.slice(t.id.indexOf('#') + 1));
      const changed = tests.filter((t) => t.depth === 0).length;
      const nearest = Math.min(...tests.map((t) => t.depth).filter((depth) => depth > 0));
      const shown = tests.slice(0, 6).map(name).join(', ');
      return `tests ${path}: ${tests.length} reach the change${changed > 0 ? ` (${changed} changed themselves)` : ''}` +
        `${Number.isFinite(nearest) ? `, nearest in ${nearest} call${nearest === 1 ? '' : 's'}` : ''}: ${shown}${tests.length > 6 ? ` +${tests.length - 6}` : ''}`;
    }
    case 'file': {
      const f = record.item;
      const flags = [f.language ?? 'not parsed', f.generated ? 'generated' : '', f.binary ? 'binary' : ''].filter(Boolean).join(', ');
      return `file ${f.status} ${f.path} +${f.linesAdded} -${f.linesRemoved} (${flags})`;
    }
    case 'renamed':
      return `renamed ${record.item.old} -> ${record.item.new}`;
    default:
      return `${record.type} ${record.item}`;
  }
}

/** The repository-relative path of a symbol id (`src/a.ts#Foo.bar` -> `src/a.ts`). */
export function pathOfId(id: string): string {
  const hash = id.indexOf('#');
  return hash < 0 ? id : id.slice(0, hash);
}

/** The files that hold one delta record's evidence (its sites, or the files of the symbols it names). */
export function deltaRecordPaths(record: DeltaRecord): string[] {
  switch (record.type) {
    case 'dangling': return [record.item.path];
    case 'arity': return [record.item.site.path];
    case 'duplicate': return [pathOfId(record.item.symbol), pathOfId(record.item.original)];
    case 'cycle': return record.item;
    case 'signature': return [pathOfId(record.item.id)];
    case 'tests': return [record.item[0]!.path];
    case 'file': return [record.item.path];
    case 'renamed': return [record.item.path];
    default: return [pathOfId(record.item)];
  }
}

/** A delta's counts; a finding list the daemon did not compute counts null (not computed, not none). */
export interface DeltaCounts {
  changedFiles: number;
  removedFiles: number;
  affectedFiles: number;
  symbols: { added: number; removed: number; renamed: number; changed: number };
  danglingCallers: number | null;
  arityFindings: number | null;
  failingArity: number | null;
  newDuplicates: number | null;
  newImportCycles: number | null;
  signatureChanges: number | null;
  testsReaching: number | null;
  /** What `repograph check --fail-on-found` fails on: dangling callers, too_many/too_few calls, new duplicates, new import cycles. */
  failing: number;
}

export function deltaCounts(delta: AnyDelta): DeltaCounts {
  const size = (list: unknown[] | undefined) => (list === undefined ? null : list.length);
  const failingArityCount = delta.arityFindings === undefined ? null : delta.arityFindings.filter(failingArity).length;
  return {
    changedFiles: delta.reparsed.length,
    removedFiles: delta.removedFiles.length,
    affectedFiles: delta.affected.length,
    symbols: { added: delta.symbols.added.length, removed: delta.symbols.removed.length, renamed: delta.symbols.renamed.length, changed: delta.symbols.changed.length },
    danglingCallers: size(delta.danglingCallers),
    arityFindings: size(delta.arityFindings),
    failingArity: failingArityCount,
    newDuplicates: size(delta.newDuplicates),
    newImportCycles: size(delta.newImportCycles),
    signatureChanges: size(delta.signatureChanges),
    testsReaching: size(delta.testsReaching),
    failing: (delta.danglingCallers?.length ?? 0) + (failingArityCount ?? 0) + (delta.newDuplicates?.length ?? 0) + (delta.newImportCycles?.length ?? 0),
  };
}

/** The counts as check's text shows them: files and symbols, then the findings, then what fails. */
export function deltaCountLines(counts: DeltaCounts): string[] {
  const n = (value: number | null, one: string, many: string) => (value === null ? `${many}: not computed` : `${value} ${value === 1 ? one : many}`);
  const s = counts.symbols;
  const arity = counts.arityFindings === null ? 'arity: not computed' : `${counts.arityFindings} arity${counts.arityFindings > 0 ? ` (${counts.failingArity} too_many/too_few)` : ''}`;
  return [
    `${counts.changedFiles} file${counts.changedFiles === 1 ? '' : 's'} changed, ${counts.removedFiles} removed, ${counts.affectedFiles} re-bound; ` +
      `symbols ${s.added} added, ${s.removed} removed, ${s.renamed} renamed, ${s.changed} changed`,
    `findings: ${n(counts.danglingCallers, 'dangling caller', 'dangling callers')} · ${arity} · ${n(counts.newDuplicates, 'new duplicate', 'new duplicates')} · ` +
      `${n(counts.newImportCycles, 'new import cycle', 'new import cycles')} · ${n(counts.signatureChanges, 'signature change', 'signature changes')} · ${n(counts.testsReaching, 'test reaching', 'tests reaching')}`,
    counts.failing > 0 ? `${counts.failing} failing finding(s) (what \`repograph check --fail-on-found\` fails on)` : 'no failing findings',
  ];
}

/** The delta's lists with only the kept records (a list the daemon did not compute stays absent). */
export function keptDelta(delta: AnyDelta, kept: DeltaRecord[]): Record<string, unknown> {
  const of = <K extends keyof DeltaItems>(type: K): DeltaItems[K][] => kept.filter((record) => record.type === type).map((record) => record.item as DeltaItems[K]);
  const optional = (name: string, list: unknown[] | undefined, items: unknown[]) => (list === undefined ? {} : { [name]: items });
  return {
    symbols: { added: of('added'), removed: of('removed'), renamed: of('renamed'), changed: of('changed') },
    ...optional('danglingCallers', delta.danglingCallers, of('dangling')),
    ...optional('arityFindings', delta.arityFindings, of('arity')),
    ...optional('newDuplicates', delta.newDuplicates, of('duplicate')),
    ...optional('newImportCycles', delta.newImportCycles, of('cycle')),
    ...optional('signatureChanges', delta.signatureChanges, of('signature')),
    ...optional('testsReaching', delta.testsReaching, of('tests').flat()),
    ...optional('files', delta.files, of('file')),
  };
}

/** Diagnostics of a build report kept in an answer (the rest are counted, not listed). */
const REPORT_DIAGNOSTICS = 20;

/** A build report with its diagnostics cut to the first few (`diagnosticsOmitted` counts the rest). */
export function shortReport(report: BuildReport): Record<string, unknown> {
  const omitted = report.diagnostics.length - REPORT_DIAGNOSTICS;
  return { ...report, diagnostics: report.diagnostics.slice(0, REPORT_DIAGNOSTICS), ...(omitted > 0 ? { diagnosticsOmitted: omitted } : {}) };
}

/** One line for a build: what it admitted, extracted and published, and its diagnostics by code. */
export function reportLine(report: BuildReport): string {
  const m = report.materials;
  const excluded = Object.entries(m.excluded).filter(([, value]) => value > 0).map(([reason, value]) => `${reason} ${value}`).join(', ');
  const diagnostics = Object.entries(report.diagnosticCounts).filter(([, value]) => value > 0).map(([code, value]) => `${code} ${value}`).join(', ');
  const ms = Object.values(report.timings).reduce((sum, value) => sum + value, 0);
  return `commit ${report.commit?.slice(0, 12) ?? 'none (not git)'} · ${m.admitted} of ${m.submitted} files admitted${excluded ? ` (excluded: ${excluded})` : ''}` +
    `${m.failed > 0 ? ` · ${m.failed} failed` : ''}${m.partial > 0 ? ` · ${m.partial} partial` : ''} · ${report.publication.nodes} nodes, ${report.publication.relations} relations` +
    ` (${report.analysis.unresolved} unresolved) · diagnostics: ${diagnostics || 'none'} · ${Math.round(ms)} ms`;
}

/** The first diagnostics of a build, one line each (path:line where there is one). */
export function diagnosticLines(report: BuildReport, max: number): string[] {
  const lines = report.diagnostics.slice(0, max).map((d) => `  ${d.severity} ${d.code} ${d.path}${d.line ? `:${d.line}` : ''}: ${oneLine(d.message, 200)}`);
  if (report.diagnostics.length > max) lines.push(`  … ${report.diagnostics.length - max} more diagnostics`);
  return lines;
}
