/**
 * Architecture facts of a JS-family file (issue 17; shapes in core's surfaces.ts): owns the
 * collector the walk fills and the step after finishFacts that turns what it collected into
 * `surfaces` and `mounts`. The walk only collects candidates behind cheap tests (a callee name in
 * a small set, a member named `env`, a decorator name): calls with their arguments
 * (`surfaces-routes.ts`, `surfaces-tables.ts`, `surfaces-config.ts` read them), `new` of a router
 * class, decorators (`nest-routes.ts`), `process.env` reads; Next.js file routes come from the
 * path and the exports (`next-routes.ts`). Everything is read after the walk, when names are bound.
 *
 * Expressions come out through the finished references, never on their own: a handler, router or
 * mounted router is the target (or its object) of the reference the walk recorded at that site,
 * matched by position, so every ValueExpr in a surface or mount also occurs in `references` (or is
 * an import, or a declaration of the file). Only the first MAX_SURFACES facts in source order are
 * kept, and none whose key is longer than MAX_KEY_LENGTH.
 */
import type { FileFacts, MountFact, ReferenceFact, ReferenceKind, SurfaceFact, ValueExpr } from '@repograph/core';
import { FREE, UNRESOLVED } from '../model.js';
import type { Expr, Scope } from '../model.js';
import type { LineTable } from '../positions.js';
import type { Walker } from './walker.js';
import type { InlineHandler } from './surfaces-handlers.js';

/** At most this many surfaces (and as many mounts) per file: the first ones in source order. */
export const MAX_SURFACES = 2000;
/** A longer key or prefix is no fact (it is not a route, a variable or a table name). */
export const MAX_KEY_LENGTH = 1024;

/** One argument of a collected call. */
export interface ArgInfo {
  /** The node kind (syntax.ts K_*). */
  kind: number;
  value: Expr;
  /** Identifiers, member expressions and calls: the offset of the last name (where its read or call reference is). */
  site: number;
  /** Strings: the content; template strings, binary expressions and objects: the source text. */
  text: string | null;
  /** Where the argument starts and ends (offsets) for those, and for a function or arrow; else -1. */
  start: number;
  end: number;
}

/** A call the walk collected (see SURFACE_CALL_NAMES). */
export interface CallSite {
  callee: Expr;
  calleeKind: number;
  /** The callee's last name and its offset (the site of the call's reference). */
  name: string;
  site: number;
  args: ArgInfo[];
  /** The value the call returned in the walk (a chained call's callee object is this one). */
  result: Expr;
  /** The innermost enclosing declaration at the site, and the scope there. */
  encl: number;
  scope: Scope;
  /** A tagged template: its source text. */
  template: string | null;
  templateStart: number;
}

/** A `new X(...)` of a router class (Router, Hono). */
export interface NewSite {
  name: string;
  result: Expr;
  args: ArgInfo[];
}

/** A decorator call the walk collected (Controller, Get, Entity, ...); `ref` indexes walker.refs. */
export interface DecoratorSite {
  name: string;
  ref: number;
  args: ArgInfo[];
  site: number;
}

/** A `process.env.X` / `import.meta.env.X` / `process.env['X']` read, or a destructuring of `process.env`. */
export interface EnvSite {
  /** The key as written; `*` parts for computed ones. */
  key: string;
  partial: boolean;
  access: string;
  at: number;
  /** Where the expression ends (a `?? 'd'` default is looked for after it). */
  end: number;
  encl: number;
  default: string | null;
}

/** What the walk collected for this file's surfaces. */
export class SurfaceCollector {
  readonly calls: CallSite[] = [];
  readonly news: NewSite[] = [];
  readonly decorators: DecoratorSite[] = [];
  readonly env: EnvSite[] = [];
  /** Results of collected calls: a call on one of them (a chain) is collected too. */
  readonly results = new WeakSet<Expr>();
  /** `return name` statements (after the first candidate): `fn` the innermost declaration there. */
  readonly returned: { name: Extract<Expr, { k: 'name' }>; fn: number }[] = [];
  /** `r = f()` assigning a call to a router-named variable declared without a value; `site` the call's. */
  readonly assigned: { decl: number; site: number }[] = [];
}

/** Names a router object is plausibly held in. */
export const ROUTER_NAME = /^(app|api|server|fastify|instance|router|routes|route|routers|[\w$]*(Router|Routes|App|Api|Server))$/;

/** The collector of `w`, made on first use. */
export function collector(w: Walker): SurfaceCollector {
  return w.surfaces ?? (w.surfaces = new SurfaceCollector());
}

/**
 * Member names whose calls are collected: HTTP methods and mounts (express, koa-router, hono,
 * fastify), route chains, serving sites, config loaders, table declarations and query calls.
 */
export const SURFACE_CALL_NAMES = new Set([
  'get', 'post', 'put', 'patch', 'delete', 'del', 'options', 'head', 'all', 'use', 'route', 'register', 'basePath',
  // Serving sites (surfaces-mounts.ts): Node's `http.createServer(app)`, `x.listen()`.
  'createServer', 'createSecureServer', 'listen',
  'has', 'define', 'init', 'pgTable', 'mysqlTable', 'sqliteTable', 'knex', 'db', 'from', 'into', 'table',
  'query', 'execute', 'raw', 'prepare', 'exec', 'run', 'unsafe', 'sql', 'SQL',
  '$queryRaw', '$executeRaw', '$queryRawUnsafe', '$executeRawUnsafe', 'many', 'one', 'any', 'none', 'oneOrNone', 'manyOrNone',
  // Knex: callables holding an instance, joins, schema builder calls (surfaces-tables.ts).
  'trx', 'database', 'transaction', 'join', 'innerJoin', 'leftJoin', 'leftOuterJoin', 'rightJoin', 'rightOuterJoin', 'fullOuterJoin', 'crossJoin',
  'createTable', 'createTableIfNotExists', 'alterTable', 'hasTable', 'dropTable', 'dropTableIfExists', 'renameTable',
  // The other methods of Node's http.METHODS (surfaces-routes.ts EXTRA_METHODS).
  'acl', 'bind', 'checkout', 'connect', 'copy', 'link', 'lock', 'merge', 'mkactivity', 'mkcalendar', 'mkcol', 'move', 'notify',
  'propfind', 'proppatch', 'purge', 'rebind', 'report', 'search', 'source', 'subscribe', 'trace', 'unbind', 'unlink', 'unlock', 'unsubscribe',
]);

/** Classes whose `new` is collected (routers that take a prefix, and the Hono app). */
export const SURFACE_NEW_NAMES = new Set(['Router', 'Hono', 'OpenAPIHono']);

/** Decorators whose calls are collected. */
export const SURFACE_DECORATOR_NAMES = new Set([
  'Controller', 'Get', 'Post', 'Put', 'Patch', 'Delete', 'Options', 'Head', 'All', 'Entity', 'ViewEntity',
]);

/** The binding of a name expression (decl >= 0, import <= -2), or undefined when it is free. */
export function bindingOfName(e: Extract<Expr, { k: 'name' }>): number | undefined {
  if (e.res === UNRESOLVED) e.res = e.scope.lookup(e.ns, e.name) ?? FREE;
  return e.res === FREE ? undefined : e.res;
}

/** The root of a member chain (through casts). */
export function rootExpr(e: Expr): Expr {
  for (;;) {
    if (e.k === 'member') e = e.object;
    else if (e.k === 'cast' || e.k === 'refined') e = e.value;
    else if (e.k === 'deferred') e = e.e;
    else return e;
  }
}

/** The import specifier a name (or member chain root) is bound to, or null. */
export function importSpecifierOf(w: Walker, e: Expr): string | null {
  const root = rootExpr(e);
  if (root.k === 'import') return w.imports[root.imp]?.specifier ?? null;
  if (root.k !== 'name') return null;
  const binding = bindingOfName(root);
  if (binding === undefined || binding > -2) return null;
  return w.imports[-2 - binding]?.specifier ?? null;
}

/** The declaration a name (or member chain root) is bound to, or -1. */
export function declOf(e: Expr): number {
  const root = rootExpr(e);
  if (root.k === 'decl') return root.decl;
  if (root.k !== 'name') return -1;
  const binding = bindingOfName(root);
  return binding !== undefined && binding >= 0 ? binding : -1;
}

/** What the forms read after the walk: the walk, the finished facts and the lookups between them. */
export class SurfaceContext {
  readonly surfaces: SurfaceFact[] = [];
  readonly mounts: MountFact[] = [];
  /** Endpoints' inline handlers published so far (surfaces-handlers.ts). */
  readonly inlineHandlers: InlineHandler[] = [];
  private declsByKey: Map<string, number> | null = null;

  constructor(readonly w: Walker, readonly facts: Pick<FileFacts, 'declarations' | 'references' | 'exports' | 'imports'>, readonly lines: LineTable, readonly path: string) {}

  /** The finished reference of `kind` whose name is at offset `at`, or null (the walk dropped it). */
  refAt(at: number, kind: ReferenceKind): ReferenceFact | null {
    if (at < 0) return null;
    // References are in source order (finish.ts sorts them by offset): binary search.
    const { line, column } = this.lines.position(at);
    const refs = this.facts.references;
    let low = 0;
    let high = refs.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      const ref = refs[mid]!;
      if (ref.line < line || (ref.line === line && ref.column < column)) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < refs.length && refs[i]!.line === line && refs[i]!.column === column; i++) {
      if (refs[i]!.kind === kind) return refs[i]!;
    }
    return null;
  }

  /** The finished index of the walk's declaration `decl`, or -1 when it was not kept. */
  outputDecl(decl: number): number {
    if (decl < 0) return -1;
    if (this.declsByKey === null) {
      this.declsByKey = new Map();
      this.facts.declarations.forEach((d, i) => {
        const key = `${d.selection.start.line}:${d.selection.start.column}:${d.name}`;
        if (!this.declsByKey!.has(key)) this.declsByKey!.set(key, i);
      });
    }
    const d = this.w.decls[decl]!;
    const position = this.lines.position(d.nameStart);
    return this.declsByKey.get(`${position.line}:${position.column}:${d.name}`) ?? -1;
  }

  /** The innermost published declaration (finished index) at or around the walk's declaration `encl`, or -1. */
  fromOf(encl: number): number {
    for (let at = encl; at >= 0; at = this.w.decls[at]!.container) {
      const out = this.outputDecl(at);
      if (out >= 0 && this.facts.declarations[out]!.published) return out;
    }
    return -1;
  }

  /** A ValueExpr for a site's identifier or member argument: its finished read reference's target. */
  readTarget(arg: ArgInfo | undefined): ValueExpr | undefined {
    if (arg === undefined || arg.site < 0) return undefined;
    return this.refAt(arg.site, 'read')?.target;
  }

  position(at: number): { line: number; column: number } {
    return this.lines.position(at);
  }

  addSurface(fact: SurfaceFact): void {
    if (fact.key.length <= MAX_KEY_LENGTH) this.surfaces.push(fact);
  }

  addMount(fact: MountFact): void {
    if (fact.prefix.length <= MAX_KEY_LENGTH) this.mounts.push(fact);
  }
}
