/**
 * Database tables named by calls (surfaces of kind `table`): Sequelize `sequelize.define('User',
 * attrs, { tableName })` and `User.init(attrs, { sequelize, tableName, modelName })`; Drizzle
 * `pgTable('users', ...)`, `mysqlTable`, `sqliteTable` (imported from `drizzle-orm/*`); Knex
 * `knex('users')` / `db('users')` and `knex.from('t')`, `.table('t')`, `.into('t')` on a receiver
 * named `knex` or bound to the `knex` package (and supabase's `supabase.from('t')`), `read` unless
 * the chain calls insert/update/delete; and SQL text passed to a query call (`.query`, `.execute`,
 * `.raw`, `.prepare`, `$queryRaw`..., `sql` tagged templates), read by ../sql-tables.ts.
 *
 * Model declarations are access `model`. A Sequelize model without a literal `tableName` has the
 * model name as key, `partial`, because Sequelize pluralises it at run time (unless
 * `freezeTableName: true`, then the model name is the table). TypeORM entities are in
 * nest-routes.ts (decorators). Prisma's schema.prisma is not JavaScript and is not read here.
 */
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { bindingOfName, declOf, importSpecifierOf, rootExpr } from './surfaces.js';
import type { CallSite, SurfaceContext } from './surfaces.js';
import { keyOf } from './surfaces-text.js';
import { sqlTables } from '../sql-tables.js';
import { ownerAt } from './surfaces-handlers.js';

const DRIZZLE_TABLES = new Set(['pgTable', 'mysqlTable', 'sqliteTable']);
const QUERY_CALLS = new Set([
  'query', 'execute', 'raw', 'prepare', 'exec', 'run', 'all', 'get', 'unsafe', 'many', 'one', 'any', 'none', 'oneOrNone', 'manyOrNone',
  '$queryRaw', '$executeRaw', '$queryRawUnsafe', '$executeRawUnsafe',
]);
const SQL_TAGS = new Set(['sql', 'SQL', '$queryRaw', '$executeRaw', 'raw', 'query', 'unsafe']);
const WRITE_METHODS = new Set(['insert', 'update', 'del', 'delete', 'truncate', 'upsert', 'increment', 'decrement', 'merge']);
const SQL_START = /^\s*\(?\s*(select|insert|update|delete|with|replace|merge|create|alter|drop|truncate)\b/i;
const TABLE_NAME = /^[A-Za-z_][\w$]*(?:\.[A-Za-z_][\w$]*)?$/;
const KNEX_JOINS = new Set(['join', 'innerJoin', 'leftJoin', 'leftOuterJoin', 'rightJoin', 'rightOuterJoin', 'fullOuterJoin', 'crossJoin']);
/** Schema builder calls (`knex.schema.createTable('t', ...)`) and their access. */
const KNEX_SCHEMA: Record<string, 'read' | 'write'> = {
  createTable: 'write', createTableIfNotExists: 'write', alterTable: 'write', table: 'write', hasTable: 'read',
  dropTable: 'write', dropTableIfExists: 'write', renameTable: 'write',
};
/** Functions that return the project's Knex instance, imported from a module named database/db/knex (or of the file). */
const KNEX_GETTERS = /^get(?:Database|Knex|Db)$/;
const DATABASE_MODULE = /(?:^|\/)(?:database|db|knex)(?:\/index)?(?:\.[cm]?[jt]s)?$/;

/** Reads the collected calls not used as routes for table facts. */
export function finishTables(ctx: SurfaceContext, calls: readonly CallSite[], used: Set<CallSite>, childrenOf: Map<Expr, CallSite[]>): void {
  transactions = new Map();
  for (const call of calls) if (call.name === 'transaction') transactions.set(call.callee, call);
  for (const call of calls) {
    if (used.has(call)) continue;
    if (call.template !== null) {
      if (SQL_TAGS.has(call.name)) sqlFacts(ctx, call, keyOf(ctx.w, S.K_TEMPLATE_STRING, call.template, null, call.scope)?.text ?? null, call.templateStart + 1);
      continue;
    }
    const first = call.args[0];
    if (first === undefined) continue;
    if (call.calleeKind === S.K_IDENT && call.callee.k === 'name') {
      if (DRIZZLE_TABLES.has(call.name)) drizzleTable(ctx, call);
      else if ((call.name === 'knex' || call.name === 'db' || call.name === 'trx' || call.name === 'database') && isKnex(ctx, call.callee)) {
        knexTable(ctx, call, call.args.length === 1 ? childrenOf : null, false);
      }
      continue;
    }
    if (call.callee.k !== 'member') continue;
    const schemaAccess = KNEX_SCHEMA[call.name];
    if (call.name === 'knex' && call.callee.object.k === 'this' && call.args.length === 1) {
      // `this.knex('t')`: a property named knex.
      knexTable(ctx, call, childrenOf, false);
    } else if (schemaAccess !== undefined && call.callee.object.k === 'member' && call.callee.object.name === 'schema' && isKnexValue(ctx, call.callee.object.object)) {
      knexTable(ctx, call, null, schemaAccess === 'write', schemaAccess === 'read');
    } else if (KNEX_JOINS.has(call.name) && call.args.length >= 1 && chainIsKnex(ctx, call.callee.object)) {
      knexTable(ctx, call, null, false, true);
    } else if (call.name === 'define' && call.args.length >= 2) sequelizeDefine(ctx, call);
    else if (call.name === 'init' && call.args.length >= 2) sequelizeInit(ctx, call);
    else if ((call.name === 'from' || call.name === 'table' || call.name === 'into') && call.args.length === 1 && chainIsKnex(ctx, call.callee.object)) {
      knexTable(ctx, call, childrenOf, call.name === 'into' || chainWrites(call.callee.object));
    } else if (QUERY_CALLS.has(call.name)) {
      const name = first.kind === S.K_IDENT && first.value.k === 'name' ? first.value.name : null;
      const text = keyOf(ctx.w, first.kind, first.text, name, call.scope)?.text ?? null;
      if (text !== null && SQL_START.test(text)) sqlFacts(ctx, call, text, first.start >= 0 ? first.start + 1 : call.site);
    }
  }
}

function sqlFacts(ctx: SurfaceContext, call: CallSite, text: string | null, at: number): void {
  if (text === null) return;
  // Unknown template parts are `*`, which the reader never takes for a table name.
  const tables = sqlTables(text);
  if (tables.length === 0) return;
  const position = ctx.position(at);
  const from = ownerAt(ctx, call.encl, call.site);
  for (const table of tables) {
    ctx.addSurface({ kind: 'table', key: table.table, framework: 'sql', access: table.access, from, line: position.line, column: position.column });
  }
}

function drizzleTable(ctx: SurfaceContext, call: CallSite): void {
  const first = call.args[0]!;
  const specifier = importSpecifierOf(ctx.w, call.callee);
  if (specifier === null || !specifier.startsWith('drizzle-orm') || first.kind !== S.K_STRING || !first.text) return;
  const position = ctx.position(first.start + 1);
  ctx.addSurface({ kind: 'table', key: first.text, framework: 'drizzle', access: 'model', from: ownerAt(ctx, call.encl, call.site), line: position.line, column: position.column });
}

/**
 * `knex` bound to the knex package (or a value made by calling it), or any binding named `knex`;
 * another name (`db`, `trx`, `database`) only where its value is provably a Knex instance: made by
 * the knex package, by `getDatabase()`/`getKnex()`/`getDb()` of a module named database, db or knex
 * (or of this file), or the parameter of a callback passed to `.transaction(...)` of such a value.
 */
function isKnex(ctx: SurfaceContext, e: Expr, depth = 0): boolean {
  if (e.k !== 'name') return false;
  if (importSpecifierOf(ctx.w, e) === 'knex') return true;
  const decl = declOf(e);
  if (decl >= 0) {
    let init = ctx.w.decls[decl]!.init;
    while (init !== undefined && (init.k === 'cast' || init.k === 'refined' || init.k === 'deferred')) init = init.k === 'deferred' ? init.e : init.value;
    if (init !== undefined && init.k === 'call') {
      if (importSpecifierOf(ctx.w, init.callee) === 'knex') return true;
      if (init.callee.k === 'name' && KNEX_GETTERS.test(init.callee.name)) {
        const specifier = importSpecifierOf(ctx.w, init.callee);
        if (specifier !== null ? DATABASE_MODULE.test(specifier) : declOf(init.callee) >= 0) return true;
      }
    }
    if (init !== undefined && init.k === 'argparam' && init.param === 0 && !init.isNew && depth < 4) {
      const callee = init.callee;
      // `knex.transaction(async (trx) => ...)`, and a helper's `transaction(knex, async (trx) => ...)`.
      if (init.arg === 0 && callee.k === 'member' && callee.name === 'transaction' && isKnexValue(ctx, callee.object, depth + 1)) return true;
      const helper = init.arg === 1 && callee.k === 'name' && callee.name === 'transaction' ? transactions.get(callee) : undefined;
      if (helper !== undefined && helper.args[0] !== undefined && isKnexValue(ctx, helper.args[0].value, depth + 1)) return true;
    }
  }
  return e.name === 'knex' && (bindingOfName(e) !== undefined || decl < 0);
}

/** The collected `transaction(...)` calls by callee (set by finishTables). */
let transactions = new Map<Expr, CallSite>();

/** A Knex instance: as isKnex, or `this.knex`. */
function isKnexValue(ctx: SurfaceContext, e: Expr, depth = 0): boolean {
  if (e.k === 'member') return e.name === 'knex' && e.object.k === 'this';
  return isKnex(ctx, e, depth);
}

/** The chain (`knex.select('*')`, `supabase`) starts at a knex instance or a supabase client. */
function chainIsKnex(ctx: SurfaceContext, e: Expr): boolean {
  for (let hops = 0; hops < 32; hops++) {
    if (e.k === 'member') {
      if (e.name === 'knex' && e.object.k === 'this') return true;
      e = e.object;
    } else if (e.k === 'call') e = e.callee;
    else break;
  }
  return e.k === 'name' && (isKnex(ctx, e) || /^supabase/i.test(e.name));
}

/** A write method occurs in the chain below `e` (`knex.insert(x).into('t')`). */
function chainWrites(e: Expr): boolean {
  for (let hops = 0; hops < 32; hops++) {
    if (e.k === 'member') {
      if (WRITE_METHODS.has(e.name)) return true;
      e = e.object;
    } else if (e.k === 'call') e = e.callee;
    else return false;
  }
  return false;
}

/** A write method is called on the result of `call` or further along its chain. */
function chainWritesAfter(call: CallSite, childrenOf: Map<Expr, CallSite[]>): boolean {
  const work: CallSite[] = [call];
  for (let guard = 0; work.length > 0 && guard < 256; guard++) {
    const next = work.pop()!;
    for (const child of childrenOf.get(next.result) ?? []) {
      if (WRITE_METHODS.has(child.name)) return true;
      work.push(child);
    }
  }
  return false;
}

function knexTable(ctx: SurfaceContext, call: CallSite, childrenOf: Map<Expr, CallSite[]> | null, writes: boolean, reads = false): void {
  const first = call.args[0]!;
  if (first.kind !== S.K_STRING || first.text === null) return;
  const table = first.text.replace(/\s+as\s+\w+$/i, '').trim();
  if (!TABLE_NAME.test(table)) return;
  const root = chainRootName(call.callee);
  const framework = root !== null && /^supabase/i.test(root) ? 'supabase' : 'knex';
  const write = writes || (!reads && childrenOf !== null && chainWritesAfter(call, childrenOf));
  const position = ctx.position(first.start + 1);
  ctx.addSurface({ kind: 'table', key: table, framework, access: write ? 'write' : 'read', from: ownerAt(ctx, call.encl, call.site), line: position.line, column: position.column });
}

function chainRootName(e: Expr): string | null {
  for (let hops = 0; hops < 32; hops++) {
    if (e.k === 'member') e = e.object;
    else if (e.k === 'call') e = e.callee;
    else break;
  }
  return e.k === 'name' ? e.name : null;
}

/** `sequelize.define('User', attrs, { tableName: 'users' })` on a receiver named sequelize or made by `new Sequelize()`. */
function sequelizeDefine(ctx: SurfaceContext, call: CallSite): void {
  const receiver = (call.callee as Extract<Expr, { k: 'member' }>).object;
  if (!isSequelize(ctx, receiver)) return;
  const first = call.args[0]!;
  if (first.kind !== S.K_STRING || !first.text) return;
  const options = call.args[2];
  modelFact(ctx, call, first.text, options?.kind === S.K_OBJECT ? options.text : null, first.start + 1, undefined);
}

/** `User.init(attrs, { sequelize, tableName, modelName })` on a class of the file. */
function sequelizeInit(ctx: SurfaceContext, call: CallSite): void {
  const receiver = (call.callee as Extract<Expr, { k: 'member' }>).object;
  const decl = declOf(receiver);
  if (receiver.k !== 'name' || decl < 0 || ctx.w.decls[decl]!.kind !== 'class') return;
  const options = call.args[1]!;
  if (options.kind !== S.K_OBJECT || options.text === null || !/\bsequelize\b/.test(options.text)) return;
  const ref = ctx.refAt(call.site, 'call');
  const target = ref !== null && ref.target.k === 'member' ? ref.target.object : undefined;
  const modelName = /\bmodelName\s*:\s*(['"])([^'"\\\n]+)\1/.exec(options.text);
  modelFact(ctx, call, modelName !== null ? modelName[2]! : receiver.name, options.text, call.site, target);
}

function modelFact(ctx: SurfaceContext, call: CallSite, modelName: string, options: string | null, at: number, target: import('@repograph/core').ValueExpr | undefined): void {
  const tableName = options === null ? null : /\btableName\s*:\s*(['"])([^'"\\\n]+)\1/.exec(options);
  const frozen = options !== null && /\bfreezeTableName\s*:\s*true\b/.test(options);
  const key = tableName !== null ? tableName[2]! : modelName;
  const position = ctx.position(at);
  ctx.addSurface({
    kind: 'table', key, framework: 'sequelize', access: 'model', ...(tableName === null && !frozen ? { partial: true } : {}),
    from: ownerAt(ctx, call.encl, call.site), ...(target !== undefined ? { target } : {}), line: position.line, column: position.column,
  });
}

function isSequelize(ctx: SurfaceContext, e: Expr): boolean {
  const root = rootExpr(e);
  if (root.k !== 'name' || root !== e) return false;
  if (/sequelize/i.test(root.name)) return true;
  const decl = declOf(root);
  const init = decl >= 0 ? ctx.w.decls[decl]!.init : undefined;
  return init !== undefined && init.k === 'new' && init.callee.k === 'name' && init.callee.name === 'Sequelize';
}
