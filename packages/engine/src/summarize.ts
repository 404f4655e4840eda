/**
 * repo.summarize: the overview an agent reads first, over one snapshot. Languages and file counts
 * (the manifest), packages and their entry points (summarize-packages.ts), the endpoints,
 * configuration keys and tables (architecture-facts.ts), the most depended-on modules (targets of
 * `imports` relations, by importing files), where the tests are and where generated files cluster
 * (folders: folder-clusters). Bounded: every list is `{total, items}` with at most a fixed number
 * of items; deterministic: every list is sorted, and nothing in it depends on time (timings are the
 * caller's `meta`). Owns the assembly of the summary; the test-file rule is the caller's (analysis
 * owns the conventions).
 */
import { compareStrings, dirnameOf, type Site } from '@repograph/core';
import type { FileEntry, SnapshotReader } from '@repograph/store';
import type { ArchitectureFacts } from './architecture-facts.js';
import type { QueryMeter } from './query-budget.js';
import type { TextSource } from './session-text.js';
import { isPackageManifest, packageOf, type PackageSummary } from './summarize-packages.js';

/** A bounded list: `items` are the first of `total`. */
export interface Bounded<T> {
  total: number;
  items: T[];
}

export interface LanguageCount {
  language: string;
  files: number;
}

export interface SummaryEndpoint {
  method: string;
  path: string;
  partial: boolean;
  handler: string | null;
  site: Site;
}

export interface SummaryConfigKey {
  key: string;
  partial: boolean;
  /** Sites reading it. */
  reads: number;
  /** The first of them (by path, line, column). */
  site: Site;
}

export interface SummaryTable {
  table: string;
  partial: boolean;
  /** The model symbols that map it. */
  models: string[];
  /** Sites declaring or touching it. */
  uses: number;
  site: Site;
}

/** A module others import: its symbol id (a file's is its path), how many files import it, and how many import relations. */
export interface DependedOnModule {
  id: string;
  path: string;
  importers: number;
  imports: number;
}

/** A folder where files of one sort (tests, generated files) cluster. */
export interface FolderCluster {
  /** The folder ('' for the repository root). */
  folder: string;
  /** Files of that sort in the folder and below. */
  files: number;
  /** Indexed files in the folder and below. */
  of: number;
}

export interface RepoSummary {
  files: { total: number; indexed: number; partial: number; failed: number; documents: number; excluded: number };
  languages: LanguageCount[];
  packages: Bounded<PackageSummary>;
  /** False when the snapshot has no architecture facts (endpoints, configKeys and tables are then empty, not known empty). */
  factsAvailable: boolean;
  endpoints: Bounded<SummaryEndpoint>;
  configKeys: Bounded<SummaryConfigKey>;
  tables: Bounded<SummaryTable>;
  dependedOn: Bounded<DependedOnModule>;
  tests: { files: number; folders: Bounded<FolderCluster> };
  generated: { files: number; folders: Bounded<FolderCluster> };
}

/** What the caller decides: which paths are tests (analysis's conventions). */
export interface SummaryOptions {
  isTestFile: (path: string) => boolean;
}

/** Items per list. */
export const SUMMARY_LIMITS = { packages: 30, endpoints: 25, configKeys: 25, tables: 25, dependedOn: 10, folders: 15 } as const;
/** A folder is a cluster when at least this share of its indexed files (and below) are of the sort (the root: all of them). */
const CLUSTER_SHARE = 0.8;

export function summarizeSnapshot(reader: SnapshotReader, text: TextSource, facts: ArchitectureFacts, options: SummaryOptions, meter: QueryMeter): RepoSummary {
  const entries = [...reader.files()];
  meter.work(entries.length);
  const indexed = entries.filter((entry) => entry.status === 'parsed' || entry.status === 'partial');
  const files = {
    total: entries.length,
    indexed: indexed.length,
    partial: entries.filter((entry) => entry.status === 'partial').length,
    failed: entries.filter((entry) => entry.status === 'failed').length,
    documents: entries.filter((entry) => entry.status === 'document').length,
    excluded: entries.filter((entry) => entry.status === 'excluded').length,
  };
  const byLanguage = new Map<string, number>();
  for (const entry of indexed) if (entry.language) byLanguage.set(entry.language, (byLanguage.get(entry.language) ?? 0) + 1);
  const languages = [...byLanguage].map(([language, count]) => ({ language, files: count }))
    .sort((a, b) => b.files - a.files || compareStrings(a.language, b.language));
  const testFiles = indexed.filter((entry) => options.isTestFile(entry.path));
  const generatedFiles = indexed.filter((entry) => entry.generated);
  return {
    files,
    languages,
    packages: bounded(packagesOf(reader, entries, text), SUMMARY_LIMITS.packages),
    factsAvailable: facts.available,
    ...factLists(facts),
    dependedOn: dependedOn(reader, meter),
    tests: { files: testFiles.length, folders: bounded(folderClusters(indexed, new Set(testFiles.map((entry) => entry.path))), SUMMARY_LIMITS.folders) },
    generated: { files: generatedFiles.length, folders: bounded(folderClusters(indexed, new Set(generatedFiles.map((entry) => entry.path))), SUMMARY_LIMITS.folders) },
  };
}

function bounded<T>(items: T[], limit: number): Bounded<T> {
  return { total: items.length, items: items.slice(0, limit) };
}

/** The files whose text the overview reads: package manifests, and Go files that declare a `main` function. */
export function summaryTextPaths(reader: SnapshotReader): string[] {
  const paths: string[] = [];
  for (const entry of reader.files()) {
    if (isPackageManifest(entry.path) || (isGoMainCandidate(entry.path) && isMainFunction(reader, entry.path))) paths.push(entry.path);
  }
  return paths;
}

function packagesOf(reader: SnapshotReader, entries: readonly FileEntry[], text: TextSource): PackageSummary[] {
  const manifests = entries.filter((entry) => isPackageManifest(entry.path)).map((entry) => entry.path);
  const goMains = manifests.some((path) => path.endsWith('go.mod')) ? goMainFolders(reader, entries, text) : [];
  text.preload(manifests);
  return manifests.map((path) => packageOf(path, text.text(path), goMains))
    .sort((a, b) => compareStrings(a.manifest, b.manifest));
}

/** Folders holding a Go file with a top-level `func main` in `package main`. */
function goMainFolders(reader: SnapshotReader, entries: readonly FileEntry[], text: TextSource): string[] {
  const folders = new Set<string>();
  for (const entry of entries) {
    if (!isGoMainCandidate(entry.path)) continue;
    const folder = dirnameOf(entry.path);
    if (folders.has(folder) || !isMainFunction(reader, entry.path)) continue;
    const lines = text.linesOf(entry.path);
    if (lines?.some((line) => /^package\s+main\b/.test(line))) folders.add(folder);
  }
  return [...folders].sort(compareStrings);
}

function isGoMainCandidate(path: string): boolean {
  return path.endsWith('.go') && !path.endsWith('_test.go');
}

/** The file declares a top-level function `main`. */
function isMainFunction(reader: SnapshotReader, path: string): boolean {
  return reader.getSymbol(`${path}#main`)?.kind === 'function';
}

function compareSites(a: Site, b: Site): number {
  return compareStrings(a.path, b.path) || a.line - b.line || a.column - b.column;
}

function factLists(facts: ArchitectureFacts): Pick<RepoSummary, 'endpoints' | 'configKeys' | 'tables'> {
  const endpoints = facts.endpoints().map((each) => ({ method: each.method, path: each.path, partial: each.partial, handler: each.handler, site: each.site }))
    .sort((a, b) => compareStrings(a.path, b.path) || compareStrings(a.method, b.method) || compareSites(a.site, b.site));
  const firstSite = (sites: ReadonlyArray<{ site: Site }>): Site => sites.map((each) => each.site).sort(compareSites)[0] ?? { path: '', line: 0, column: 0 };
  const configKeys = facts.configKeys().map((entry) => ({ key: entry.key, partial: entry.partial, reads: entry.sites.length, site: firstSite(entry.sites) }))
    .sort((a, b) => compareStrings(a.key, b.key));
  const tables = facts.tables().map((entry) => ({ table: entry.table, partial: entry.partial, models: [...entry.models].sort(compareStrings), uses: entry.sites.length, site: firstSite(entry.sites) }))
    .sort((a, b) => compareStrings(a.table, b.table));
  return {
    endpoints: bounded(endpoints, SUMMARY_LIMITS.endpoints),
    configKeys: bounded(configKeys, SUMMARY_LIMITS.configKeys),
    tables: bounded(tables, SUMMARY_LIMITS.tables),
  };
}

/**
 * The targets of resolved `imports` relations (files: the binders point a Go import at its
 * package's first file), by distinct importing files, then relations, then id. One pass over the
 * snapshot's relations (measured faster than reading the reverse index of every file).
 */
function dependedOn(reader: SnapshotReader, meter: QueryMeter): Bounded<DependedOnModule> {
  const targets = new Map<string, { importers: Set<string>; imports: number }>();
  let visited = 0;
  for (const relation of reader.allRelations()) {
    if (++visited === 4096) { meter.work(visited); visited = 0; }
    if (relation.kind !== 'imports' || relation.to === null) continue;
    let target = targets.get(relation.to);
    if (!target) {
      target = { importers: new Set(), imports: 0 };
      targets.set(relation.to, target);
    }
    target.importers.add(relation.site.path);
    target.imports++;
  }
  meter.work(visited);
  const modules = [...targets].map(([id, target]) => ({ id, path: pathOfId(reader, id), importers: target.importers.size, imports: target.imports }))
    .sort((a, b) => b.importers - a.importers || b.imports - a.imports || compareStrings(a.id, b.id));
  return bounded(modules, SUMMARY_LIMITS.dependedOn);
}

function pathOfId(reader: SnapshotReader, id: string): string {
  const hash = id.indexOf('#');
  if (hash >= 0) return id.slice(0, hash);
  return reader.getSymbol(id)?.path ?? id;
}

/**
 * The folders where the `members` cluster: the highest folders at least 80% of whose indexed
 * files (in them and below) are members (the root only when all are), and, for members outside
 * every such folder, the folder each lies in. Most members first, then by folder.
 */
export function folderClusters(files: readonly FileEntry[], members: ReadonlySet<string>): FolderCluster[] {
  if (members.size === 0) return [];
  const total = new Map<string, number>();
  const inside = new Map<string, number>();
  for (const entry of files) {
    const member = members.has(entry.path);
    for (const folder of ancestors(entry.path)) {
      total.set(folder, (total.get(folder) ?? 0) + 1);
      if (member) inside.set(folder, (inside.get(folder) ?? 0) + 1);
    }
  }
  const isCluster = (folder: string) => (inside.get(folder) ?? 0) / (total.get(folder) ?? 1) >= (folder === '' ? 1 : CLUSTER_SHARE);
  const chosen = new Set<string>();
  for (const path of members) {
    const chain = ancestors(path).reverse(); // from the root down
    chosen.add(chain.find(isCluster) ?? dirnameOf(path));
  }
  return [...chosen].map((folder) => ({ folder, files: inside.get(folder) ?? 0, of: total.get(folder) ?? 0 }))
    .sort((a, b) => b.files - a.files || compareStrings(a.folder, b.folder));
}

/** A path's folders, nearest first, ending with '' (the root). */
function ancestors(path: string): string[] {
  const out: string[] = [];
  let folder = dirnameOf(path);
  for (;;) {
    out.push(folder);
    if (folder === '') return out;
    folder = dirnameOf(folder);
  }
}
