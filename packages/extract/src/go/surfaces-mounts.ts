/**
 * Go router mounts (issue 17) other than the framework calls surfaces-routes.ts reads (chi
 * `Mount`, `Handle(p, http.StripPrefix(q, h))`): a known router passed to a function or method
 * (`routes(api)`, `h.Register(v1)`) is a mount of that callee's router parameter, at the router's
 * prefix in the calling function (`mountedParam`; the callee's endpoints carry `routerParam`).
 * Servers and middleware of the standard library and the routing libraries are not callees that
 * register routes. Owns these mounts and the recording of every Go MountFact.
 */
import type { MountFact, ValueExpr } from '@repograph/core';
import type { GoNode } from './lite.js';
import type { GoWalker } from './walker.js';
import type { GoSurfaces } from './surfaces.js';
import { builderOf, routerOf, routerParameter } from './surfaces-routes.js';

/** What a mount records. */
export interface MountSite {
  prefix: string;
  framework: string;
  partial: boolean;
  mounted?: ValueExpr;
  mountedParam?: { callee: ValueExpr; param: number };
  on: ValueExpr;
  at: GoNode;
}

/** Records a mount. */
export function addMount(walker: GoWalker, s: GoSurfaces, site: MountSite): void {
  const position = walker.lines.position(site.at.startIndex);
  const fact = { prefix: site.prefix, framework: site.framework } as MountFact;
  if (site.partial) fact.partial = true;
  if (site.mounted !== undefined && site.mounted.k !== 'unknown') fact.mounted = site.mounted;
  if (site.mountedParam !== undefined) fact.mountedParam = site.mountedParam;
  // A parent router that is a parameter of the enclosing function: named as its endpoints are.
  const param = routerParameter(walker, site.on);
  if (param >= 0) fact.onParam = param;
  else fact.on = site.on;
  fact.from = walker.from;
  fact.line = position.line;
  fact.column = position.column;
  s.mounts.push(fact);
}

/** Packages whose functions take routers without registering routes on them (servers, middleware). */
const NOT_ROUTE_FUNCTIONS = /^(?:[^./]+(?:\/[^./]+)*|github\.com\/(?:gorilla|gin-gonic|gin-contrib|labstack|go-chi|rs|urfave)\/.*)$/;

/** `routes(api)`, `h.Register(v1)`: each known router argument is a mount of the callee's router parameter. */
export function passedRouters(walker: GoWalker, s: GoSurfaces, callee: ValueExpr, values: ValueExpr[], at: GoNode): void {
  if (callee.k === 'member') {
    if (callee.object.k === 'import' && NOT_ROUTE_FUNCTIONS.test(walker.imports[callee.object.imp]?.specifier ?? '')) return;
    if (routerOf(walker, s, callee.object) !== undefined || builderOf(s, callee.object, walker) !== undefined) return;
  } else if (callee.k !== 'decl' && callee.k !== 'global') {
    return;
  }
  values.forEach((value, param) => {
    const resolved = routerOf(walker, s, value);
    if (resolved === undefined) return;
    addMount(walker, s, {
      prefix: resolved.info.prefix, framework: resolved.info.framework, partial: resolved.info.partial,
      mountedParam: { callee, param }, on: resolved.root, at,
    });
  });
}
