/**
 * Python configuration keys (issue 17): environment variables read through `os.environ['X']`,
 * `os.environ.get('X', d)`, `os.getenv('X', d)`, `os.environ.setdefault('X', d)` (a read that also
 * gives the default) and the same through `from os import environ, getenv`; Flask's
 * `app.config['X']` / `.config.get('X')` in a file that imports Flask; configparser's
 * `config.get('section', 'key')` (key `section.key`) where `config` is provably a ConfigParser
 * made in this file. Writes (`os.environ['X'] = v`) are not reads and give nothing. Django's
 * `settings.X` is deliberately absent (every attribute of every settings object would match).
 * Owns these forms; the drafts are surfaces.ts's.
 */
import { NS_VALUE } from '../model.js';
import type { Expr, ImportRecord } from '../model.js';
import type { PyWalker } from './state.js';
import { frameworks } from './surfaces.js';
import type { SurfaceDraft } from './surfaces.js';
import { argument, keyOf, readCallArgs, sourceOf } from './surfaces-text.js';
import type { ArgNode } from './surfaces-text.js';

/** Callee names configuration reads use (the walk's cheap test). */
export const CONFIG_CALLS = new Set(['getenv', 'get', 'setdefault', 'getint', 'getfloat', 'getboolean']);

/** The import a name expression is bound to where it is used, if any. */
export function importOf(w: PyWalker, e: Expr): ImportRecord | undefined {
  if (e.k !== 'name') return undefined;
  const binding = e.scope.lookup(NS_VALUE, e.name);
  if (binding === undefined || binding > -2) return undefined;
  return w.imports[-2 - binding];
}

/** Whether an expression is the module `os` (`import os`, `import os as o`). */
function isOsModule(w: PyWalker, e: Expr): boolean {
  const record = importOf(w, e);
  return record !== undefined && record.specifier === 'os' && record.imported === '*';
}

/** `os.environ`, or `environ` imported from os. */
export function isEnviron(w: PyWalker, e: Expr): boolean {
  if (e.k === 'member') return e.name === 'environ' && isOsModule(w, e.object);
  if (e.k === 'name' && e.name !== '') {
    const record = importOf(w, e);
    return record !== undefined && record.specifier === 'os' && record.imported === 'environ';
  }
  return false;
}

/** A cheap test on a subscripted value: `environ` or `.config` (the walk then reads the subscript). */
export function mayBeConfigSubscript(value: Expr): boolean {
  return (value.k === 'member' && (value.name === 'environ' || value.name === 'config')) || (value.k === 'name' && value.name === 'environ');
}

/** `os.environ['X']` / `app.config['X']`: the subscript node given; `write`: an assignment target. */
export function configSubscript(w: PyWalker, value: Expr, subscript: ArgNode, write: boolean): void {
  if (write) return;
  let access: string;
  if (isEnviron(w, value)) access = 'os.environ';
  else if (value.k === 'member' && value.name === 'config' && frameworks(w).flask) access = 'flask.config';
  else return;
  const key = keyOf(w, subscript);
  if (key === null || key.text === '') return;
  frameworks(w).drafts.push({
    kind: 'config', key: key.text, framework: access === 'flask.config' ? 'flask' : 'env', methods: [], access, partial: key.partial, encl: w.currentDecl, at: subscript.start,
  });
}

/** A call whose callee's last name is in CONFIG_CALLS (the cursor on it). */
export function configCall(w: PyWalker, callee: Expr, name: string): void {
  let access: string | undefined;
  let framework = 'env';
  let configParser = false;
  if (name === 'getenv') {
    const record = callee.k === 'name' ? importOf(w, callee) : undefined;
    if (callee.k === 'member' ? isOsModule(w, callee.object) : record?.specifier === 'os' && record.imported === 'getenv') access = 'os.getenv';
  } else if (callee.k === 'member') {
    const object = callee.object;
    if ((name === 'get' || name === 'setdefault') && isEnviron(w, object)) access = `os.environ.${name}`;
    else if (name === 'get' && object.k === 'member' && object.name === 'config' && frameworks(w).flask) { access = 'flask.config.get'; framework = 'flask'; }
    else if (name !== 'setdefault' && isConfigParser(w, object)) { access = `config.${name}`; framework = 'configparser'; configParser = true; }
  }
  if (access === undefined) return;
  const args = readCallArgs(w);
  if (args === null) return;
  const keyNode = configParser ? argument(args, 1, 'option') : argument(args, 0, 'key');
  const key = keyOf(w, keyNode);
  if (key === null || key.text === '') return;
  let text = key.text;
  let partial = key.partial;
  let at = keyNode!.start;
  if (configParser) {
    const sectionNode = argument(args, 0, 'section');
    const section = keyOf(w, sectionNode);
    if (section === null) return;
    text = `${section.text}.${text}`;
    partial ||= section.partial;
    at = sectionNode!.start;
  }
  const defaultNode = configParser ? args.keywords.get('fallback') : argument(args, 1, 'default');
  const s = frameworks(w);
  const draft: SurfaceDraft = { kind: 'config', key: text, framework, methods: [], access, partial, encl: w.currentDecl, at };
  if (defaultNode !== undefined) draft.default = sourceOf(w, defaultNode);
  s.drafts.push(draft);
}

/** Whether a name is bound to `configparser.ConfigParser()` (or Raw/Safe) made in this file. */
function isConfigParser(w: PyWalker, e: Expr): boolean {
  if (e.k !== 'name' || !frameworks(w).configparser) return false;
  const binding = e.scope.lookup(NS_VALUE, e.name);
  if (binding === undefined || binding < 0) return false;
  let init = w.decls[binding]?.init;
  while (init?.k === 'deferred') init = init.e;
  if (init?.k !== 'call') return false;
  const ctor = init.callee;
  const name = ctor.k === 'member' ? ctor.name : ctor.k === 'name' ? ctor.name : '';
  if (!/^(?:Raw|Safe)?ConfigParser$/.test(name)) return false;
  const record = importOf(w, ctor.k === 'member' ? ctor.object : ctor);
  return record !== undefined && (record.specifier === 'configparser' || record.specifier === 'ConfigParser');
}
