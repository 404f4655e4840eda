/**
 * Go HTTP endpoints and mounts (issue 17): net/http (`http.HandleFunc`, `mux.Handle` on a
 * ServeMux, Go 1.22 `"GET /items/{id}"` patterns, `Handle(p, http.StripPrefix(q, h))` as a mount),
 * gorilla/mux (`HandleFunc(...).Methods(...)`, `Path(...).Methods(...).HandlerFunc(...)`,
 * `PathPrefix(...).Subrouter()`, `PathPrefix(...).Handler(...)`), gin (`GET`..., `Any`, `Handle`,
 * `Match`, nested `Group`s), echo (`GET`..., `Any`, `Add`, `Match`, `Group`) and chi (`Get`...,
 * `Handle`, `Method`, `Route` with its closure, `Group`, `With`, `Mount`). A framework is told by
 * the file's imports and, where the walk knows it, by how the router was made (a constructor, a
 * parameter's declared type, a group or subrouter of a known router); a receiver it cannot trace
 * (a struct field) is read only when exactly one imported framework has that method. Prefixes
 * made in the same function are applied; a router that is a parameter of the enclosing function
 * gives `routerParam`, and a known router passed to a call (`routes(api)`) gives a mount with
 * `mountedParam`. Owns these forms.
 */
import type { SurfaceFact, ValueExpr } from '@repograph/core';
import type { GoNode } from './lite.js';
import type { GoWalker } from './walker.js';
import type { GoSurfaces, RouteBuilder, RouterInfo } from './surfaces.js';
import { isStringLiteral, joinPath, keyOf, literalValue } from './surfaces-text.js';
import type { KeyText } from './surfaces-text.js';
import { addMount, passedRouters } from './surfaces-mounts.js';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'CONNECT', 'TRACE'];
const TITLE_METHODS = new Map(HTTP_METHODS.map((m) => [m[0] + m.slice(1).toLowerCase(), m]));

/** Router methods, by framework: what registers an endpoint or derives a router. */
const METHODS: Record<string, Set<string>> = {
  'net/http': new Set(['HandleFunc', 'Handle']),
  'gorilla/mux': new Set(['HandleFunc', 'Handle', 'Path', 'PathPrefix', 'Methods', 'Host', 'Schemes', 'Headers', 'Queries', 'NewRoute']),
  gin: new Set([...HTTP_METHODS.slice(0, 7), 'Any', 'Handle', 'Match', 'Group']),
  echo: new Set([...HTTP_METHODS, 'Any', 'Add', 'Match', 'Group']),
  chi: new Set([...TITLE_METHODS.keys(), 'Handle', 'HandleFunc', 'Method', 'MethodFunc', 'Route', 'Group', 'With', 'Mount']),
};
/** Methods of a gorilla/mux route being built. */
const BUILDER_METHODS = new Set(['Methods', 'Path', 'PathPrefix', 'Host', 'Schemes', 'Headers', 'Queries', 'Name', 'HandlerFunc', 'Handler', 'Subrouter']);
/** Router constructors, by framework. */
const CONSTRUCTORS: Record<string, Set<string>> = {
  'net/http': new Set(['NewServeMux']),
  'gorilla/mux': new Set(['NewRouter']),
  gin: new Set(['Default', 'New']),
  echo: new Set(['New']),
  chi: new Set(['NewRouter', 'NewMux']),
};
/** Router types a parameter or variable may be declared with, by framework. */
const ROUTER_TYPES: Record<string, Set<string>> = {
  'net/http': new Set(['ServeMux']),
  'gorilla/mux': new Set(['Router']),
  gin: new Set(['Engine', 'RouterGroup', 'IRouter', 'IRoutes']),
  echo: new Set(['Echo', 'Group']),
  chi: new Set(['Router', 'Mux']),
};

/** Every method or function name routes.ts reads (surfaces.ts's cheap test). */
export const ROUTE_METHODS = new Set<string>([
  ...Object.values(METHODS).flatMap((set) => [...set]), ...BUILDER_METHODS, ...Object.values(CONSTRUCTORS).flatMap((set) => [...set]), 'StripPrefix',
]);

/** A router value resolved: what is known of it and the router expression its prefix is relative to. */
interface Resolved {
  info: RouterInfo;
  root: ValueExpr;
}

/** What the walk knows of a router expression, if anything. */
export function routerOf(walker: GoWalker, s: GoSurfaces, expr: ValueExpr): Resolved | undefined {
  const known = s.info.get(expr);
  if (known !== undefined) return known.kind === 'router' ? { info: known, root: known.root ?? expr } : undefined;
  if (expr.k !== 'decl') return undefined;
  const closure = s.declInfo.get(expr.decl);
  if (closure !== undefined) return { info: closure, root: closure.root ?? expr };
  const declaration = walker.declarations[expr.decl];
  if (declaration === undefined) return undefined;
  const init = declaration.init === undefined ? undefined : s.info.get(declaration.init);
  if (init !== undefined) return init.kind === 'router' ? { info: init, root: init.root ?? { k: 'decl', decl: expr.decl } } : undefined;
  const type = declaration.valueType;
  if (type?.k === 'member' && type.object.k === 'import') {
    const framework = s.frameworkOfImport.get(type.object.imp);
    if (framework !== undefined && ROUTER_TYPES[framework]!.has(type.name)) {
      return { info: { kind: 'router', framework, root: null, prefix: '', partial: false }, root: { k: 'decl', decl: expr.decl } };
    }
  }
  return undefined;
}

/** A route builder value, if the walk knows one. */
export function builderOf(s: GoSurfaces, expr: ValueExpr, walker: GoWalker): RouteBuilder | undefined {
  const known = s.info.get(expr) ?? (expr.k === 'decl' && walker.declarations[expr.decl]?.init !== undefined ? s.info.get(walker.declarations[expr.decl]!.init!) : undefined);
  return known?.kind === 'route' ? known : undefined;
}

/** Before a chi `Route`/`Group`'s arguments are walked: its function literal's parameter is the derived router. */
export function closureRouters(walker: GoWalker, s: GoSurfaces, callee: Extract<ValueExpr, { k: 'member' }>, name: string, args: GoNode[]): void {
  const resolved = routerOf(walker, s, callee.object);
  if (resolved === undefined || resolved.info.framework !== 'chi') return;
  const fn = name === 'Route' ? args[1] : args[0];
  if (fn?.type !== 'func_literal') return;
  let prefix = resolved.info.prefix;
  let partial = resolved.info.partial;
  if (name === 'Route') {
    const key = keyOf(args[0]);
    if (key === null) return;
    prefix = joinPath(prefix, key.text);
    partial ||= key.partial;
  }
  s.closures.set(fn.id, { kind: 'router', framework: 'chi', root: resolved.root, prefix, partial });
}

/** The routing forms of a named call; true when the call was one. */
export function routeCall(
  walker: GoWalker, s: GoSurfaces, node: GoNode, callee: ValueExpr, name: string, args: GoNode[], values: ValueExpr[], result: ValueExpr,
): boolean {
  if (callee.k === 'member') {
    const object = callee.object;
    if (object.k === 'import') return packageCall(walker, s, node, object.imp, name, args, values, result, callee);
    const builder = builderOf(s, object, walker);
    if (builder !== undefined) return builderCall(walker, s, builder, name, args, values, result);
    const resolved = routerOf(walker, s, object) ?? inferred(s, object, name, args);
    if (resolved !== undefined && METHODS[resolved.info.framework]!.has(name)) {
      if (routerMethod(walker, s, resolved, name, args, values, result)) return true;
    }
  }
  if (s.frameworks.size > 0) passedRouters(walker, s, callee, values, node);
  return false;
}

/** Package functions: constructors, net/http's DefaultServeMux functions, `http.HandlerFunc`, `http.StripPrefix`. */
function packageCall(
  walker: GoWalker, s: GoSurfaces, node: GoNode, imp: number, name: string, args: GoNode[], values: ValueExpr[], result: ValueExpr, callee: ValueExpr,
): boolean {
  const framework = s.frameworkOfImport.get(imp);
  if (framework === undefined) {
    if (s.frameworks.size > 0) passedRouters(walker, s, callee, values, node);
    return false;
  }
  if (CONSTRUCTORS[framework]!.has(name) && args.length === 0) {
    s.info.set(result, { kind: 'router', framework, root: null, prefix: '', partial: false });
    return true;
  }
  if (framework !== 'net/http') return false;
  if (name === 'HandlerFunc' && values.length === 1) { s.handlerFuncs.set(node.id, values[0]!); return true; }
  if (name === 'StripPrefix' && args.length === 2) {
    const key = keyOf(args[0]);
    if (key !== null) s.stripPrefixes.set(result, { key, handler: values[1]! });
    return true;
  }
  if (name === 'HandleFunc' || name === 'Handle') {
    const root: ValueExpr = { k: 'import', imp };
    return routerMethod(walker, s, { info: { kind: 'router', framework, root, prefix: '', partial: false }, root }, name, args, values, result);
  }
  return false;
}

/** A receiver the walk cannot trace: the one imported framework that has this method, if exactly one. */
function inferred(s: GoSurfaces, object: ValueExpr, name: string, args: GoNode[]): Resolved | undefined {
  if (object.k === 'unknown' || args.length < 1) return undefined;
  let only: string | undefined;
  let netHttp = false;
  for (const framework of s.frameworks) {
    if (!METHODS[framework]!.has(name)) continue;
    if (framework === 'net/http') { netHttp = true; continue; }
    if (only !== undefined) return undefined;
    only = framework;
  }
  const framework = only ?? (netHttp ? 'net/http' : undefined);
  if (framework === undefined) return undefined;
  return { info: { kind: 'router', framework, root: null, prefix: '', partial: false, inferred: true } as RouterInfo, root: object };
}

/** A method of a known (or inferred) router. */
function routerMethod(walker: GoWalker, s: GoSurfaces, resolved: Resolved, name: string, args: GoNode[], values: ValueExpr[], result: ValueExpr): boolean {
  const { info, root } = resolved;
  const framework = info.framework;
  const strict = (info as RouterInfo & { inferred?: boolean }).inferred === true;
  const derive = (key: KeyText | null): void => {
    s.info.set(result, { kind: 'router', framework, root, prefix: key === null ? info.prefix : joinPath(info.prefix, key.text), partial: info.partial || (key?.partial ?? false) });
  };
  switch (framework) {
    case 'net/http': {
      if (args.length !== 2) return false;
      const key = keyOf(args[0]);
      if (key === null) return false;
      const pattern = /^([A-Z]+)\s+(\S.*)$/.exec(key.text);
      const path = pattern === null ? key.text : pattern[2]!;
      if (!path.startsWith('/') && !(key.partial && path.startsWith('*')) && !/^[\w.-]+(?::\d+)?\//.test(path)) return false;
      const strip = s.stripPrefixes.get(values[1]!);
      if (name === 'Handle' && strip !== undefined) {
        // `Handle("/api/", http.StripPrefix("/api", api))`: api's routes are served under /api.
        addMount(walker, s, { prefix: joinPath(info.prefix, strip.key.text), framework, partial: key.partial || strip.key.partial, mounted: strip.handler, on: root, at: args[0]! });
        return true;
      }
      addEndpoint(walker, s, { info, root, key: { text: path, partial: key.partial }, methods: [pattern?.[1] ?? 'ANY'], at: args[0]!, handler: handlerOf(s, args[1], values[1]) });
      return true;
    }
    case 'gorilla/mux': {
      if (name === 'HandleFunc' || name === 'Handle') {
        if (args.length !== 2) return false;
        const key = keyOf(args[0]);
        if (key === null || !routeLike(key.text, strict)) return false;
        // Every method until a `.Methods(...)` on the route says otherwise.
        const fact = addEndpoint(walker, s, { info, root, key, methods: ['ANY'], at: args[0]!, handler: handlerOf(s, args[1], values[1]) });
        s.info.set(result, { kind: 'route', router: info, rootExpr: root, path: null, partial: false, at: args[0]!.startIndex, methods: ['ANY'], drafts: [fact] });
        return true;
      }
      if (name === 'NewRoute') { s.info.set(result, newBuilder(info, root, args[0])); return true; }
      const builder = newBuilder(info, root, args[0]);
      s.info.set(result, builder);
      return builderCall(walker, s, builder, name, args, values, result);
    }
    case 'gin': case 'echo': {
      if (name === 'Group') {
        const key = keyOf(args[0]);
        if (key === null || !routeLike(key.text, strict)) return false;
        derive(key);
        return true;
      }
      let methods: string[];
      let pathIndex = 0;
      if (name === 'Handle' || name === 'Add') { methods = methodList(args[0]); pathIndex = 1; }
      else if (name === 'Match') { methods = methodList(args[0]); pathIndex = 1; }
      else methods = [name === 'Any' ? 'ANY' : name];
      if (args.length < pathIndex + 2) return false;
      const key = keyOf(args[pathIndex]);
      if (key === null || !routeLike(key.text, strict)) return false;
      // gin: the handler is the last of the handlers; echo: the one right after the path.
      const handlerIndex = framework === 'gin' ? args.length - 1 : pathIndex + 1;
      addEndpoint(walker, s, { info, root, key, methods, at: args[pathIndex]!, handler: handlerOf(s, args[handlerIndex], values[handlerIndex]) });
      return true;
    }
    case 'chi': {
      if (name === 'With' || name === 'Group') { derive(null); return true; }
      if (name === 'Route') {
        const key = keyOf(args[0]);
        if (key === null) return false;
        derive(key);
        return true;
      }
      if (name === 'Mount') {
        const key = keyOf(args[0]);
        if (key === null || args.length !== 2) return false;
        addMount(walker, s, { prefix: joinPath(info.prefix, key.text), framework, partial: info.partial || key.partial, mounted: values[1]!, on: root, at: args[0]! });
        return true;
      }
      const pathIndex = name === 'Method' || name === 'MethodFunc' ? 1 : 0;
      if (args.length !== pathIndex + 2) return false;
      const key = keyOf(args[pathIndex]);
      if (key === null || !routeLike(key.text, strict)) return false;
      const methods = pathIndex === 1 ? methodList(args[0]) : [TITLE_METHODS.get(name) ?? 'ANY'];
      addEndpoint(walker, s, { info, root, key, methods, at: args[pathIndex]!, handler: handlerOf(s, args[pathIndex + 1], values[pathIndex + 1]) });
      return true;
    }
    default:
      return false;
  }
}

function newBuilder(info: RouterInfo, root: ValueExpr, at: GoNode | undefined): RouteBuilder {
  return { kind: 'route', router: info, rootExpr: root, path: null, partial: false, at: at?.startIndex ?? -1, methods: ['ANY'], drafts: [] };
}

/** A method of a gorilla/mux route: matchers accumulate, a handler registers, `Subrouter` derives a router. */
function builderCall(walker: GoWalker, s: GoSurfaces, builder: RouteBuilder, name: string, args: GoNode[], values: ValueExpr[], result: ValueExpr): boolean {
  if (!BUILDER_METHODS.has(name)) return false;
  const next: RouteBuilder = { ...builder };
  switch (name) {
    case 'Methods': {
      next.methods = args.flatMap((arg) => methodList(arg));
      for (const fact of builder.drafts) (fact as SurfaceFact & { methods?: string[] }).methods = next.methods;
      break;
    }
    case 'Path': case 'PathPrefix': {
      const key = keyOf(args[0]);
      if (key === null) return true;
      next.path = joinPath(next.path ?? '', key.text);
      next.partial ||= key.partial;
      next.at = args[0]!.startIndex;
      break;
    }
    case 'HandlerFunc': case 'Handler': {
      if (builder.path === null || builder.drafts.length > 0) return true;
      const fact = addEndpoint(walker, s, {
        info: builder.router, root: builder.rootExpr, key: { text: builder.path, partial: builder.partial }, methods: builder.methods,
        atOffset: builder.at, handler: handlerOf(s, args[0], values[0]),
      });
      next.drafts = [fact];
      break;
    }
    case 'Subrouter': {
      const info = builder.router;
      s.info.set(result, {
        kind: 'router', framework: info.framework, root: builder.rootExpr, prefix: joinPath(info.prefix, builder.path ?? ''), partial: info.partial || builder.partial,
      });
      return true;
    }
    default: break;
  }
  s.info.set(result, next);
  return true;
}

/** Whether a path reads as a route (`/x`; `''` only under a router the walk traced). */
function routeLike(path: string, strict: boolean): boolean {
  return path.startsWith('/') || (!strict && (path === '' || path.startsWith('*')));
}

/** HTTP methods named by an argument: `"GET"`, `http.MethodGet`, `[]string{"GET", "POST"}`; [] when not literal. */
function methodList(node: GoNode | undefined): string[] {
  if (node === undefined) return [];
  if (isStringLiteral(node)) return [literalValue(node).toUpperCase()];
  const constant = /^http\.Method([A-Z][a-z]+)$/.exec(node.text);
  if (constant !== null) return TITLE_METHODS.has(constant[1]!) ? [TITLE_METHODS.get(constant[1]!)!] : [];
  if (node.type === 'composite_literal') {
    const out: string[] = [];
    for (const match of node.text.matchAll(/"([A-Za-z]+)"|http\.Method([A-Z][a-z]+)/g)) {
      const method = match[1] !== undefined ? match[1].toUpperCase() : TITLE_METHODS.get(match[2]!);
      if (method !== undefined) out.push(method);
    }
    return out;
  }
  return [];
}

/** The handler expression of an argument (a function literal: its declaration, which surfaces-handlers.ts publishes). */
function handlerOf(s: GoSurfaces, node: GoNode | undefined, value: ValueExpr | undefined): ValueExpr | undefined {
  if (node === undefined || value === undefined) return undefined;
  if (node.type === 'func_literal') return value.k === 'decl' ? value : undefined;
  const converted = s.handlerFuncs.get(node.id);
  if (converted !== undefined) return converted.k === 'unknown' ? undefined : converted;
  return value.k === 'unknown' ? undefined : value;
}

interface EndpointSite {
  info: RouterInfo;
  root: ValueExpr;
  key: KeyText;
  methods: string[];
  at?: GoNode;
  atOffset?: number;
  handler: ValueExpr | undefined;
}

/** Records an endpoint (methods kept as a list until the finish expands them). */
function addEndpoint(walker: GoWalker, s: GoSurfaces, site: EndpointSite): SurfaceFact {
  const position = walker.lines.position(site.at?.startIndex ?? site.atOffset ?? 0);
  const fact = {
    kind: 'endpoint', key: joinPath(site.info.prefix, site.key.text), framework: site.info.framework,
  } as SurfaceFact & { methods?: string[] };
  if (site.info.partial || site.key.partial) fact.partial = true;
  fact.from = walker.from;
  const handler = site.handler;
  if (handler !== undefined) {
    fact.target = handler;
    const literal = handler.k === 'decl' ? walker.declarations[handler.decl] : undefined;
    if (handler.k === 'decl' && literal !== undefined && literal.name === '' && literal.kind === 'function' && !literal.published) s.inlineHandlers.push({ decl: handler.decl, fact });
  }
  const param = routerParameter(walker, site.root);
  if (param >= 0) fact.routerParam = param;
  else fact.router = site.root;
  fact.line = position.line;
  fact.column = position.column;
  fact.methods = site.methods;
  s.surfaces.push(fact);
  return fact;
}

/** The position of a router among the enclosing function's parameters, -1 when it is not one. */
export function routerParameter(walker: GoWalker, root: ValueExpr): number {
  if (root.k !== 'decl' || walker.from < 0) return -1;
  const declaration = walker.declarations[root.decl];
  if (declaration === undefined || declaration.kind !== 'parameter' || declaration.parent !== walker.from) return -1;
  const params = walker.declarations[walker.from]!.params ?? [];
  return params.findIndex((param) => param.name === declaration.name);
}
