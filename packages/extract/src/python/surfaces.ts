/**
 * Architecture facts of a Python file (issue 17): the drafts the walk's hooks collect
 * (surfaces-routes.ts for endpoints and mounts, surfaces-config.ts for configuration keys,
 * surfaces-tables.ts for tables) and their finishing into core's SurfaceFact/MountFact once
 * ../finish.ts has bound and renumbered the file. A draft names its expressions by site, never
 * by value: the reference the walk recorded at an offset (so every expression a fact carries is
 * also one of the file's references, which incremental re-binding follows), a declaration
 * of the walk (renumbered like finish.ts does, by its name's position), or a module. Owns the
 * draft shapes, the per-file state and the finishing; it does not decide which calls are facts.
 */
import type { FileFacts, MountFact, ReferenceFact, SurfaceFact, SurfaceKind, ValueExpr } from '@repograph/core';
import type { Expr } from '../model.js';
import type { FinishedFacts } from '../finish.js';
import type { LineTable } from '../positions.js';
import type { PyWalker } from './state.js';
import { includeLocalLists, resolvePrefixes } from './surfaces-routes.js';
import { djangoModelTables } from './surfaces-tables.js';

/**
 * Where a fact's expression is found once the file is finished: the reference at `at` (its
 * target, or the object of its member target with `object`), a declaration of the walk, or a
 * module named by its dotted path.
 */
export type Site =
  | { at: number; object: boolean }
  | { decl: number }
  | { module: string };

/** An architecture fact as the walk finds it. */
export interface SurfaceDraft {
  kind: SurfaceKind;
  key: string;
  framework: string;
  /** Endpoints: one fact per method; [] for a method the site does not tell. */
  methods: string[];
  access?: string;
  default?: string;
  partial: boolean;
  /** The walk's enclosing declaration at the site. */
  encl: number;
  /** Offset of the key's literal (or of the call). */
  at: number;
  target?: Site;
  router?: Site;
  /** The router object as the walk saw it: its prefix (a Blueprint's url_prefix) is applied at the finish. */
  routerExpr?: Expr;
  /** Django: the pattern is a regular expression (`re_path`, `url`). */
  regex?: boolean;
  /** Flask: the part of `key` the Blueprint's own `url_prefix` wrote (SurfaceFact.routerPrefix). */
  routerPrefix?: string;
}

/** A mount as the walk finds it. */
export interface MountDraft {
  prefix: string;
  framework: string;
  partial: boolean;
  encl: number;
  at: number;
  mounted?: Site;
  on?: Site;
  /** The parent router object, whose own prefix is applied at the finish. */
  onExpr?: Expr;
  /** Django `include(name)`: the name, which may be a list of patterns of this file (then no mount). */
  includedName?: string;
  /** Django: the prefix is a regular expression's (`re_path`, `url`). */
  regex?: boolean;
  /** Flask `register_blueprint(bp, url_prefix=...)`: the prefix replaces the blueprint's own. */
  replacesPrefix?: boolean;
}

/** The surfaces state of one walk (created on the first draft). */
export class PySurfaces {
  readonly drafts: SurfaceDraft[] = [];
  readonly mounts: MountDraft[] = [];
  /** The prefix a router constructor call gives (`Blueprint(url_prefix=)`, `APIRouter(prefix=)`), by its call value. */
  readonly prefixByCall = new Map<Expr, { prefix: string; partial: boolean }>();
  /** Django `include(...)` calls by their start offset, read by the `path()` that holds them. */
  readonly includes = new Map<number, DjangoInclude>();
  /** Django: model Meta options by the model's declaration (`db_table`, `abstract`, `proxy`, `app_label`), with the value's offset. */
  readonly metaOptions = new Map<number, Map<string, { text: string; at: number; encl: number }>>();
  /** `__tablename__ = '...'` by class declaration. */
  readonly tableNames: Array<{ cls: number; key: string; at: number }> = [];
  /** Imports already classified (see frameworks). */
  importsSeen = 0;
  flask = false;
  fastapi = false;
  django = false;
  sqlalchemy = false;
  /** The file imports `configparser`. */
  configparser = false;
}

/** A Django `include(...)` call: a module, an inline list of patterns (its offsets), or an expression's site. */
export interface DjangoInclude {
  module?: string;
  /** `include(name)`: the name as written. */
  name?: string;
  listStart?: number;
  listEnd?: number;
  site?: Site;
  at: number;
}

/** The walk's surfaces state, created on first use. */
export function surfacesOf(w: PyWalker): PySurfaces {
  return w.surfaces ?? (w.surfaces = new PySurfaces());
}

/** Classifies the imports recorded since the last call (frameworks are told by the file's imports). */
export function frameworks(w: PyWalker): PySurfaces {
  const s = surfacesOf(w);
  for (; s.importsSeen < w.imports.length; s.importsSeen++) {
    const top = w.imports[s.importsSeen]!.specifier.split('.')[0]!;
    if (top === 'flask' || top === 'quart') s.flask = true;
    else if (top === 'fastapi' || top === 'starlette') s.fastapi = true;
    else if (top === 'django') s.django = true;
    else if (top === 'sqlalchemy' || top === 'flask_sqlalchemy' || top === 'sqlmodel') s.sqlalchemy = true;
    else if (top === 'configparser' || top === 'ConfigParser') s.configparser = true;
  }
  return s;
}

/** What finishSurfaces adds to the facts (each absent when there is none). */
export interface FinishedSurfaces {
  surfaces?: SurfaceFact[];
  mounts?: MountFact[];
}

/**
 * Turns the drafts into facts, after ../finish.ts: sites become the finished references' targets
 * and renumbered declarations; prefixes of routers made in this file are applied.
 */
export function finishSurfaces(w: PyWalker, path: string, facts: FinishedFacts, lines: LineTable): FinishedSurfaces {
  // A models file may hold nothing the walk's hooks saw: its classes are read here.
  if (w.surfaces === null && !w.imports.some((record) => record.specifier.startsWith('django'))) return {};
  const s = frameworks(w);
  djangoModelTables(w, s, path);
  if (s.drafts.length === 0 && s.mounts.length === 0) return {};
  resolvePrefixes(w, s);
  includeLocalLists(w, s);
  const finisher = new Finisher(w, facts, lines);
  const surfaces: SurfaceFact[] = [];
  for (const draft of s.drafts) {
    const methods = draft.kind === 'endpoint' && draft.methods.length > 0 ? draft.methods : [undefined];
    const position = lines.position(draft.at);
    const base: SurfaceFact = { kind: draft.kind, key: draft.key, framework: draft.framework, from: finisher.from(draft.encl), line: position.line, column: position.column };
    const target = draft.target === undefined ? undefined : finisher.value(draft.target);
    const router = draft.router === undefined ? undefined : finisher.value(draft.router);
    for (const method of methods) {
      const fact = { kind: base.kind, key: base.key, framework: base.framework } as SurfaceFact;
      if (method !== undefined) fact.method = method;
      if (draft.access !== undefined) fact.access = draft.access;
      if (draft.default !== undefined) fact.default = draft.default;
      if (draft.partial) fact.partial = true;
      fact.from = base.from;
      if (target !== undefined) fact.target = target;
      if (router !== undefined) fact.router = router;
      if (draft.routerPrefix !== undefined) fact.routerPrefix = draft.routerPrefix;
      fact.line = base.line;
      fact.column = base.column;
      surfaces.push(fact);
    }
  }
  const mounts: MountFact[] = [];
  for (const draft of s.mounts) {
    const position = lines.position(draft.at);
    const fact: MountFact = { prefix: draft.prefix, framework: draft.framework } as MountFact;
    if (draft.partial) fact.partial = true;
    const mounted = draft.mounted === undefined ? undefined : finisher.value(draft.mounted);
    if (mounted !== undefined) fact.mounted = mounted;
    const on = draft.on === undefined ? undefined : finisher.value(draft.on);
    if (on !== undefined) fact.on = on;
    if (draft.replacesPrefix === true) fact.replacesPrefix = true;
    fact.from = finisher.from(draft.encl);
    fact.line = position.line;
    fact.column = position.column;
    mounts.push(fact);
  }
  const bySite = (a: { line: number; column: number }, b: { line: number; column: number }): number => a.line - b.line || a.column - b.column;
  surfaces.sort(bySite);
  mounts.sort(bySite);
  const result: FinishedSurfaces = {};
  if (surfaces.length > 0) result.surfaces = surfaces;
  if (mounts.length > 0) result.mounts = mounts;
  return result;
}

/** Copies finished surfaces onto FileFacts-shaped output (absent, not empty, when there are none). */
export function assignSurfaces(into: Pick<FileFacts, 'surfaces' | 'mounts'>, finished: FinishedSurfaces): void {
  if (finished.surfaces !== undefined) into.surfaces = finished.surfaces;
  if (finished.mounts !== undefined) into.mounts = finished.mounts;
}

/** Maps the walk's sites and declarations to the finished facts. */
class Finisher {
  private refsAt: Map<string, ReferenceFact> | null = null;
  private declAt: Map<string, number> | null = null;

  constructor(private readonly w: PyWalker, private readonly facts: FinishedFacts, private readonly lines: LineTable) {}

  /** The finished value of a site, undefined when finishing dropped it. */
  value(site: Site): ValueExpr | undefined {
    if ('module' in site) return { k: 'module', specifier: site.module };
    if ('decl' in site) {
      const index = this.factIndex(site.decl);
      return index < 0 ? undefined : { k: 'decl', decl: index };
    }
    const ref = this.refAt(site.at);
    if (ref === undefined) return undefined;
    if (!site.object) return ref.target;
    return ref.target.k === 'member' && ref.target.object.k !== 'unknown' ? ref.target.object : undefined;
  }

  /** The innermost published declaration (finished index) at or above the walk's declaration `encl`. */
  from(encl: number): number {
    for (let at = encl; at >= 0; at = this.w.decls[at]!.container) {
      const index = this.factIndex(at);
      if (index >= 0 && this.facts.declarations[index]!.published) return index;
    }
    return -1;
  }

  private refAt(at: number): ReferenceFact | undefined {
    if (this.refsAt === null) {
      this.refsAt = new Map();
      for (const ref of this.facts.references) {
        const key = `${ref.line}:${ref.column}`;
        if (!this.refsAt.has(key)) this.refsAt.set(key, ref);
      }
    }
    const p = this.lines.position(at);
    return this.refsAt.get(`${p.line}:${p.column}`);
  }

  /** The finished index of the walk's declaration `decl`, -1 when finishing dropped it. */
  private factIndex(decl: number): number {
    if (this.declAt === null) {
      this.declAt = new Map();
      this.facts.declarations.forEach((fact, index) => {
        const key = `${fact.selection.start.line}:${fact.selection.start.column}:${fact.name}`;
        if (!this.declAt!.has(key)) this.declAt!.set(key, index);
      });
    }
    const d = this.w.decls[decl];
    if (d === undefined) return -1;
    const p = this.lines.position(d.nameStart);
    return this.declAt.get(`${p.line}:${p.column}:${d.name}`) ?? -1;
  }
}
