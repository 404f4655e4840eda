/**
 * Configuration keys (surfaces of kind `config`): `process.env.X`, `process.env['X']`,
 * `` process.env[`X_${y}`] `` (partial), `import.meta.env.X`, `const { A, B = 'd' } = process.env`,
 * with the default a `?? 'd'` / `|| 'd'` (or the destructuring's `= 'd'`) writes as its source
 * text; and the `config` package's `config.get('a.b')` / `config.has('a.b')` and nconf's
 * `nconf.get('a')` where the key is a literal and the receiver is that package's import.
 * `process.env[name]` (no known part) is no fact. Owns the walk-time notes of env reads (called
 * from expressions.ts behind a member-named-`env` test) and their facts after the walk.
 */
import { NS_VALUE } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import type { Walker } from './walker.js';
import { collector, importSpecifierOf, rootExpr } from './surfaces.js';
import type { CallSite, SurfaceContext } from './surfaces.js';
import { keyOf } from './surfaces-text.js';
import { ownerAt } from './surfaces-handlers.js';

/** A literal default written after the read: `?? 'x'`, `|| 3000` (then the expression ends). */
const DEFAULT_AFTER = /^\s*(?:\?\?|\|\|)\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`$\\]*`|-?\d[\d_.]*|true|false)\s*(?=[,;)\]}:\n]|$)/;

/**
 * Called by walkMember for `object.name` when `name` is `env` or `object` is a member named `env`:
 * notes `process.env.X`, `import.meta.env.X` and a destructuring of `process.env`.
 */
export function noteEnvMember(w: Walker, object: Expr, name: string, at: number): void {
  if (object.k === 'member' && object.name === 'env') {
    const access = envAccess(w, object, at);
    if (access !== null) addEnv(w, name, false, access, at, at + name.length);
    return;
  }
  if (name === 'env' && isProcess(w, object)) noteEnvDestructuring(w, at);
}

/** Called by walkSubscript for `process.env[...]`: a literal key, or a template's known parts. */
export function noteEnvSubscript(w: Walker, object: Expr, kind: number, text: string | null, at: number, end: number): void {
  if (object.k !== 'member' || object.name !== 'env') return;
  const access = envAccess(w, object, -1);
  if (access === null) return;
  const key = keyOf(w, kind, text, null, w.scope);
  if (key === null) return;
  addEnv(w, key.text, key.partial, access, kind === S.K_STRING ? at + 1 : at, end);
}

/** `process.env` (process not bound in the file) or `import.meta.env`: the access form, else null. */
function envAccess(w: Walker, env: Extract<Expr, { k: 'member' }>, nameAt: number): string | null {
  if (isProcess(w, env.object)) return 'process.env';
  const meta = env.object;
  const isMeta = meta.k === 'unknown' || (meta.k === 'member' && meta.name === 'meta' && meta.object.k === 'unknown');
  if (isMeta && nameAt >= 0 && /import\s*\.\s*meta\s*\??\.\s*env\s*\??\.\s*$/.test(w.text.slice(Math.max(0, nameAt - 32), nameAt))) {
    return 'import.meta.env';
  }
  return null;
}

function isProcess(w: Walker, e: Expr): boolean {
  return e.k === 'name' && e.name === 'process' && w.scope.lookup(NS_VALUE, 'process') === undefined;
}

function addEnv(w: Walker, key: string, partial: boolean, access: string, at: number, end: number): void {
  const tail = DEFAULT_AFTER.exec(w.text.slice(end, end + 200));
  collector(w).env.push({ key, partial, access, at, end, encl: w.currentDecl, default: tail === null ? null : tail[1]! });
}

/** `const { A, B = 'd', C: c } = process.env` (the member `env` is at `at`). */
function noteEnvDestructuring(w: Walker, at: number): void {
  const text = w.text;
  const head = /process\s*\??\.\s*$/.exec(text.slice(Math.max(0, at - 24), at));
  if (head === null) return;
  let i = at - head[0].length - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  if (text[i] !== '=' || text[i - 1] === '=' || text[i - 1] === '!') return;
  i--;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  if (text[i] !== '}') return;
  const close = i;
  let depth = 0;
  for (; i >= 0 && close - i < 4000; i--) {
    if (text[i] === '}') depth++;
    else if (text[i] === '{' && --depth === 0) break;
  }
  if (depth !== 0 || i < 0) return;
  // Top-level entries of the pattern: `KEY`, `KEY = default`, `KEY: alias`, `...rest`.
  let start = i + 1;
  let level = 0;
  for (let k = i + 1; k <= close; k++) {
    const ch = text[k];
    if (ch === '{' || ch === '[' || ch === '(') level++;
    else if ((ch === '}' || ch === ']' || ch === ')') && k < close) level--;
    else if (ch === '\'' || ch === '"' || ch === '`') {
      const q = text.indexOf(ch, k + 1);
      if (q < 0) return;
      k = q;
    }
    if ((ch === ',' && level === 0) || k === close) {
      const entry = /^(\s*)([A-Za-z_$][\w$]*|'[^']*'|"[^"]*")\s*(?::\s*[A-Za-z_$][\w$]*\s*)?(?:=\s*(.*?))?\s*$/s.exec(text.slice(start, k));
      if (entry !== null) {
        const keyAt = start + entry[1]!.length;
        const raw = entry[2]!;
        const key = raw[0] === '\'' || raw[0] === '"' ? raw.slice(1, -1) : raw;
        const value = entry[3];
        const literal = value !== undefined && /^('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`$\\]*`|-?\d[\d_.]*|true|false)$/.test(value) ? value : null;
        if (key !== '') collector(w).env.push({ key, partial: false, access: 'process.env', at: keyAt, end: keyAt, encl: w.currentDecl, default: literal });
      }
      start = k + 1;
    }
  }
}

/** The config facts of the file after the walk: env reads, then config-loader calls, in source order. */
export function finishConfig(ctx: SurfaceContext): void {
  const surfaces = ctx.w.surfaces;
  if (surfaces === null) return;
  for (const site of surfaces.env) {
    const position = ctx.position(site.at);
    ctx.addSurface({
      kind: 'config', key: site.key, framework: 'env', access: site.access,
      ...(site.default !== null ? { default: site.default } : {}),
      ...(site.partial ? { partial: true } : {}),
      from: ownerAt(ctx, site.encl, site.at), line: position.line, column: position.column,
    });
  }
}

/** `config.get('a.b')`, `config.has('a.b')` (the `config` package), `nconf.get('a')`: a config fact, or false. */
export function configCall(ctx: SurfaceContext, call: CallSite): boolean {
  if ((call.name !== 'get' && call.name !== 'has') || call.callee.k !== 'member') return false;
  const first = call.args[0];
  if (first === undefined || first.kind !== S.K_STRING || first.text === null || first.text === '') return false;
  const receiver = call.callee.object;
  if (rootExpr(receiver) !== receiver) return false;
  const specifier = importSpecifierOf(ctx.w, receiver);
  const framework = specifier === 'config' ? 'config' : specifier === 'nconf' ? 'nconf' : null;
  if (framework === null || (framework === 'nconf' && call.name !== 'get')) return false;
  const position = ctx.position(first.start + 1);
  ctx.addSurface({
    kind: 'config', key: first.text, framework, access: `${framework}.${call.name}`,
    from: ownerAt(ctx, call.encl, call.site), line: position.line, column: position.column,
  });
  return true;
}
