/**
 * Architecture facts of a Go file (issue 17): the per-file state the walk's hooks fill (what is
 * known of router values, route builders and GORM query chains, by the ValueExpr objects the walk
 * returns), the entry points expressions.ts calls (`surfaceCall` after a named call,
 * `surfaceClosures` before its arguments are walked, `surfaceFuncLiteral` when a function literal
 * has declared its parameters) and the finishing into FileFacts (source order; absent when there
 * is none). The forms are surfaces-routes.ts's (endpoints, mounts), surfaces-config.ts's and
 * surfaces-tables.ts's; a function literal handler is published by surfaces-handlers.ts. Every
 * expression a fact carries is one the walk also recorded as a reference (or a part of one), so
 * incremental re-binding follows it, or a declaration of the file (such a literal). Owns the state
 * and dispatch.
 */
import type { FileFacts, MountFact, SurfaceFact, ValueExpr } from '@repograph/core';
import type { GoNode } from './lite.js';
import type { KeyText } from './surfaces-text.js';
import type { GoWalker } from './walker.js';
import { closureRouters, routeCall, routerOf, ROUTE_METHODS } from './surfaces-routes.js';
import { configCall, CONFIG_PACKAGES } from './surfaces-config.js';
import { gormModelTables, tableCall, TABLE_METHODS } from './surfaces-tables.js';
import { publishGoInlineHandlers, type GoInlineHandler } from './surfaces-handlers.js';

/** What the walk knows of a router value: its framework, the router it was derived from, the prefix. */
export interface RouterInfo {
  kind: 'router';
  framework: string;
  /** The router the prefix is relative to; null: the value itself (a constructor's result). */
  root: ValueExpr | null;
  prefix: string;
  partial: boolean;
}

/** A gorilla/mux route being built (`r.Path("/x").Methods("GET")...`), or one already registered. */
export interface RouteBuilder {
  kind: 'route';
  router: RouterInfo;
  rootExpr: ValueExpr;
  path: string | null;
  partial: boolean;
  at: number;
  methods: string[];
  /** The endpoints it registered (`HandleFunc(...)` then `.Methods(...)` updates them). */
  drafts: SurfaceFact[];
}

/** A GORM query chain from `db.Table("x")`: its table fact, whose access a later call tells. */
export interface GormChain {
  kind: 'gorm';
  fact: SurfaceFact;
}

export type ValueInfo = RouterInfo | RouteBuilder | GormChain;

/** The surfaces state of one Go walk. */
export class GoSurfaces {
  readonly surfaces: SurfaceFact[] = [];
  readonly mounts: MountFact[] = [];
  /** What is known of values the walk returned (call results), by object identity. */
  readonly info = new WeakMap<ValueExpr, ValueInfo>();
  /** Router parameters of function literals (`r.Route("/x", func(r chi.Router) {...})`), by declaration. */
  readonly declInfo = new Map<number, RouterInfo>();
  /** Function literals about to be walked whose first parameter is a known router, by node id. */
  readonly closures = new Map<number, RouterInfo>();
  /** `http.StripPrefix(p, h)` results: the prefix stripped and the handler. */
  readonly stripPrefixes = new WeakMap<ValueExpr, { key: KeyText; handler: ValueExpr }>();
  /** `http.HandlerFunc(f)` calls: the function converted, by node id. */
  readonly handlerFuncs = new Map<number, ValueExpr>();
  /** Router frameworks the file imports, by import index. */
  readonly frameworkOfImport = new Map<number, string>();
  /** Import indexes of viper and GORM. */
  readonly viper = new Set<number>();
  readonly gorm = new Set<number>();
  /** The imported router frameworks (`net/http` included). */
  readonly frameworks = new Set<string>();
  /** Endpoints whose handler is a function literal (surfaces-handlers.ts publishes it). */
  readonly inlineHandlers: GoInlineHandler[] = [];

  constructor(walker: GoWalker) {
    walker.imports.forEach((fact, index) => {
      const framework = frameworkOfSpecifier(fact.specifier);
      if (framework !== undefined) {
        this.frameworkOfImport.set(index, framework);
        this.frameworks.add(framework);
      }
      if (fact.specifier === 'github.com/spf13/viper') this.viper.add(index);
      if (fact.specifier === 'gorm.io/gorm' || fact.specifier === 'github.com/jinzhu/gorm') this.gorm.add(index);
    });
  }
}

/** The router framework an import path is. */
function frameworkOfSpecifier(specifier: string): string | undefined {
  if (specifier === 'net/http') return 'net/http';
  if (specifier === 'github.com/gorilla/mux') return 'gorilla/mux';
  if (specifier === 'github.com/gin-gonic/gin') return 'gin';
  if (/^github\.com\/labstack\/echo(?:\/v\d+)?$/.test(specifier)) return 'echo';
  if (/^github\.com\/go-chi\/chi(?:\/v\d+)?$/.test(specifier)) return 'chi';
  return undefined;
}

/** The walk's surfaces state, created on first use (after the imports are read). */
export function surfacesOf(walker: GoWalker): GoSurfaces {
  return walker.surfaces ?? (walker.surfaces = new GoSurfaces(walker));
}

/** Method and function names any hook reads: the cheap test every named call passes through. */
const HOOKED = new Set<string>([...ROUTE_METHODS, ...TABLE_METHODS, 'HandlerFunc']);
/** Methods of a `*viper.Viper` (surfaces-config.ts checks the receiver). */
const VIPER_METHOD = /^(?:Get[A-Z]?\w*|IsSet|SetDefault)$/;

/**
 * A named call the walk has just walked: `callee` (its last name `name`), the argument nodes, their
 * values and the call's own value `result` (what the walk returns for it).
 */
export function surfaceCall(walker: GoWalker, node: GoNode, callee: ValueExpr, name: string, args: GoNode[], values: ValueExpr[], result: ValueExpr): void {
  const s = surfacesOf(walker);
  if (callee.k === 'member' && callee.object.k === 'import' && CONFIG_PACKAGES.has(walker.imports[callee.object.imp]?.specifier ?? '')) {
    configCall(walker, s, callee, name, args);
    return;
  }
  const hooked = HOOKED.has(name);
  if (!hooked && !VIPER_METHOD.test(name) && !(s.frameworks.size > 0 && values.length > 0 && passesRouter(walker, s, values))) return;
  if (routeCall(walker, s, node, callee, name, args, values, result)) return;
  if (configCall(walker, s, callee, name, args)) return;
  if (hooked) tableCall(walker, s, callee, name, args, values, result);
}

/** Whether some argument is a router the state knows (a router handed to a function). */
function passesRouter(walker: GoWalker, s: GoSurfaces, values: ValueExpr[]): boolean {
  for (const value of values) if (routerOf(walker, s, value) !== undefined) return true;
  return false;
}

/** Before a named call's arguments are walked: routers handed to function literals (chi `Route`, `Group`). */
export function surfaceClosures(walker: GoWalker, callee: ValueExpr, name: string, args: GoNode[]): void {
  if ((name === 'Route' || name === 'Group') && callee.k === 'member') closureRouters(walker, surfacesOf(walker), callee, name, args);
}

/** A function literal whose parameters are declared (its declaration `index`): a known router parameter. */
export function surfaceFuncLiteral(walker: GoWalker, node: GoNode, index: number): void {
  const s = walker.surfaces;
  if (s === null || s.closures.size === 0) return;
  const info = s.closures.get(node.id);
  if (info === undefined) return;
  s.closures.delete(node.id);
  const first = walker.declarations[index + 1];
  if (first !== undefined && first.kind === 'parameter' && first.parent === index) s.declInfo.set(index + 1, info);
}

/** After the walk: model tables (GORM), then every fact into `facts` in source order. */
export function finishGoSurfaces(walker: GoWalker, root: GoNode, facts: FileFacts): void {
  gormModelTables(walker, root);
  const s = walker.surfaces;
  if (s === null) return;
  publishGoInlineHandlers(walker, s);
  const bySite = (a: { line: number; column: number }, b: { line: number; column: number }): number => a.line - b.line || a.column - b.column;
  if (s.surfaces.length > 0) facts.surfaces = expandMethods(s.surfaces).map(reorder).sort(bySite);
  if (s.mounts.length > 0) facts.mounts = [...s.mounts].sort(bySite);
}

/** Endpoints registered with several methods (`.Methods("GET", "POST")`) were kept as one fact with a list. */
function expandMethods(surfaces: SurfaceFact[]): SurfaceFact[] {
  const out: SurfaceFact[] = [];
  for (const fact of surfaces) {
    const methods = (fact as SurfaceFact & { methods?: string[] }).methods;
    if (methods === undefined) { out.push(fact); continue; }
    delete (fact as SurfaceFact & { methods?: string[] }).methods;
    if (methods.length === 0) { out.push(fact); continue; }
    for (const method of methods) out.push({ ...fact, method });
  }
  return out;
}

/** A fact with its fields in the order of SurfaceFact's declaration (snapshots and digests read them in order). */
export function reorder(fact: SurfaceFact): SurfaceFact {
  const out = { kind: fact.kind, key: fact.key, framework: fact.framework } as SurfaceFact;
  if (fact.method !== undefined) out.method = fact.method;
  if (fact.access !== undefined) out.access = fact.access;
  if (fact.default !== undefined) out.default = fact.default;
  if (fact.partial === true) out.partial = true;
  out.from = fact.from;
  if (fact.target !== undefined) out.target = fact.target;
  if (fact.router !== undefined) out.router = fact.router;
  if (fact.routerParam !== undefined) out.routerParam = fact.routerParam;
  out.line = fact.line;
  out.column = fact.column;
  return out;
}
