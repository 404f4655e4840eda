/**
 * HTTP endpoints and mounts registered by calls: express (`app.get('/x', h)`, `app.all`,
 * `app.route('/x').get(h).post(h2)`, `app.use('/p', router)`, `express.Router()`), fastify
 * (`fastify.get('/x', opts?, h)`, `fastify.route({ method, url, handler })`,
 * `fastify.register(plugin, { prefix })` as a mount of the plugin's parameter 0), koa-router
 * (`router.get('name'?, '/x', h)`, `new Router({ prefix })`, `router.use('/p', other.routes())`)
 * and hono (`app.get`, `app.route('/p', sub)`, `new Hono().basePath('/x')`). A project's own
 * mounting helpers (a wrapper method that mounts lazily) are not read: routes behind them are
 * published partial (`*` before the path) rather than guessed.
 * A mount's parent router is named like an endpoint's: `on` for a module-level or imported one,
 * `onParam` for a router parameter or the local router the enclosing function returns, with
 * `onKind` where the site shows what it is. A serving site (`http.createServer(createApp())`,
 * `(await createApp()).listen()`, Node's http/https/http2 only) is a mount with `serves: true` of
 * the called function's returned router (servingOf).
 *
 * Paths are kept as each framework writes them (express `:id`, `*`); only prefixes are joined: a
 * router's own prefix (koa-router `prefix`, hono `basePath`) and the mount of a local router
 * that the same function mounts (`const r = Router(); r.get(...); app.use('/api', r)`), whose
 * mount is then not reported. A module-level or imported router keeps its routes unprefixed with
 * `router` set, and its mounts are reported for binding to compose. A router that is parameter
 * `n` of the enclosing function gets `routerParam: n`. The receiver must be a router: made by a
 * known factory in the file, or named like one (`app`, `router`, `server`, `fastify`, `api`,
 * `instance`, `*Router`, `*App`, ...); the path must begin with `/` or `*`; the handler is the last
 * argument and must be a function, a name, a member or a call (`target` only for a name or a
 * member whose reference the walk kept). The framework is the router's factory's, else the one
 * route framework the file imports, else `fastify` for a receiver named `fastify`, else `express`.
 */
import type { MountFact, ReferenceFact, ValueExpr } from '@repograph/core';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { ROUTER_NAME, bindingOfName, importSpecifierOf, rootExpr } from './surfaces.js';
import type { ArgInfo, CallSite, NewSite, SurfaceContext } from './surfaces.js';
import { keyOf } from './surfaces-text.js';
import type { KeyText } from './surfaces-text.js';

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

const FRAMEWORK_OF_SPECIFIER: Record<string, string> = {
  express: 'express', fastify: 'fastify', 'koa-router': 'koa-router', '@koa/router': 'koa-router', hono: 'hono', '@hono/zod-openapi': 'hono',
};


/** What is known about the object a route is registered on. */
interface RouterInfo {
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
  from: number;
  at: number;
}

/** A mount found before local mounts are applied to its parent. */
interface PendingMount {
  fact: Pick<MountFact, 'framework' | 'mounted' | 'mountedParam'>;
  prefix: KeyText;
  on: RouterInfo;
  from: number;
  at: number;
}

/** A mount of a local router (applied to its routes, not reported). */
interface LocalMount {
  prefix: KeyText;
  on: RouterInfo;
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
  for (const mount of mounts) {
    let { prefix, on } = mount;
    for (let hops = 0; on.local >= 0 && hops < 8; hops++) {
      const above = localMounts.get(on.local);
      if (above === undefined) break;
      prefix = joinKeys(above.prefix, prefix);
      on = above.on;
    }
    // A parent that is a router parameter or the local router the enclosing function returns.
    let onParam = on.routerParam;
    if (onParam === undefined && on.local >= 0 && mount.from >= 0 && returned.get(on.local) === mount.from) onParam = -1;
    const position = ctx.position(mount.at);
    const fact = mount.fact;
    ctx.addMount({
      prefix: prefix.text, framework: fact.framework, ...(prefix.partial ? { partial: true } : {}),
      ...(fact.mounted !== undefined ? { mounted: fact.mounted } : {}),
      ...(fact.mountedParam !== undefined ? { mountedParam: fact.mountedParam } : {}),
      ...(onParam !== undefined ? { onParam } : on.router !== undefined ? { on: on.router } : {}),
      ...(on.kind !== undefined && (onParam !== undefined || on.router !== undefined) ? { onKind: on.kind } : {}),
      from: mount.from, line: position.line, column: position.column,
    });
  }
  for (const endpoint of endpoints) {
    let { key, info } = endpoint;
    for (let hops = 0; info.local >= 0 && hops < 8; hops++) {
      const mount = localMounts.get(info.local);
      if (mount === undefined) break;
      key = joinKeys(mount.prefix, key);
      info = mount.on;
    }
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
      method: endpoint.method, ...(key.partial ? { partial: true } : {}), from: endpoint.from,
      ...(endpoint.target !== undefined ? { target: endpoint.target } : {}),
      ...(info.router !== undefined ? { router: info.router } : {}),
      ...(routerParam !== undefined ? { routerParam } : {}),
      ...(kind !== undefined ? { routerKind: kind } : {}),
      line: position.line, column: position.column,
    });
  }
  return used;
}

/** Calls that can serve an application object (MountFact.serves). */
const SERVING_CALLS = new Set(['createServer', 'createSecureServer', 'listen']);

/** Node's own modules whose `createServer(opts?, listener)` serves `listener`. */
const NODE_SERVERS = new Set(['http', 'https', 'http2', 'node:http', 'node:https', 'node:http2']);

/**
 * A serving site (MountFact.serves): `http.createServer(x)`, `https.createServer(opts, x)`,
 * `http2.createSecureServer(opts, x)` of Node's own modules, or `x.listen(...)`, where `x` is the
 * result of calling a function of the file or a relative import (`createApp()`, `await
 * createApp()`, `require('./app')()`) or a variable initialised with one. Published as a mount of
 * that function's returned router (`param` -1) with an empty prefix; true if one was.
 */
function servingOf(ctx: SurfaceContext, call: CallSite, fileFramework: string | null): boolean {
  let served: Expr;
  let near: number;
  let forward: boolean;
  if (call.name === 'listen') {
    if (call.callee.k !== 'member') return false;
    served = call.callee.object;
    near = call.site;
    forward = false;
  } else {
    const specifier = importSpecifierOf(ctx.w, call.callee);
    if (specifier === null || !NODE_SERVERS.has(specifier) || call.args.length === 0 || call.args.length > 2) return false;
    const arg = call.args[call.args.length - 1]!;
    if (arg.kind === S.K_CALL && arg.site >= 0) {
      const callee = servedCallee(ctx, arg.value, ctx.refAt(arg.site, 'call'));
      return callee !== undefined && addServing(ctx, call, callee, fileFramework);
    }
    served = arg.value;
    near = call.site;
    forward = true;
  }
  for (let hops = 0; hops < 4; hops++) {
    while (served.k === 'cast' || served.k === 'refined' || served.k === 'deferred') served = served.k === 'deferred' ? served.e : served.value;
    if (served.k === 'call') {
      const name = lastNameOf(served.callee);
      const ref = name === '' ? null : callRefNear(ctx, near, name, forward);
      const callee = servedCallee(ctx, served, ref);
      return callee !== undefined && addServing(ctx, call, callee, fileFramework);
    }
    if (served.k !== 'name') return false;
    // A variable initialised with the call (`const app = await createApp(); app.listen(port)`).
    const binding = bindingOfName(served);
    if (binding === undefined || binding < 0) return false;
    const d = ctx.w.decls[binding]!;
    if ((d.scope !== 'local' && d.scope !== 'module') || d.init === undefined || routerMake(ctx, d.init, d.name) !== null) return false;
    served = d.init;
    near = d.nameStart;
    forward = true;
  }
  return false;
}

function addServing(ctx: SurfaceContext, call: CallSite, callee: ValueExpr, fileFramework: string | null): boolean {
  const position = ctx.position(call.site);
  ctx.addMount({
    prefix: '', framework: fileFramework ?? 'express', mountedParam: { callee, param: -1 }, serves: true,
    from: ctx.fromOf(call.encl), line: position.line, column: position.column,
  });
  return true;
}

/**
 * The callee of a call expression whose returned router a serving site serves: a relative import
 * (`require('./app')()`) or, through its call reference `ref`, a function of the file or a
 * relative import (`createApp()`); undefined otherwise.
 */
function servedCallee(ctx: SurfaceContext, value: Expr, ref: ReferenceFact | null): ValueExpr | undefined {
  if (value.k !== 'call') return undefined;
  if (value.callee.k === 'import') {
    const specifier = ctx.w.imports[value.callee.imp]?.specifier ?? '';
    return specifier.startsWith('.') ? { k: 'import', imp: value.callee.imp } : undefined;
  }
  if (ref === null) return undefined;
  const specifier = importSpecifierOf(ctx.w, value.callee);
  const root = rootExpr(value.callee);
  const ownFunction = root.k === 'name' && (bindingOfName(root) ?? -1) >= 0;
  return (specifier !== null && specifier.startsWith('.')) || (specifier === null && ownFunction) ? ref.target : undefined;
}

/** The last name of a callee expression (`b` of `a.b`), or ''. */
function lastNameOf(e: Expr): string {
  return e.k === 'member' ? e.name : e.k === 'name' ? e.name : '';
}

/**
 * The nearest call reference named `name` after (`forward`) or before the offset `at`, within a
 * few references: the one of a call the walk did not collect (`createApp` in
 * `http.createServer(await createApp())`), found by position.
 */
function callRefNear(ctx: SurfaceContext, at: number, name: string, forward: boolean): ReferenceFact | null {
  if (at < 0) return null;
  const { line, column } = ctx.position(at);
  const refs = ctx.facts.references;
  let low = 0;
  let high = refs.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    const ref = refs[mid]!;
    if (ref.line < line || (ref.line === line && ref.column < column)) low = mid + 1;
    else high = mid;
  }
  for (let i = forward ? low : low - 1, steps = 0; i >= 0 && i < refs.length && steps < 32; i += forward ? 1 : -1, steps++) {
    const ref = refs[i]!;
    if (ref.kind === 'call' && ref.name === name) return ref;
  }
  return null;
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
    const framework = FRAMEWORK_OF_SPECIFIER[imp.specifier];
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
  return { method, key, info, ...(target !== undefined ? { target } : {}), from: ctx.fromOf(call.encl), at };
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
    endpoints.push({ method, key, info: { ...info, framework: 'fastify' }, ...(target !== undefined ? { target } : {}), from: ctx.fromOf(call.encl), at });
  }
  return names.length > 0;
}

/** `x.use('/p', ..., router)`, `x.use(router)`, hono `x.route('/p', sub)`, fastify `x.register(plugin, { prefix })`. */
function mountOf(
  ctx: SurfaceContext, call: CallSite, on: RouterInfo, localMounts: Map<number, LocalMount>,
  infoOf: (call: CallSite, object: Expr) => RouterInfo, mounts: PendingMount[],
): boolean {
  const addMount = (fact: Pick<MountFact, 'framework' | 'mounted' | 'mountedParam'> & { prefix: KeyText }, at: number): void => {
    const { prefix, ...rest } = fact;
    mounts.push({ fact: rest, prefix, on, from: ctx.fromOf(call.encl), at });
  };
  const args = call.args;
  if (args.length === 0) return false;
  let prefix: KeyText = { text: '', partial: false };
  let at = call.site;
  let candidates: readonly ArgInfo[] = args;
  let framework = on.framework;
  if (call.name === 'register') {
    const options = args[1];
    if (options !== undefined && options.kind === S.K_OBJECT && options.text !== null) {
      const m = /\bprefix\s*:\s*(['"`])([^'"`$\\\n]*)\1/.exec(options.text);
      if (m !== null) {
        prefix = { text: m[2]!, partial: false };
        at = options.start + m.index + m[0].indexOf(m[1]!) + 1;
      }
    }
    const plugin = args[0]!;
    const callee = mountedValue(ctx, plugin, false);
    if (callee === undefined || callee.mounted === undefined) return false;
    addMount({ prefix, framework: 'fastify', mountedParam: { callee: callee.mounted, param: 0 } }, at);
    return true;
  }
  const first = args[0]!;
  if (first.kind === S.K_STRING || first.kind === S.K_TEMPLATE_STRING || first.kind === S.K_BINARY) {
    const key = argKey(ctx, call, first);
    if (key === null || !key.text.startsWith('/')) return false;
    prefix = key;
    at = first.start + (first.kind === S.K_STRING ? 1 : 0);
    candidates = args.slice(1);
  } else if (call.name === 'route') {
    return false;
  }
  if (call.name === 'route') {
    if (candidates.length !== 1) return false;
    framework = 'hono';
  }
  for (let i = candidates.length - 1; i >= 0; i--) {
    const arg = candidates[i]!;
    // koa-router: `other.routes()`; skip `allowedMethods()`.
    if (arg.kind === S.K_CALL && arg.value.k === 'call' && arg.value.callee.k === 'member') {
      const name = arg.value.callee.name;
      if (name === 'allowedMethods') continue;
      if (name === 'routes' || name === 'middleware') {
        const router = routerOfRoutesCall(ctx, arg);
        if (router === null) return false;
        const mountedInfo = infoOf(call, arg.value.callee.object);
        if (mountedInfo.local >= 0) localMounts.set(mountedInfo.local, { prefix, on });
        else if (router !== undefined) addMount({ prefix, framework: framework ?? 'koa-router', mounted: router }, at);
        return true;
      }
    }
    const local = localDecl(ctx, arg.value);
    const assigned = assignedCalls(ctx, arg.value);
    if (assigned.length > 0) {
      // `let r; ... r = makeRouter(); x.use('/p', r)`: one mount per function assigned.
      for (const callee of assigned) addMount({ prefix, framework: framework ?? 'express', mountedParam: { callee, param: -1 } }, at);
      return true;
    }
    if (local >= 0 && isRouterDecl(ctx, local, arg.value)) {
      localMounts.set(local, { prefix, on });
      return true;
    }
    const mounted = mountedValue(ctx, arg, prefix.text === '');
    if (mounted === undefined) {
      if (i === candidates.length - 1 && isHandlerKind(arg.kind)) return false;
      continue;
    }
    addMount({ prefix, framework: framework ?? 'express', ...mounted }, at);
    return true;
  }
  return false;
}

/** The router a `x.routes()` argument mounts (the object of its call reference), undefined if unbound, null if not one. */
function routerOfRoutesCall(ctx: SurfaceContext, arg: ArgInfo): ValueExpr | undefined | null {
  const value = arg.value as Extract<Expr, { k: 'call' }>;
  const callee = value.callee as Extract<Expr, { k: 'member' }>;
  const root = rootExpr(callee.object);
  if (root.k !== 'name' && root.k !== 'this') return null;
  // The call reference of `routes` sits at the name; find it through the argument's text.
  if (arg.site < 0) return undefined;
  const ref = ctx.refAt(arg.site, 'call');
  return ref !== null && ref.target.k === 'member' ? ref.target.object : undefined;
}

/**
 * The mounted router of an argument: a name or member whose reference was kept and which names a
 * router (a router-like name, a relative import, a declaration of the file), `require('./x')`
 * (`mounted`); or the router returned by a call of a relative import or of a function of the file
 * (`makeRouter()`, `require('./x')()`: `mountedParam` with param -1, which the endpoints that
 * function registers on the local router it returns pair with); undefined otherwise.
 */
function mountedValue(ctx: SurfaceContext, arg: ArgInfo, bare: boolean): Pick<MountFact, 'mounted' | 'mountedParam'> | undefined {
  const value = arg.value;
  if (value.k === 'import') {
    const specifier = ctx.w.imports[value.imp]?.specifier ?? '';
    return specifier.startsWith('.') ? { mounted: { k: 'import', imp: value.imp } } : undefined;
  }
  if (arg.kind === S.K_IDENT || arg.kind === S.K_MEMBER) {
    const target = ctx.readTarget(arg);
    if (target === undefined) return undefined;
    const name = value.k === 'member' ? value.name : value.k === 'name' ? value.name : '';
    const specifier = importSpecifierOf(ctx.w, value);
    if (ROUTER_NAME.test(name) || (specifier !== null && specifier.startsWith('.')) || (specifier === null && target.k === 'decl' && !bare)) return { mounted: target };
    if (specifier === null && target.k === 'decl' && isRouterDecl(ctx, localDecl(ctx, value, true), value)) return { mounted: target };
    return undefined;
  }
  if (arg.kind === S.K_CALL && value.k === 'call') {
    if (value.callee.k === 'import') {
      const specifier = ctx.w.imports[value.callee.imp]?.specifier ?? '';
      return specifier.startsWith('.') ? { mountedParam: { callee: { k: 'import', imp: value.callee.imp }, param: -1 } } : undefined;
    }
    const callee = arg.site >= 0 ? returningCallee(ctx, value.callee, arg.site) : undefined;
    return callee === undefined ? undefined : { mountedParam: { callee, param: -1 } };
  }
  return undefined;
}

/** The callee (its call reference's target) of a call at `site` of a relative import or of a function of the file, else undefined. */
function returningCallee(ctx: SurfaceContext, callee: Expr, site: number): ValueExpr | undefined {
  const specifier = importSpecifierOf(ctx.w, callee);
  const root = rootExpr(callee);
  const ownFunction = root.k === 'name' && (bindingOfName(root) ?? -1) >= 0;
  if ((specifier !== null && specifier.startsWith('.')) || (specifier === null && ownFunction)) {
    return ctx.refAt(site, 'call')?.target;
  }
  return undefined;
}

/** `let r; ... r = makeRouter()` (a name declared without a value): the callees of the calls assigned to it. */
function assignedCalls(ctx: SurfaceContext, e: Expr): ValueExpr[] {
  const assigned = ctx.w.surfaces?.assigned;
  if (assigned === undefined || assigned.length === 0 || e.k !== 'name') return [];
  const binding = bindingOfName(e);
  if (binding === undefined || binding < 0 || !ctx.w.decls[binding]!.noInitializer) return [];
  const out: ValueExpr[] = [];
  for (const { decl, site } of assigned) {
    if (decl !== binding) continue;
    const ref = ctx.refAt(site, 'call');
    if (ref === null) continue;
    const target = ref.target;
    if (target.k !== 'decl' && !(target.k === 'import' && (ctx.facts.imports[target.imp]?.specifier ?? '').startsWith('.'))) continue;
    if (!out.some((known) => JSON.stringify(known) === JSON.stringify(ref.target))) out.push(ref.target);
  }
  return out;
}

/** A local (function-scope) declaration the expression names, or -1; `any`: module-level too. */
function localDecl(ctx: SurfaceContext, e: Expr, any = false): number {
  if (e.k !== 'name') return -1;
  const binding = bindingOfName(e);
  if (binding === undefined || binding < 0) return -1;
  return any || ctx.w.decls[binding]!.scope === 'local' ? binding : -1;
}

/** The declaration is initialised by a router factory (or named like a router). */
function isRouterDecl(ctx: SurfaceContext, decl: number, e: Expr): boolean {
  if (decl < 0) return false;
  const d = ctx.w.decls[decl]!;
  return routerMake(ctx, d.init, d.name) !== null || (e.k === 'name' && ROUTER_NAME.test(e.name));
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
function routerMake(ctx: SurfaceContext, init: Expr | undefined, name: string): RouterMake | null {
  if (init === undefined) return null;
  while (init.k === 'cast' || init.k === 'refined' || init.k === 'deferred') init = init.k === 'deferred' ? init.e : init.value;
  if (init.k !== 'call' && init.k !== 'new') return null;
  let callee = init.callee;
  if (callee.k === 'member' && callee.name === 'basePath' && callee.object.k === 'new') callee = callee.object.callee;
  const lastName = callee.k === 'member' ? callee.name : callee.k === 'name' ? callee.name : '';
  const specifier = importSpecifierOf(ctx.w, callee);
  const framework = specifier === null ? undefined : FRAMEWORK_OF_SPECIFIER[specifier];
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

function argKey(ctx: SurfaceContext, call: CallSite, arg: ArgInfo): KeyText | null {
  const name = arg.kind === S.K_IDENT && arg.value.k === 'name' ? arg.value.name : null;
  return keyOf(ctx.w, arg.kind, arg.text, name, call.scope);
}

function isPath(key: KeyText): boolean {
  return key.text.startsWith('/') || key.text.startsWith('*');
}

function isHandlerKind(kind: number): boolean {
  return kind === S.K_IDENT || kind === S.K_MEMBER || kind === S.K_ARROW || kind === S.K_FUNC_EXPR || kind === S.K_CALL;
}

/** `prefix` + `path`, with one `/` between them; `/` under a prefix is the prefix. */
export function joinKeys(prefix: KeyText, path: KeyText): KeyText {
  const partial = prefix.partial || path.partial;
  if (prefix.text === '' || prefix.text === '/') return { text: path.text, partial };
  const head = prefix.text.endsWith('/') ? prefix.text.slice(0, -1) : prefix.text;
  if (path.text === '' || path.text === '/') return { text: head, partial };
  return { text: head + (path.text.startsWith('/') ? path.text : `/${path.text}`), partial };
}
