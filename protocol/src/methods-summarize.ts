/**
 * `repo.summarize` (issue 17): the overview of a repository an agent reads first, over one
 * snapshot. Bounded (every list is `{total, items}`, `items` the first few of `total`) and
 * deterministic (every list sorted; timings only in `meta`: two calls on one generation answer
 * the same payload). Takes ReadScope (a workspace, or `commit` for that commit's baseline).
 * @since 0.4.4
 */
import { RequestType } from 'vscode-jsonrpc';
import type { ErrorData } from './errors.js';
import type { ReadScope, WireSite, WithMeta } from './shapes.js';

export type RepoSummarizeParams = ReadScope;

/** A bounded list: `items` are the first of `total`. */
export interface BoundedList<T> {
  total: number;
  items: T[];
}

/** One entry point of a package. */
export interface EntryPoint {
  /** `main`, `module`, `types`, `exports`, `bin` (package.json); `script`, `package` (pyproject.toml, setup.cfg); `command` (a Go main package). */
  kind: string;
  /** The export subpath, bin or script name, where the manifest gives one. */
  name?: string;
  /** The file, module or folder it names, as written (a Go main package: its folder). */
  target: string;
}

/** A package as its manifest (package.json, pyproject.toml, setup.cfg, go.mod) declares it. */
export interface PackageSummary {
  manifest: string;
  ecosystem: 'npm' | 'python' | 'go';
  name: string | null;
  /** At most 20. */
  entryPoints: EntryPoint[];
  entryPointsOmitted: number;
  /** Why the manifest could not be read, when it could not. */
  problem?: string;
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
  site: WireSite;
}

export interface SummaryConfigKey {
  key: string;
  partial: boolean;
  /** Sites reading it; `site` is the first of them. */
  reads: number;
  site: WireSite;
}

export interface SummaryTable {
  table: string;
  partial: boolean;
  models: string[];
  /** Sites declaring or touching it; `site` is the first of them. */
  uses: number;
  site: WireSite;
}

/** A module others import (a file's id is its path): importing files, and import relations. */
export interface DependedOnModule {
  id: string;
  path: string;
  importers: number;
  imports: number;
}

/**
 * A folder where files of one sort cluster: the highest folders at least 80% of whose indexed
 * files (in them and below) are of the sort (the root only when all are), and, for files of the
 * sort outside every such folder, the folder each lies in. `files` of the sort among `of`.
 */
export interface FolderCluster {
  folder: string;
  files: number;
  of: number;
}

/**
 * The summary. `files` counts the manifest by status; `languages` the indexed files per language,
 * most first. `packages` (at most 30), `endpoints`, `configKeys`, `tables` (at most 25 each, by
 * path or key), `dependedOn` (the 10 targets of the most `imports` relations by importing files),
 * `tests` (the test files by each language's convention: `*.test.*`, `*.spec.*`, `__tests__/`;
 * `test_*.py`, `*_test.py`, `tests/`; `*_test.go`) and `generated` (files marked generated), each
 * with the folders they cluster in (at most 15).
 */
export interface RepoSummarizePayload {
  files: { total: number; indexed: number; partial: number; failed: number; documents: number; excluded: number };
  languages: LanguageCount[];
  packages: BoundedList<PackageSummary>;
  factsAvailable: boolean;
  endpoints: BoundedList<SummaryEndpoint>;
  configKeys: BoundedList<SummaryConfigKey>;
  tables: BoundedList<SummaryTable>;
  dependedOn: BoundedList<DependedOnModule>;
  tests: { files: number; folders: BoundedList<FolderCluster> };
  generated: { files: number; folders: BoundedList<FolderCluster> };
}
export type RepoSummarizeResult = WithMeta<RepoSummarizePayload>;

export const RepoSummarizeMethod = 'repo.summarize';
export const RepoSummarizeRequest = new RequestType<RepoSummarizeParams, RepoSummarizeResult, ErrorData>(RepoSummarizeMethod);
