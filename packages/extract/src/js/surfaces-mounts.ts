/**
 * HTTP mounts registered by calls, for finishRoutes (surfaces-routes.ts): express
 * (`app.use('/p', router)`, `app.use(router)`), fastify (`fastify.register(plugin, { prefix })` as a
 * mount of the plugin's parameter 0), koa-router (`router.use('/p', other.routes())`) and hono
 * (`app.route('/p', sub)`) (mountOf). A mount's parent router is named like an endpoint's: `on`
 * for a module-level or imported one, `onParam` for a router parameter or the local router the
 * enclosing function returns, with `onKind` where the site shows what it is (addMounts, after the
 * walk). A serving site (`http.createServer(createApp())`, `(await createApp()).listen()`, Node's
 * http/https/http2 only) is a mount with `serves: true` of the called function's returned router
 * (servingOf).
 *
 * The mount of a local router that the same function mounts
 * (`const r = Router(); r.get(...); app.use('/api', r)`) is not reported: its prefix is joined to
 * the paths of the endpoints and mounts on that router (underLocalMounts, joinKeys). A
 * module-level or imported router's mounts are reported for binding to compose.
 */
import type { MountFact, ReferenceFact, ValueExpr } from '@repograph/core';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { ROUTER_NAME, bindingOfName, importSpecifierOf, rootExpr } from './surfaces.js';
import type { ArgInfo, CallSite, SurfaceContext } from './surfaces.js';
import { holesOf, isNamedHole, namedPrefix } from './surfaces-text.js';
import type { KeyText } from './surfaces-text.js';
import { argKey, isHandlerKind, routerMake } from './surfaces-routes.js';
import type { RouterInfo } from './surfaces-routes.js';

/** A mount found before local mounts are applied to its parent. */
export interface PendingMount {
  fact: Pick<MountFact, 'framework' | 'mounted' | 'mountedParam'>;
  prefix: KeyText;
  on: RouterInfo;
  from: number;
  at: number;
}

/** A mount of a local router (applied to its routes, not reported). */
export interface LocalMount {
  prefix: KeyText;
  on: RouterInfo;
}

/** Publishes the pending mounts, each on its parent router above the local mounts (the mounts of local routers are not published). */
export function addMounts(ctx: SurfaceContext, mounts: readonly PendingMount[], localMounts: ReadonlyMap<number, LocalMount>, returned: ReadonlyMap<number, number>): void {
  for (const mount of mounts) {
    const { key: prefix, on } = underLocalMounts(mount.prefix, mount.on, localMounts);
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
      ...(prefix.holes !== undefined ? { holes: prefix.holes } : {}),
      from: mount.from, line: position.line, column: position.column,
    });
  }
}

/**
 * `key` on the router `on`, under the local mounts above it (a local router the same function
 * mounts, up to 8 deep): their prefixes joined before it, and the router the last one is on.
 */
export function underLocalMounts(key: KeyText, on: RouterInfo, localMounts: ReadonlyMap<number, LocalMount>): { key: KeyText; on: RouterInfo } {
  for (let hops = 0; on.local >= 0 && hops < 8; hops++) {
    const above = localMounts.get(on.local);
    if (above === undefined) break;
    key = joinKeys(above.prefix, key);
    on = above.on;
  }
  return { key, on };
}

/** Calls that can serve an application object (MountFact.serves). */
export const SERVING_CALLS = new Set(['createServer', 'createSecureServer', 'listen']);

/** Node's own modules whose `createServer(opts?, listener)` serves `listener`. */
const NODE_SERVERS = new Set(['http', 'https', 'http2', 'node:http', 'node:https', 'node:http2']);

/**
 * A serving site (MountFact.serves): `http.createServer(x)`, `https.createServer(opts, x)`,
 * `http2.createSecureServer(opts, x)` of Node's own modules, or `x.listen(...)`, where `x` is the
 * result of calling a function of the file or a relative import (`createApp()`, `await
 * createApp()`, `require('./app')()`) or a variable initialised with one. Published as a mount of
 * that function's returned router (`param` -1) with an empty prefix; true if one was.
 */
export function servingOf(ctx: SurfaceContext, call: CallSite, fileFramework: string | null): boolean {
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

/** The prefix a name or a `module.NAME` first argument writes (surfaces-text.ts namedPrefix), or null. */
function namedPrefixOf(ctx: SurfaceContext, call: CallSite, first: ArgInfo): KeyText | null {
  const value = first.value;
  if (first.kind === S.K_IDENT && value.k === 'name') return namedPrefix(ctx.w, value.name, call.scope);
  if (first.kind === S.K_MEMBER && value.k === 'member' && value.object.k === 'name') return namedPrefix(ctx.w, `${value.object.name}.${value.name}`, call.scope);
  return null;
}

/** `x.use('/p', ..., router)`, `x.use(router)`, hono `x.route('/p', sub)`, fastify `x.register(plugin, { prefix })`. */
export function mountOf(
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
  const named = args.length >= 2 ? namedPrefixOf(ctx, call, first) : null;
  if (first.kind === S.K_STRING || first.kind === S.K_TEMPLATE_STRING || first.kind === S.K_BINARY || named !== null) {
    const key = named ?? argKey(ctx, call, first);
    // A prefix starts with `/`, or with a constant imported from another file (binding fills it in).
    if (key === null || !(key.text.startsWith('/') || (key.text.startsWith('*') && isNamedHole(key.holes?.[0])))) return false;
    prefix = key;
    at = named !== null ? call.site : first.start + (first.kind === S.K_STRING ? 1 : 0);
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

/** `prefix` + `path`, with one `/` between them; `/` under a prefix is the prefix. */
export function joinKeys(prefix: KeyText, path: KeyText): KeyText {
  const partial = prefix.partial || path.partial;
  // Joining drops no `*`, so the holes of both (core KeyHoles) follow in order.
  const withHoles = (text: string, ...keys: KeyText[]): KeyText =>
    keys.some((key) => key.holes !== undefined) ? { text, partial, holes: keys.flatMap(holesOf) } : { text, partial };
  if (prefix.text === '' || prefix.text === '/') return withHoles(path.text, path);
  const head = prefix.text.endsWith('/') ? prefix.text.slice(0, -1) : prefix.text;
  if (path.text === '' || path.text === '/') return withHoles(head, prefix);
  return withHoles(head + (path.text.startsWith('/') ? path.text : `/${path.text}`), prefix, path);
}
