/**
 * The dependency diff's shapes: what a reader makes of one manifest or lockfile (a
 * DependencyReading), and what the diff reports (DependencyChange, diagnostics). Owns the shapes
 * and the two helpers that fill a reading; parsing lives in one reader per format, comparing in
 * versions.ts, and the diff itself in diff.ts.
 */
import type { Ecosystem } from '../types.js';

/** How one dependency changed between the review's base and head. */
export type DependencyChangeKind = 'added' | 'removed' | 'upgraded' | 'downgraded' | 'changed';

/** The semver class of an upgrade or downgrade (semver.diff's, pre- forms folded into their base). */
export type SemverClass = 'major' | 'minor' | 'patch' | 'prerelease';

/** One dependency change of the review. */
export interface DependencyChange {
  ecosystem: Ecosystem;
  /** The normalized name (npm: as written; Go: the module path; Python: PEP 503). */
  name: string;
  change: DependencyChangeKind;
  /** The base side's resolved version (or the manifest's spec when no lockfile shows it). */
  from: string | null;
  /** The head side's resolved version (or spec); null when removed. */
  to: string | null;
  /** Only for upgraded and downgraded, when both sides coerce to semver; otherwise null. */
  semver: SemverClass | null;
  /** Declared by a manifest (or a lockfile's importer) in the same folder or one below it. */
  direct: boolean;
  /** The manifest or lockfile that shows the change (a lockfile when it has the resolved versions). */
  manifest: string;
  /** Changed files importing this dependency, sorted; always empty for a transitive one. */
  importedBy: string[];
}

/** A problem with one file; the rest of the diff goes on without it. */
export interface DependencyDiagnostic {
  path: string;
  message: string;
}

export interface DependencyDiffResult {
  /** Sorted by ecosystem, name, manifest, then from and to. */
  changes: DependencyChange[];
  diagnostics: DependencyDiagnostic[];
}

/** One changed file of the review: its text on each side, null where it does not exist. */
export interface DependencyFileSides {
  path: string;
  before: string | null;
  after: string | null;
}

/** The import specifiers of one changed file (on the head side), as the graph extracted them. */
export interface ImportsOfFile {
  path: string;
  specifiers: string[];
}

/** What one manifest or lockfile says, names normalized for its ecosystem. */
export interface DependencyReading {
  ecosystem: Ecosystem;
  /** Declared direct dependencies: name to the spec a manifest gives, or a lockfile's version. */
  direct: Map<string, string>;
  /** Resolved versions by name (a lockfile may hold several copies); empty for spec-only manifests. */
  resolved: Map<string, Set<string>>;
  /** go.mod replace directives: module path to the target as written ("../fork", "m v1.2.3"). */
  replacements: Map<string, string>;
  /** Problems that did not stop the reading (a skipped line, an include not followed). */
  diagnostics: string[];
}

/**
 * What a reader returns: a reading, or why the file could not be read at all (`message` reads
 * after the file's name: "is not valid JSON (...)"; `oversize` when a size limit refused it).
 */
export type ReadOutcome =
  | { ok: true; reading: DependencyReading }
  | { ok: false; message: string; oversize?: boolean };

export function emptyReading(ecosystem: Ecosystem): DependencyReading {
  return { ecosystem, direct: new Map(), resolved: new Map(), replacements: new Map(), diagnostics: [] };
}

export function addResolved(reading: DependencyReading, name: string, version: string): void {
  const versions = reading.resolved.get(name);
  if (versions) versions.add(version);
  else reading.resolved.set(name, new Set<string>().add(version));
}

/** Keeps the first spec seen for a name (earlier sections win over later ones). */
export function addDirect(reading: DependencyReading, name: string, spec: string): void {
  if (!reading.direct.has(name)) reading.direct.set(name, spec);
}
