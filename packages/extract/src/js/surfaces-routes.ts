/**
 * HTTP endpoints registered by calls: express (`app.get('/x', h)`, `app.all`,
 * `app.route('/x').get(h).post(h2)`, `express.Router()`), fastify (`fastify.get('/x', opts?, h)`,
 * `fastify.route({ method, url, handler })`), koa-router (`router.get('name'?, '/x', h)`,
 * `new Router({ prefix })`) and hono (`app.get`, `new Hono().basePath('/x')`). A project's own
 * mounting helpers (a wrapper method that mounts lazily) are not read: routes behind them are
 * published partial (`*` before the path) rather than guessed. Owns the reading of every collected
 * call (finishRoutes), the endpoints, and what the object a call is made on is (routerInfo,
 * routerMake); the mounts (`app.use`, `fastify.register`, `router.use`, hono `app.route('/p', sub)`)
 * and serving sites are surfaces-mounts.ts's.
 *
 * Paths are kept as each framework writes them (express `:id`, `*`); only prefixes are joined: a
 * router's own prefix (koa-router `prefix`, hono `basePath`) and those of the local mounts above
 * a local router (surfaces-mounts.ts). A module-level or imported router keeps its routes
 * unprefixed with `router` set. A router that is parameter `n` of the enclosing function gets
 * `routerParam: n`. The receiver must be a router: made by a known factory in the file, or named
 * like one (`app`, `router`, `server`, `fastify`, `api`, `instance`, `*Router`, `*App`, ...); the
 * path must begin with `/` or `*`; the handler is the last argument and must be a function, a
 * name, a member or a call (`target` only for a name or a member whose reference the walk kept).
 * The framework is the router's factory's, else the one route framework the file imports, else
 * `fastify` for a receiver named `fastify`, else `express`.
 */
import type { ValueExpr } from '@repograph/core';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { ROUTER_NAME, bindingOfName, importSpecifierOf, rootExpr } from './surfaces.js';
import type { ArgInfo, CallSite, NewSite, SurfaceContext } from './surfaces.js';
import { keyOf } from './surfaces-text.js';
import type { KeyText } from './surfaces-text.js';
import { SERVING_CALLS, addMounts, joinKeys, mountOf, servingOf, underLocalMounts } from './surfaces-mounts.js';
import type { LocalMount, PendingMount } from './surfaces-mounts.js';
import { ownerAt, publishInlineHandlers } from './surfaces-handlers.js';

const METHODS: Record<string, string> = {
  get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', del: 'DELETE', options: 'OPTIONS', head: 'HEAD', all: 'ANY',
};

/**
 * The other methods of Node's `http.METHODS` (but `M-SEARCH`, no identifier), which express and
 * koa-router route by their lower-case names (`router.search('/x', h)`); never fastify's or hono's.
 */
export const EXTRA_METHODS: Record<string, string> = {
  acl: 'ACL', bind: 'BIND', checkout: 'CHECKOUT', connect: 'CONNECT', copy: 'COPY', link: 'LINK', lock: 'LOCK', merge: 'MERGE',
  mkactivity: 'MKACTIVITY', mkcalendar: 'MKCALENDAR', mkcol: 'MKCOL', move: 'MOVE', notify: 'NOTIFY', propfind: 'PROPFIND',
  proppatch: 'PROPPATCH', purge: 'PURGE', query: 'QUERY', rebind: 'REBIND', report: 'REPORT', search: 'SEARCH', source: 'SOURCE',
  subscribe: 'SUBSCRIBE', trace: 'TRACE', unbind: 'UNBIND', unlink: 'UNLINK', unlock: 'UNLOCK', unsubscribe: 'UNSUBSCRIBE',
};

/**
 * Route frameworks by import specifier. A Map, not an object: every import of every file is looked
 * up, and an object lookup by a specifier string (not interned) cost about 1 us in the runtime.
 */
const FRAMEWORK_OF_SPECIFIER = new Map<string, string>([
  ['express', 'express'], ['fastify', 'fastify'], ['koa-router', 'koa-router'], ['@koa/router', 'koa-router'], ['hono', 'hono'], ['@hono/zod-openapi', 'hono'],
]);


/** What is known about the object a route is registered on. */
export interface RouterInfo {
  framework: string | null;
  /** The router's own prefix (koa-router `prefix`, hono `basePath`). */
  prefix: KeyText | null;
  /** A router made by a known factory, or named like one. */
  plausible: boolean;
  /** The router is a local of a function (decl index), or -1. */
  local: number;
  router?: ValueExpr;
  routerParam?: number;
  /** What the object is, where the site shows it (SurfaceFact.routerKind). */
  kind?: 'app' | 'router';
}

/** What a router factory call makes: the framework (null: not known) and the kind of object. */
interface RouterMake {
  framework: string | null;
  kind: 'app' | 'router' | undefined;
}

/** An endpoint found before local mounts are applied. */
interface PendingEndpoint {
  method: string;
  key: KeyText;
  info: RouterInfo;
  target?: ValueExpr;
  /** The innermost published declaration around the registration (ctx.fromOf). */
  from: number;
  /** The walk's declaration around the registration. */
  encl: number;
  at: number;
  /** The handler is a function written in place: its offsets and the path argument's (surfaces-handlers.ts). */
  inline?: { start: number; end: number; keyStart: number; keyEnd: number };
}

/** Reads every collected call for endpoints and mounts. */
export function finishRoutes(ctx: SurfaceContext, calls: readonly CallSite[], newsByResult: Map<Expr, NewSite>, callsByResult: Map<Expr, CallSite>): Set<CallSite> {
  const used = new Set<CallSite>();
  const fileFramework = frameworkOfFile(ctx);
  const endpoints: PendingEndpoint[] = [];
  const mounts: PendingMount[] = [];
  const localMounts = new Map<number, LocalMount>();
  const routers = new Map<Expr, RouterInfo>();
  const infoOf = (call: CallSite, object: Expr): RouterInfo => {
    let info = routers.get(object);
    if (info === undefined) {
      info = routerInfo(ctx, call, object, newsByResult, callsByResult, fileFramework);
      routers.set(object, info);
    }
    return info;
  };
  for (const call of calls) {
    if (SERVING_CALLS.has(call.name)) {
      if (servingOf(ctx, call, fileFramework)) used.add(call);
      continue;
    }
    if (call.callee.k !== 'member') continue;
    const extra = EXTRA_METHODS[call.name];
    const method = METHODS[call.name] ?? extra;
    if (method !== undefined) {
      const endpoint = endpointOf(ctx, call, method, infoOf, callsByResult);
      const framework = endpoint === null ? null : endpoint.info.framework ?? fileFramework;
      if (extra !== undefined && (framework === 'fastify' || framework === 'hono')) continue;
      if (endpoint !== null) {
        endpoints.push(endpoint);
        used.add(call);
      }
      continue;
    }
    if (call.name === 'route' && call.args.length === 1 && call.args[0]!.kind === S.K_OBJECT) {
      const info = infoOf(call, call.callee.object);
      if (info.plausible && fastifyRoute(ctx, call, info, endpoints)) used.add(call);
    } else if (call.name === 'use' || call.name === 'route' || call.name === 'register') {
      const info = infoOf(call, call.callee.object);
      if (info.plausible && mountOf(ctx, call, info, localMounts, infoOf, mounts)) used.add(call);
    }
  }
  const returned = returnedLocals(ctx);
  addMounts(ctx, mounts, localMounts, returned);
  const composed = endpoints.map((endpoint) => underLocalMounts(endpoint.key, endpoint.info, localMounts));
  const inline = endpoints.flatMap((endpoint, i) => endpoint.inline === undefined ? [] : [{ i, ...endpoint.inline }]);
  const handlerIndexes = publishInlineHandlers(ctx, inline.map(({ i, start, end, keyStart, keyEnd }) => ({
    method: endpoints[i]!.method, path: composed[i]!.key.text, start, end, keyStart, keyEnd, base: endpoints[i]!.from,
  })));
  inline.forEach(({ i }, n) => {
    if (handlerIndexes[n]! >= 0) endpoints[i]!.target = { k: 'decl', decl: handlerIndexes[n]! };
  });
  endpoints.forEach((endpoint, i) => {
    const { key, on: info } = composed[i]!;
    // A local router the enclosing function returns: served wherever its caller mounts it.
    let routerParam = info.routerParam;
    let kind = info.kind;
    if (info.local >= 0 && endpoint.from >= 0 && returned.get(info.local) === endpoint.from) {
      routerParam = -1;
      kind ??= 'router';
    }
    const position = ctx.position(endpoint.at);
    ctx.addSurface({
      kind: 'endpoint', key: key.text, framework: endpoint.info.framework ?? info.framework ?? fileFramework ?? 'express',
      method: endpoint.method, ...(key.partial ? { partial: true } : {}), from: ownerAt(ctx, endpoint.encl, endpoint.at),
      ...(endpoint.target !== undefined ? { target: endpoint.target } : {}),
      ...(info.router !== undefined ? { router: info.router } : {}),
      ...(routerParam !== undefined ? { routerParam } : {}),
      ...(kind !== undefined ? { routerKind: kind } : {}),
      ...(key.holes !== undefined ? { holes: key.holes } : {}),
      line: position.line, column: position.column,
    });
  });
  return used;
}

/** Local declarations that a `return name` of their own function returns: decl -> that function (finished index). */
function returnedLocals(ctx: SurfaceContext): Map<number, number> {
  const out = new Map<number, number>();
  for (const { name, fn } of ctx.w.surfaces?.returned ?? []) {
    const binding = bindingOfName(name);
    if (binding === undefined || binding < 0) continue;
    const d = ctx.w.decls[binding]!;
    if (d.scope !== 'local' || d.container !== fn || fn < 0) continue;
    const from = ctx.fromOf(fn);
    if (from >= 0 && from === ctx.outputDecl(fn)) out.set(binding, from);
  }
  return out;
}

/** The one route framework the file imports, else null. */
function frameworkOfFile(ctx: SurfaceContext): string | null {
  let found: string | null = null;
  for (const imp of ctx.w.imports) {
    const framework = FRAMEWORK_OF_SPECIFIER.get(imp.specifier);
    if (framework === undefined) continue;
    if (found !== null && found !== framework) return null;
    found = framework;
  }
  return found;
}

/** `x.get('/p', ..., handler)` (and the koa form with a route name first, and `.route('/p').get(h)`). */
function endpointOf(
  ctx: SurfaceContext, call: CallSite, method: string,
  infoOf: (call: CallSite, object: Expr) => RouterInfo, callsByResult: Map<Expr, CallSite>,
): PendingEndpoint | null {
  const callee = call.callee as Extract<Expr, { k: 'member' }>;
  // `app.route('/x').get(h).post(h2)`: the path is the route call's.
  let base: Expr = callee.object;
  let routeCall: CallSite | undefined;
  for (let hops = 0; base.k === 'call' && hops < 16; hops++) {
    const inner = callsByResult.get(base);
    if (inner === undefined || inner.callee.k !== 'member') break;
    if (inner.name === 'route' && inner.args.length === 1) {
      routeCall = inner;
      break;
    }
    if (METHODS[inner.name] === undefined) break;
    base = inner.callee.object;
  }
  let key: KeyText | null;
  let keyArg: ArgInfo | undefined;
  let info: RouterInfo;
  let handlers: readonly ArgInfo[];
  if (routeCall !== undefined) {
    keyArg = routeCall.args[0];
    key = keyArg === undefined ? null : argKey(ctx, routeCall, keyArg);
    info = infoOf(routeCall, (routeCall.callee as Extract<Expr, { k: 'member' }>).object);
    handlers = call.args;
    if (handlers.length === 0) return null;
  } else {
    if (call.args.length < 2) return null;
    let index = 0;
    key = argKey(ctx, call, call.args[0]!);
    if (key !== null && !isPath(key) && call.args.length >= 3) {
      index = 1;
      key = argKey(ctx, call, call.args[1]!);
    }
    keyArg = call.args[index];
    info = infoOf(call, callee.object);
    handlers = call.args.slice(index + 1);
    if (handlers.length === 0) return null;
  }
  if (key === null || !isPath(key) || !info.plausible) return null;
  const handler = handlers[handlers.length - 1]!;
  if (!isHandlerKind(handler.kind)) return null;
  if (info.prefix !== null) key = joinKeys(info.prefix, key);
  const at = keyArg !== undefined && keyArg.start >= 0 ? keyArg.start + (keyArg.kind === S.K_STRING ? 1 : 0) : call.site;
  const target = handler.kind === S.K_IDENT || handler.kind === S.K_MEMBER ? ctx.readTarget(handler) : undefined;
  const written = (handler.kind === S.K_ARROW || handler.kind === S.K_FUNC_EXPR) && handler.start >= 0 && handler.end > handler.start;
  const inline = written ? { start: handler.start, end: handler.end, keyStart: keyArg?.start ?? -1, keyEnd: keyArg?.end ?? -1 } : undefined;
  return { method, key, info, ...(target !== undefined ? { target } : {}), from: ctx.fromOf(call.encl), encl: call.encl, at, ...(inline !== undefined ? { inline } : {}) };
}

/** `fastify.route({ method: 'GET', url: '/x', handler })`: one endpoint per method. */
function fastifyRoute(ctx: SurfaceContext, call: CallSite, info: RouterInfo, endpoints: PendingEndpoint[]): boolean {
  const arg = call.args[0]!;
  const text = arg.text ?? '';
  const url = /\b(?:url|path)\s*:\s*(['"`])([^'"`$\\\n]*)\1/.exec(text);
  const methods = /\bmethod\s*:\s*(\[[^\]]*\]|'[A-Za-z]+'|"[A-Za-z]+")/.exec(text);
  if (url === null || methods === null) return false;
  let key: KeyText = { text: url[2]!, partial: false };
  if (!isPath(key)) return false;
  if (info.prefix !== null) key = joinKeys(info.prefix, key);
  const names = [...methods[1]!.matchAll(/['"]([A-Za-z]+)['"]/g)].map((m) => m[1]!.toUpperCase());
  const handler = /\bhandler\s*:\s*([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*(?=[,}\n])/.exec(text);
  let target: ValueExpr | undefined;
  if (handler !== null) {
    const lastName = /[A-Za-z_$][\w$]*$/.exec(handler[1]!)![0];
    target = ctx.refAt(arg.start + handler.index + handler[0].length - lastName.length, 'read')?.target;
  }
  const at = arg.start + url.index + url[0].indexOf(url[1]!) + 1;
  for (const method of names) {
    endpoints.push({ method, key, info: { ...info, framework: 'fastify' }, ...(target !== undefined ? { target } : {}), from: ctx.fromOf(call.encl), encl: call.encl, at });
  }
  return names.length > 0;
}

/**
 * A router factory call or `new` (the value of `name`), else null. Kinds: `express()`,
 * `fastify()`/`Fastify()` make an `app`, and so does a call of a project's own function named
 * `express` (a wrapper, framework not known); `Router()` of express, `new Router()` of koa-router and
 * any other call or `new` of a function named `Router` (a project's own wrapper, framework not
 * known) a `router`; a `new Hono()` is an `app` only where the file serves it (`name.fetch`,
 * `serve(name`, `handle(name`), otherwise not known, since a Hono instance is mounted with
 * `route()` as often as it is served.
 */
export function routerMake(ctx: SurfaceContext, init: Expr | undefined, name: string): RouterMake | null {
  if (init === undefined) return null;
  while (init.k === 'cast' || init.k === 'refined' || init.k === 'deferred') init = init.k === 'deferred' ? init.e : init.value;
  if (init.k !== 'call' && init.k !== 'new') return null;
  let callee = init.callee;
  if (callee.k === 'member' && callee.name === 'basePath' && callee.object.k === 'new') callee = callee.object.callee;
  const lastName = callee.k === 'member' ? callee.name : callee.k === 'name' ? callee.name : '';
  const specifier = importSpecifierOf(ctx.w, callee);
  const framework = specifier === null ? undefined : FRAMEWORK_OF_SPECIFIER.get(specifier);
  if (framework === undefined || (callee.k === 'member' && callee.name !== 'Router')) {
    if (lastName === 'Router') return { framework: null, kind: 'router' };
    // A project's own wrapper named like the app factory (`const express = require('./express')`).
    return lastName === 'express' && callee.k === 'name' ? { framework: null, kind: 'app' } : null;
  }
  if (framework === 'koa-router' || lastName === 'Router') return { framework, kind: 'router' };
  if (framework === 'hono') return { framework, kind: servesHono(ctx, name) ? 'app' : undefined };
  return { framework, kind: 'app' };
}

/** The file serves the Hono instance held in `name` (`name.fetch`, `serve(name`, `handle(name`). */
function servesHono(ctx: SurfaceContext, name: string): boolean {
  let memo = servedHono.get(ctx);
  if (memo === undefined) servedHono.set(ctx, (memo = new Map()));
  let served = memo.get(name);
  if (served === undefined) memo.set(name, (served = servesName(ctx.w.text, name)));
  return served;
}

const servedHono = new WeakMap<SurfaceContext, Map<string, boolean>>();

function servesName(text: string, name: string): boolean {
  if (!/^[\w$]+$/.test(name) || !text.includes(`${name}.fetch`) && !/\b(?:serve|handle)\s*\(/.test(text)) return false;
  const escaped = name.replace(/\$/g, '\\$');
  return new RegExp(`(?:^|[^\\w$.])${escaped}\\s*\\.\\s*fetch\\b|\\b(?:serve|handle)\\s*\\(\\s*${escaped}(?![\\w$])`).test(text);
}

/** What is known about the object `object` a call is made on. */
function routerInfo(
  ctx: SurfaceContext, call: CallSite, object: Expr, newsByResult: Map<Expr, NewSite>,
  callsByResult: Map<Expr, CallSite>, fileFramework: string | null,
): RouterInfo {
  const info: RouterInfo = { framework: null, prefix: null, plausible: false, local: -1 };
  const root = rootExpr(object);
  const lastName = object.k === 'member' ? object.name : object.k === 'name' ? object.name : '';
  info.plausible = ROUTER_NAME.test(lastName);
  if (lastName === 'fastify' || lastName === 'instance') info.framework = fileFramework ?? 'fastify';
  const ref = ctx.refAt(call.site, 'call');
  const value = ref !== null && ref.target.k === 'member' ? ref.target.object : undefined;
  if (root.k === 'this') {
    if (value !== undefined && object.k === 'member') info.router = value;
    return info;
  }
  if (root.k !== 'name' || root !== object) return info;
  const binding = bindingOfName(root);
  if (binding === undefined) return info;
  if (binding <= -2) {
    // An imported router: made elsewhere, served wherever a mount puts it.
    if (value !== undefined) info.router = value;
    info.kind = 'router';
    return info;
  }
  const d = ctx.w.decls[binding]!;
  const made = routerMake(ctx, d.init, d.name);
  if (made !== null) {
    if (made.framework !== null) info.framework = made.framework;
    info.plausible = true;
    if (made.kind !== undefined) info.kind = made.kind;
    if (made.framework !== null) info.prefix = ownPrefix(ctx, d.init!, newsByResult, callsByResult);
  }
  if (d.scope === 'module') {
    if (value !== undefined) info.router = value;
  } else if (d.scope === 'parameter') {
    const fn = d.parameterOf;
    const params = fn >= 0 ? ctx.w.decls[fn]!.parameterDecls : undefined;
    const index = params === undefined ? -1 : params.indexOf(binding);
    if (index >= 0 && ctx.fromOf(call.encl) === ctx.outputDecl(fn) && ctx.outputDecl(fn) >= 0) {
      info.routerParam = index;
      info.kind = 'router';
    }
  } else {
    info.local = binding;
  }
  return info;
}

/** koa-router `new Router({ prefix: '/x' })`, hono `new Hono().basePath('/x')`: the router's own prefix. */
function ownPrefix(ctx: SurfaceContext, init: Expr, newsByResult: Map<Expr, NewSite>, callsByResult: Map<Expr, CallSite>): KeyText | null {
  const made = newsByResult.get(init);
  if (made !== undefined) {
    const options = made.args[0];
    if (options === undefined || options.kind !== S.K_OBJECT || options.text === null) return null;
    const m = /\bprefix\s*:\s*(['"`])([^'"`$\\\n]*)\1/.exec(options.text);
    return m === null ? null : { text: m[2]!, partial: false };
  }
  const basePath = callsByResult.get(init);
  if (basePath !== undefined && basePath.name === 'basePath' && basePath.args.length === 1) {
    return argKey(ctx, basePath, basePath.args[0]!);
  }
  return null;
}

/** The key (a path or prefix) an argument writes; imported constants in it are kept as holes. */
export function argKey(ctx: SurfaceContext, call: CallSite, arg: ArgInfo): KeyText | null {
  const name = arg.kind === S.K_IDENT && arg.value.k === 'name' ? arg.value.name : null;
  return keyOf(ctx.w, arg.kind, arg.text, name, call.scope, true);
}

function isPath(key: KeyText): boolean {
  return key.text.startsWith('/') || key.text.startsWith('*');
}

export function isHandlerKind(kind: number): boolean {
  return kind === S.K_IDENT || kind === S.K_MEMBER || kind === S.K_ARROW || kind === S.K_FUNC_EXPR || kind === S.K_CALL;
}
