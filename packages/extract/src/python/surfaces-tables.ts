/**
 * Python database tables (issue 17): SQLAlchemy's `__tablename__ = 'x'` in a class body (the model
 * is that class) and `Table('x', metadata, ...)`; Django models (classes deriving from
 * `models.Model`, from `AbstractUser`/`AbstractBaseUser`, or from a model of the same file;
 * table `<app_label>_<model name lower-cased>`, the app label from the file's path: the folder
 * holding `models.py` or the `models/` package, else `*` and partial; `Meta.db_table` and
 * `Meta.app_label` override; abstract and proxy models are not tables); and SQL text passed to
 * `.execute()`, `.executemany()`, `.executescript()`, `.raw()` and SQLAlchemy's `text()`, read
 * by the shared ../sql-tables.ts. Owns these forms; the drafts are surfaces.ts's.
 */
import { NS_VALUE } from '../model.js';
import type { Expr } from '../model.js';
import { sqlTables } from '../sql-tables.js';
import type { PyWalker } from './state.js';
import { frameworks } from './surfaces.js';
import type { PySurfaces, SurfaceDraft } from './surfaces.js';
import { SQL_HOLE, argument, keyOf, keyOfText, readCallArgs, sqlTextOf } from './surfaces-text.js';
import { importOf } from './surfaces-config.js';

/** Callee names whose calls tables.ts reads (the walk's cheap test). */
export const TABLE_CALLS = new Set(['execute', 'executemany', 'executescript', 'raw', 'text', 'Table']);

/** Django Meta options the table name depends on. */
const META_OPTIONS = new Set(['db_table', 'abstract', 'proxy', 'app_label']);

/**
 * Assignments in a class body: `__tablename__ = '...'` (SQLAlchemy) and, in a class `Meta` nested
 * in a class, the Django options above. `declared`: the declarations the assignment made.
 */
export function classAssignment(w: PyWalker, declared: number[], rightStart: number, rightEnd: number): void {
  if (w.info.get(w.scope)?.isClass !== true) return;
  for (const index of declared) {
    const decl = w.decls[index]!;
    if (decl.scope !== 'member' || decl.container !== w.classDecl) continue;
    if (decl.name === '__tablename__') {
      const key = keyOfText(w.text.slice(rightStart, rightEnd));
      if (key === null || key.partial || key.text === '') continue;
      frameworks(w).tableNames.push({ cls: w.classDecl, key: key.text, at: rightStart });
    } else if (META_OPTIONS.has(decl.name)) {
      const meta = w.decls[w.classDecl]!;
      if (meta.name !== 'Meta' || meta.container < 0 || w.decls[meta.container]!.kind !== 'class') continue;
      const s = frameworks(w);
      if (!s.django) continue;
      let options = s.metaOptions.get(meta.container);
      if (options === undefined) s.metaOptions.set(meta.container, (options = new Map()));
      options.set(decl.name, { text: w.text.slice(rightStart, rightEnd).trim(), at: rightStart, encl: w.classDecl });
    }
  }
}

/** A call whose callee's last name is in TABLE_CALLS (the cursor on it). */
export function tableCall(w: PyWalker, callee: Expr, name: string): void {
  if (name === 'Table') {
    if (!isSqlAlchemyName(w, callee)) return;
    const args = readCallArgs(w);
    const nameNode = args === null ? undefined : argument(args, 0, 'name');
    const key = keyOf(w, nameNode);
    if (args === null || key === null || key.text === '' || args.positional.length < 2) return;
    frameworks(w).drafts.push({
      kind: 'table', key: key.text, framework: 'sqlalchemy', methods: [], access: 'model', partial: key.partial, encl: w.currentDecl, at: nameNode!.start,
    });
    return;
  }
  let framework = 'sql';
  if (name === 'text') {
    if (!isSqlAlchemyName(w, callee)) return;
    framework = 'sqlalchemy';
  } else if (callee.k !== 'member') {
    return;
  }
  const args = readCallArgs(w);
  if (args === null) return;
  const sqlNode = argument(args, 0, name === 'text' ? 'text' : 'sql');
  const sql = sqlTextOf(w, sqlNode);
  if (sql === null || !/\b(?:from|into|update|join|table)\b/i.test(sql.text)) return;
  const s = frameworks(w);
  for (const table of sqlTables(sql.text)) {
    const known = table.table.split(SQL_HOLE).join('*');
    if (known.replace(/[*.]/g, '') === '') continue;
    s.drafts.push({
      kind: 'table', key: known, framework, methods: [], access: table.access, partial: known.includes('*'),
      encl: w.currentDecl, at: sqlNode!.start,
    });
  }
}

/** `Table`/`text` imported from SQLAlchemy, or an attribute of a SQLAlchemy module or of Flask-SQLAlchemy's `db`. */
function isSqlAlchemyName(w: PyWalker, callee: Expr): boolean {
  if (callee.k === 'name') return /^(?:sqlalchemy|sqlmodel)(?:\.|$)/.test(importOf(w, callee)?.specifier ?? '');
  if (callee.k !== 'member') return false;
  const record = importOf(w, callee.object);
  if (record !== undefined) return /^(?:sqlalchemy|sqlmodel)(?:\.|$)/.test(record.specifier);
  // `db.Table(...)` of Flask-SQLAlchemy: `db` made by `SQLAlchemy()` in this file.
  if (callee.object.k !== 'name') return false;
  const binding = callee.object.scope.lookup(NS_VALUE, callee.object.name);
  if (binding === undefined || binding < 0) return false;
  let init = w.decls[binding]?.init;
  while (init?.k === 'deferred') init = init.e;
  if (init?.k !== 'call') return false;
  const ctor = init.callee.k === 'member' ? init.callee.object : init.callee;
  return /^flask_sqlalchemy(?:\.|$)/.test(importOf(w, ctor)?.specifier ?? '');
}

/** The Django app label of a models file: the folder holding `models.py` or the `models/` package. */
export function djangoAppLabel(path: string): string | undefined {
  const parts = path.split(/[\\/]/);
  const file = parts[parts.length - 1]!;
  if (file === 'models.py' && parts.length >= 2) return parts[parts.length - 2];
  const at = parts.lastIndexOf('models', parts.length - 2);
  return at >= 1 ? parts[at - 1] : undefined;
}

/** Django models of the file, after the walk, as table drafts (see the header). */
export function djangoModelTables(w: PyWalker, s: PySurfaces, path: string): void {
  for (const { cls, key, at } of s.tableNames) {
    s.drafts.push({ kind: 'table', key, framework: 'sqlalchemy', methods: [], access: 'model', partial: false, encl: cls, at });
  }
  if (!s.django) return;
  const memo = new Map<number, boolean>();
  const label = djangoAppLabel(path);
  for (let index = 0; index < w.decls.length; index++) {
    const decl = w.decls[index]!;
    if (decl.kind !== 'class' || decl.extendsTypes === undefined || !isDjangoModel(w, index, memo, 0)) continue;
    const meta = s.metaOptions.get(index);
    if (isTrue(meta?.get('abstract')?.text) || isTrue(meta?.get('proxy')?.text)) continue;
    const dbTable = meta?.get('db_table');
    if (dbTable !== undefined) {
      const key = keyOfText(dbTable.text);
      if (key !== null && key.text !== '' && !key.partial) {
        const draft: SurfaceDraft = {
          kind: 'table', key: key.text, framework: 'django', methods: [], access: 'model', partial: false, encl: dbTable.encl, at: dbTable.at,
          target: { decl: index },
        };
        s.drafts.push(draft);
      }
      continue;
    }
    const appLabelText = meta?.get('app_label')?.text;
    const appLabel = appLabelText === undefined ? label : keyOfText(appLabelText)?.text;
    s.drafts.push({
      kind: 'table', key: `${appLabel ?? '*'}_${decl.name.toLowerCase()}`, framework: 'django', methods: [], access: 'model',
      partial: appLabel === undefined, encl: index, at: decl.nameStart,
    });
  }
}

function isTrue(text: string | undefined): boolean {
  return text === 'True';
}

/** Whether class `index` derives from a Django model base (directly or through classes of this file). */
function isDjangoModel(w: PyWalker, index: number, memo: Map<number, boolean>, depth: number): boolean {
  const known = memo.get(index);
  if (known !== undefined) return known;
  memo.set(index, false);
  let result = false;
  for (const base of w.decls[index]!.extendsTypes ?? []) {
    if (depth < 32 && isDjangoBase(w, base, memo, depth)) { result = true; break; }
  }
  memo.set(index, result);
  return result;
}

const AUTH_BASES = new Set(['AbstractUser', 'AbstractBaseUser']);

function isDjangoBase(w: PyWalker, base: Expr, memo: Map<number, boolean>, depth: number): boolean {
  if (base.k === 'member') {
    // `models.Model` with `from django.db import models`.
    const record = importOf(w, base.object);
    if (record === undefined) return false;
    const module = record.imported === '*' ? record.specifier : `${record.specifier}.${record.imported}`;
    return (module === 'django.db.models' && base.name === 'Model') || (module === 'django.contrib.auth.models' && AUTH_BASES.has(base.name));
  }
  if (base.k !== 'name') return false;
  const binding = base.scope.lookup(NS_VALUE, base.name);
  if (binding === undefined) return false;
  if (binding >= 0) return w.decls[binding]!.kind === 'class' && isDjangoModel(w, binding, memo, depth + 1);
  const record = importOf(w, base);
  if (record === undefined || record.style !== 'named') return false;
  if (record.specifier === 'django.db.models') return record.imported === 'Model';
  return (record.specifier === 'django.contrib.auth.models' || record.specifier === 'django.contrib.auth.base_user') && AUTH_BASES.has(record.imported);
}
