/**
 * Python HTTP endpoints and mounts (issue 17): Flask (`@app.route`, `@bp.get` and the other
 * Flask 2 shortcuts, `add_url_rule`, `Blueprint(url_prefix=)`, `register_blueprint`), FastAPI
 * (`@app.get`..., `@router.api_route`, `APIRouter(prefix=)`, `include_router`) and Django URL
 * confs (`path`, `re_path`, `url`, `include` of a module, of a router's urls or of an inline
 * list). Frameworks are told by the file's imports, except `@x.route('/...')`, which is Flask's
 * own API and is also read in a views module that imports its app from the project. Owns these
 * forms and the prefixes they apply; the drafts' shapes and finishing are surfaces.ts's.
 */
import { NS_VALUE } from '../model.js';
import type { Expr } from '../model.js';
import { KEEP_ALWAYS } from '../model.js';
import { addRef } from './state.js';
import type { PyWalker } from './state.js';
import { frameworks } from './surfaces.js';
import type { DjangoInclude, MountDraft, PySurfaces, Site, SurfaceDraft } from './surfaces.js';
import { argument, isStringNode, joinPath, keyOf, readCallArgs, stringList } from './surfaces-text.js';
import type { ArgNode, CallArgs } from './surfaces-text.js';
import { importOf } from './surfaces-config.js';

/** Decorator method names that register a route, with their HTTP method (null: `methods=`). */
const SHORTCUTS = new Map<string, string | null>([
  ['route', null], ['api_route', null], ['get', 'GET'], ['post', 'POST'], ['put', 'PUT'], ['delete', 'DELETE'],
  ['patch', 'PATCH'], ['head', 'HEAD'], ['options', 'OPTIONS'], ['trace', 'TRACE'],
]);

/** Names whose calls routes.ts reads (the walk's cheap test). */
export const ROUTE_CALLS = new Set([
  'add_url_rule', 'register_blueprint', 'include_router', 'Blueprint', 'APIRouter', 'path', 're_path', 'url', 'include',
]);

/**
 * A decorator expression that may register a route (the cursor on it, a call): drafts whose
 * target is the decorated definition, filled in by `decoratedRoutes`.
 */
export function routeDecorator(w: PyWalker, value: Expr, into: SurfaceDraft[]): void {
  if (value.k !== 'call' || value.callee.k !== 'member') return;
  const callee = value.callee;
  const fixed = SHORTCUTS.get(callee.name);
  if (fixed === undefined) return;
  const s = frameworks(w);
  let framework: string;
  if (callee.name === 'route') framework = s.fastapi && !s.flask ? 'fastapi' : 'flask';
  else if (callee.name === 'api_route') { if (!s.fastapi) return; framework = 'fastapi'; }
  else if (s.fastapi) framework = 'fastapi';
  else if (s.flask) framework = 'flask';
  else return;
  const args = readCallArgs(w);
  if (args === null) return;
  const pathNode = argument(args, 0, framework === 'flask' ? 'rule' : 'path');
  const key = keyOf(w, pathNode);
  if (key === null || !looksLikeRoute(key.text)) return;
  let methods: string[];
  if (fixed !== null) methods = [fixed];
  else {
    const methodsNode = args.keywords.get('methods');
    const listed = methodsNode === undefined ? ['GET'] : stringList(w, methodsNode);
    methods = listed === null ? [] : listed.map((m) => m.toUpperCase());
  }
  const draft: SurfaceDraft = {
    kind: 'endpoint', key: key.text, framework, methods, partial: key.partial, encl: w.currentDecl, at: pathNode!.start,
    router: { at: args.calleeEnd - callee.name.length, object: true }, routerExpr: callee.object,
  };
  into.push(draft);
  s.drafts.push(draft);
}

/** The decorated definition `index` is the handler of the routes its decorators registered. */
export function decoratedRoutes(drafts: SurfaceDraft[], index: number): void {
  if (index < 0) return;
  for (const draft of drafts) draft.target = { decl: index };
}

/** A call whose callee's last name is in ROUTE_CALLS (the cursor on it). */
export function routeCall(w: PyWalker, call: Extract<Expr, { k: 'call' }>, name: string): void {
  const callee = call.callee;
  if (name === 'path' || name === 're_path' || name === 'url' || name === 'include') {
    if (callee.k === 'name' && isDjangoUrlName(w, callee, name)) djangoCall(w, name);
    return;
  }
  const s = frameworks(w);
  if (name === 'Blueprint' || name === 'APIRouter') {
    if (name === 'Blueprint' ? !s.flask : !s.fastapi) return;
    const args = readCallArgs(w);
    if (args === null) return;
    const prefixNode = name === 'Blueprint' ? argument(args, 5, 'url_prefix') : args.keywords.get('prefix');
    const prefix = keyOf(w, prefixNode);
    if (prefix !== null) s.prefixByCall.set(call, { prefix: prefix.text, partial: prefix.partial });
    return;
  }
  if (callee.k !== 'member') return;
  if (name === 'add_url_rule') {
    if (!s.flask) return;
    const args = readCallArgs(w);
    if (args === null) return;
    const ruleNode = argument(args, 0, 'rule');
    const key = keyOf(w, ruleNode);
    if (key === null || !looksLikeRoute(key.text)) return;
    const methodsNode = args.keywords.get('methods');
    const listed = methodsNode === undefined ? ['GET'] : stringList(w, methodsNode);
    const draft: SurfaceDraft = {
      kind: 'endpoint', key: key.text, framework: 'flask', methods: listed === null ? [] : listed.map((m) => m.toUpperCase()),
      partial: key.partial, encl: w.currentDecl, at: ruleNode!.start,
      router: { at: args.calleeEnd - name.length, object: true }, routerExpr: callee.object,
    };
    const view = argument(args, 2, 'view_func');
    const target = view === undefined ? undefined : valueSite(w, view);
    if (target !== undefined) draft.target = target;
    s.drafts.push(draft);
    return;
  }
  if (name === 'register_blueprint' || name === 'include_router') {
    if (name === 'register_blueprint' ? !s.flask : !s.fastapi) return;
    const args = readCallArgs(w);
    if (args === null) return;
    const mountedNode = argument(args, 0, name === 'register_blueprint' ? 'blueprint' : 'router');
    if (mountedNode === undefined) return;
    const prefixNode = args.keywords.get(name === 'register_blueprint' ? 'url_prefix' : 'prefix');
    const prefix = prefixNode === undefined ? { text: '', partial: false } : keyOf(w, prefixNode) ?? { text: '*', partial: true };
    const mount: MountDraft = {
      prefix: prefix.text, framework: name === 'register_blueprint' ? 'flask' : 'fastapi', partial: prefix.partial,
      encl: w.currentDecl, at: prefixNode?.start ?? args.calleeEnd - name.length,
      on: { at: args.calleeEnd - name.length, object: true }, onExpr: callee.object,
    };
    // Flask's url_prefix stands in for the blueprint's own (BlueprintSetupState: the option, else
    // the blueprint's); FastAPI's prefix goes before the APIRouter's own.
    if (name === 'register_blueprint' && prefixNode !== undefined) mount.replacesPrefix = true;
    const mounted = valueSite(w, mountedNode);
    if (mounted !== undefined) mount.mounted = mounted;
    s.mounts.push(mount);
  }
}

/** Whether a key reads as a URL path (`/x`, `''`, `<id>`), not arbitrary text. */
function looksLikeRoute(key: string): boolean {
  return key === '' || key.startsWith('/') || key.startsWith('*') || key.startsWith('<') || key.startsWith('{');
}

/** The site of an expression argument: a name, an attribute's last name; none for other forms. */
export function valueSite(w: PyWalker, node: ArgNode): Site | undefined {
  if (node.type === 'identifier') return { at: node.start, object: false };
  if (node.type === 'attribute') {
    const match = /([A-Za-z_]\w*)\s*$/.exec(w.text.slice(node.start, node.end));
    return match === null ? undefined : { at: node.end - match[0].length, object: false };
  }
  return undefined;
}

/** Whether the name of a Django URL function is bound to its import from `django.urls` / `django.conf.urls`. */
function isDjangoUrlName(w: PyWalker, callee: Extract<Expr, { k: 'name' }>, name: string): boolean {
  const record = importOf(w, callee);
  if (record === undefined || record.style !== 'named' || record.imported !== name) return false;
  return record.specifier === 'django.urls' || record.specifier === 'django.conf.urls';
}

/** `path(route, view)`, `re_path(regex, view)`, `url(regex, view)` and `include(...)`. */
function djangoCall(w: PyWalker, name: string): void {
  const s = frameworks(w);
  const args = readCallArgs(w);
  if (args === null) return;
  if (name === 'include') {
    djangoInclude(w, s, args);
    return;
  }
  const routeNode = argument(args, 0, name === 'path' ? 'route' : 'regex');
  const key = keyOf(w, routeNode);
  const viewNode = argument(args, 1, 'view');
  if (key === null || viewNode === undefined) return;
  const regex = name !== 'path';
  const included = viewNode.type === 'call' ? s.includes.get(viewNode.start) : undefined;
  if (included !== undefined) {
    if (included.listStart !== undefined) {
      // An inline list: its patterns are this file's, under this prefix.
      for (const draft of s.drafts) {
        if (draft.framework === 'django' && draft.at >= included.listStart && draft.at < included.listEnd!) {
          draft.key = joinDjango(key.text, draft.key, regex);
          draft.partial ||= key.partial;
        }
      }
      for (const mount of s.mounts) {
        if (mount.framework === 'django' && mount.at >= included.listStart && mount.at < included.listEnd!) {
          mount.prefix = joinDjango(key.text, mount.prefix, regex);
          mount.partial ||= key.partial;
        }
      }
      return;
    }
    const mount: MountDraft = { prefix: key.text, framework: 'django', partial: key.partial, encl: w.currentDecl, at: routeNode!.start };
    if (included.module !== undefined) mount.mounted = { module: included.module };
    else if (included.site !== undefined) mount.mounted = included.site;
    if (included.name !== undefined) mount.includedName = included.name;
    if (regex) mount.regex = true;
    s.mounts.push(mount);
    return;
  }
  const draft: SurfaceDraft = {
    kind: 'endpoint', key: key.text, framework: 'django', methods: ['ANY'], partial: key.partial, encl: w.currentDecl, at: routeNode!.start,
  };
  if (regex) draft.regex = true;
  const target = djangoView(w, viewNode);
  if (target !== undefined) draft.target = target;
  s.drafts.push(draft);
}

/** `include('app.urls')`, `include(('app.urls', 'ns'))`, `include(router.urls)`, `include([...])`. */
function djangoInclude(w: PyWalker, s: PySurfaces, args: CallArgs): void {
  const first = argument(args, 0, 'arg');
  if (first === undefined) return;
  const node: ArgNode = first;
  if (node.type === 'tuple') {
    // `(patterns_or_module, app_name)`.
    const module = /^\(\s*[rRuU]?(['"])([\w.]+)\1/.exec(w.text.slice(node.start, node.end));
    if (module !== null) {
      const at = node.start + module[0].length - module[2]!.length - 1;
      s.includes.set(args.start, { module: module[2]!, at });
      addRef(w, 'import', module[2]!, { k: 'module', specifier: module[2]! }, at, KEEP_ALWAYS);
      return;
    }
    s.includes.set(args.start, { listStart: node.start, listEnd: node.end, at: node.start });
    return;
  }
  if (isStringNode(node)) {
    const key = keyOf(w, node);
    if (key === null || key.partial || !/^[\w.]+$/.test(key.text)) return;
    s.includes.set(args.start, { module: key.text, at: node.start });
    // The include imports the module: a reference, so a change to it re-binds this file.
    addRef(w, 'import', key.text, { k: 'module', specifier: key.text }, node.start, KEEP_ALWAYS);
    return;
  }
  if (node.type === 'list') {
    s.includes.set(args.start, { listStart: node.start, listEnd: node.end, at: node.start });
    return;
  }
  // `include(router.urls)`: the router; `include(other_patterns)`: the name.
  if (node.type === 'attribute' && /\.\s*urls\s*$/.test(w.text.slice(node.start, node.end))) {
    const site = valueSite(w, node);
    if (site !== undefined && 'at' in site) s.includes.set(args.start, { site: { at: site.at, object: true }, at: node.start });
    return;
  }
  const site = valueSite(w, node);
  if (site === undefined) return;
  const included: DjangoInclude = { site, at: node.start };
  if (node.type === 'identifier') included.name = w.text.slice(node.start, node.end);
  s.includes.set(args.start, included);
}

/** A Django view argument: a name, `views.name`, or the class of `View.as_view(...)`. */
function djangoView(w: PyWalker, node: ArgNode): Site | undefined {
  if (node.type !== 'call') return valueSite(w, node);
  const text = w.text.slice(node.start, node.end);
  const open = text.indexOf('(');
  if (open < 0) return undefined;
  const match = /^([A-Za-z_][\w.]*?)\s*\.\s*as_view\s*$/.exec(text.slice(0, open));
  if (match === null) return undefined;
  // The call reference at `as_view`: its member target's object is the class.
  const at = node.start + text.slice(0, open).trimEnd().length - 'as_view'.length;
  return { at, object: true };
}

/** A Django prefix and pattern: concatenated (a regular expression's `^` dropped after a prefix). */
function joinDjango(prefix: string, pattern: string, regex: boolean): string {
  if (prefix === '') return pattern;
  const inner = regex || pattern.startsWith('^') ? pattern.replace(/^\^/, '') : pattern;
  const outer = regex && prefix.endsWith('$') ? prefix.slice(0, -1) : prefix;
  return outer + inner;
}

/**
 * Applies the prefixes of routers made in this file (`bp = Blueprint(..., url_prefix='/p')`,
 * `router = APIRouter(prefix='/p')`) to the routes registered on them and to the mounts made on
 * them, once every name is bound.
 */
export function resolvePrefixes(w: PyWalker, s: PySurfaces): void {
  if (s.prefixByCall.size === 0) return;
  for (const draft of s.drafts) {
    if (draft.routerExpr === undefined) continue;
    const prefix = prefixOf(w, s, draft.routerExpr);
    if (prefix === undefined) continue;
    const joined = joinPath(prefix.prefix, draft.key);
    // The prefix's part of the key, which a register_blueprint(url_prefix=) takes off again.
    if (draft.framework === 'flask' && prefix.prefix !== '' && !prefix.partial && joined.startsWith(prefix.prefix.replace(/\/$/, ''))) {
      draft.routerPrefix = prefix.prefix.replace(/\/$/, '');
    }
    draft.key = joined;
    draft.partial ||= prefix.partial;
  }
  for (const mount of s.mounts) {
    if (mount.onExpr === undefined) continue;
    const prefix = prefixOf(w, s, mount.onExpr);
    if (prefix === undefined) continue;
    mount.prefix = joinPath(prefix.prefix, mount.prefix);
    mount.partial ||= prefix.partial;
  }
}

/**
 * Django `include(extra)` where `extra` is a module-level list of this file: its patterns are
 * served under the include's prefix, not at this module's root, so they take the prefix and the
 * mount is dropped. Such includes nest (`api_patterns` includes `api_list_patterns`, and
 * `urlpatterns` includes `api_patterns`): a pattern takes the prefix of the include of its list,
 * then of the include of the list that include sits in, and so on up to a list nothing includes.
 * Mounts of other modules made inside an included list take the same prefixes.
 */
export function includeLocalLists(w: PyWalker, s: PySurfaces): void {
  if (!s.mounts.some((mount) => mount.includedName !== undefined)) return;
  const kept: MountDraft[] = [];
  const lists: { start: number; end: number; mount: MountDraft }[] = [];
  for (const mount of s.mounts) {
    const binding = mount.includedName === undefined ? undefined : w.moduleScope.values?.get(mount.includedName);
    const decl = binding === undefined || binding < 0 ? undefined : w.decls[binding];
    if (decl === undefined || decl.scope !== 'module' || (decl.kind !== 'variable' && decl.kind !== 'constant')) kept.push(mount);
    else lists.push({ start: decl.start, end: decl.end, mount });
  }
  if (lists.length === 0) return;
  // The include of the innermost included list around `at` (the first such include), if any.
  const includeAround = (at: number): MountDraft | undefined => {
    let best: { start: number; end: number; mount: MountDraft } | undefined;
    for (const list of lists) {
      if (at >= list.start && at < list.end && (best === undefined || list.end - list.start < best.end - best.start)) best = list;
    }
    return best?.mount;
  };
  const prefixed = (at: number, key: string): { key: string; partial: boolean } => {
    let partial = false;
    const seen = new Set<MountDraft>();
    for (let include = includeAround(at); include !== undefined && !seen.has(include) && seen.size < 16; include = includeAround(include.at)) {
      seen.add(include);
      key = joinDjango(include.prefix, key, include.regex === true);
      partial ||= include.partial;
    }
    return { key, partial };
  };
  for (const draft of s.drafts) {
    if (draft.framework !== 'django') continue;
    const out = prefixed(draft.at, draft.key);
    draft.key = out.key;
    draft.partial ||= out.partial;
  }
  for (const mount of kept) {
    if (mount.framework !== 'django') continue;
    const out = prefixed(mount.at, mount.prefix);
    mount.prefix = out.key;
    mount.partial ||= out.partial;
  }
  s.mounts.length = 0;
  s.mounts.push(...kept);
}

/** The prefix the constructor call assigned to a router name gives, if the name is bound to one. */
function prefixOf(w: PyWalker, s: PySurfaces, router: Expr): { prefix: string; partial: boolean } | undefined {
  if (router.k !== 'name') return undefined;
  const binding = router.scope.lookup(NS_VALUE, router.name);
  if (binding === undefined || binding < 0) return undefined;
  let init = w.decls[binding]?.init;
  while (init?.k === 'deferred') init = init.e;
  return init === undefined ? undefined : s.prefixByCall.get(init);
}
