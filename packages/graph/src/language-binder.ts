/**
 * The contract between assembly and a language family's binder. Each family (JS, Python, Go)
 * binds only its own files, so names never resolve across languages: a Python `run` never
 * reaches a Go `Run`. Owns the interface and the family dispatch; the rules live in the
 * binders.
 */
import type { Confidence, FileFacts, ReferenceKind, ValueExpr } from '@repograph/core';
import type { FileUnit } from './program.js';

/** What an expression denotes: a declaration, a module object, something outside the tree. */
export type Entity =
  | { t: 'decl'; unit: FileUnit; index: number }
  | { t: 'module'; unit: FileUnit }
  | { t: 'external' };

/** A resolved target with the confidence of the weakest step that found it. */
export interface Resolution {
  entity: Entity;
  confidence: Confidence;
  /**
   * Further targets the reference may reach with the same confidence (Python: a name defined in
   * both branches of an `if`, a receiver of a `Union` type); each becomes a relation of its own.
   */
  alternatives?: Entity[];
}

/** A file that came into the tree (with its unit) or went (its facts as they were). */
export interface MovedFile {
  path: string;
  facts: FileFacts;
  /** The unit of a file that came (this binder's own); undefined for one that went. */
  unit?: FileUnit | undefined;
}

/** Binds the references of one language family's files. */
export interface LanguageBinder {
  /**
   * Resolves the target of a reference of the given kind (a call must reach something
   * callable in some languages); null when it has no target in the tree.
   */
  resolve(unit: FileUnit, expr: ValueExpr, kind: ReferenceKind): Resolution | null;
  /** The file an import of `unit` names, when it is part of the same family's program. */
  importedUnit(unit: FileUnit, importIndex: number): FileUnit | undefined;
  /**
   * Every other file whose facts a resolution in `unit` may read directly (imports, re-export
   * sources, the files of its own package where a package is one scope). Transitively closed,
   * this bounds what must be re-bound when a file's content changes and the file set does not.
   */
  dependencies(unit: FileUnit): Iterable<FileUnit>;
  /**
   * The names under which `moved` (files that came, or went: their facts as they were) are among
   * `unit`'s dependencies without `unit` naming them in any way (a Python package's submodules:
   * `pkg.sub` is an attribute of the package whatever its `__init__` says; a Go package's files,
   * by the names they declare). When files coming or going changes a file's dependencies only
   * so, the file binds as before except where it looks one of these names up, and only files that
   * look one up can bind otherwise. Null when any is a dependency another way (an import of it, a
   * name the file itself uses). `self`: `unit` itself must be assembled again all the same (what
   * an import of it points at may have changed). Optional: every such change re-binds all dependents.
   */
  memberNames?(unit: FileUnit, moved: ReadonlyArray<MovedFile>): { names: Set<string>; self: boolean } | null;
  /**
   * The names `unit` gives a new meaning when it is bound again because it references one of
   * `changed` (names whose meaning a change may have altered): those of its declarations whose
   * meaning to other files (a type, a base, a parameter, what an initializer infers) may depend on
   * one of them. Java: a declaration's type is written in it, so only declarations that mention a
   * changed name (signature-names.ts). Optional: every name it declares.
   */
  namesGivenAnew?(unit: FileUnit, changed: ReadonlySet<string>): Iterable<string>;
  /**
   * Dependencies on whole groups of files, kept as groups: the groups `unit` is a member of
   * (`memberOf`: a Java package, a syntax-tier language) and the groups whose every member a
   * resolution in `unit` may read (`reads`: its own package, a package it imports on demand).
   * A change to a member re-binds every reader of its groups, as if each reader listed every
   * member among its dependencies, but a group of n files costs n entries instead of n²
   * (a syntax-tier language of 1,852 files was 3.4 million). Optional: no groups by default.
   */
  dependencyGroups?(unit: FileUnit): { memberOf: Iterable<string>; reads: Iterable<string> };
  /**
   * The names through which the readers of `unit`'s groups can reach it (Java: its top-level
   * types; a member is reached through its type, never by its own name). A file that comes into a
   * group re-binds only the readers that look one of these up. Optional: every name it declares.
   */
  groupNames?(unit: FileUnit): Set<string>;
  /**
   * What the next binder of the family, made over the same manifests, may start from (JS: the
   * module resolutions made, each with the paths it probed); undefined: nothing. Later use of
   * this binder may add to it, for the same files, never change what it holds.
   */
  resolutionState?(): unknown;
  /**
   * Set on a binder made from an earlier one's resolutionState across files that came, went or
   * changed: the folders whose files' imports may now resolve to other files. A file in any
   * other folder depends on the same files as under the earlier binder. Undefined: any file may.
   */
  readonly movedImportFolders?: ReadonlySet<string> | undefined;
}
