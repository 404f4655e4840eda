/**
 * Go database tables (issue 17): GORM models (structs embedding `gorm.Model`, and the types passed
 * as `&T{}` to `AutoMigrate`), named by GORM's default naming (gorm-naming.ts); a
 * `func (T) TableName() string { return "x" }` method gives `x` as a table fact of its own (from
 * the method, `target` the receiver type, which may be declared in another file of the package:
 * the engine prefers it to the default name of the model fact whose `from` is that type); SQL text
 * passed to `Query`, `QueryRow`, `Exec`, `Prepare` and their `Context`/sqlx forms (any receiver,
 * only when the text reads as SQL through the shared ../sql-tables.ts), GORM's `Raw`, and
 * `db.Table("x")` (access from the chain's last call: `Find`... read, `Create`... write). Owns
 * these forms.
 */
import type { SurfaceFact, ValueExpr } from '@repograph/core';
import { sqlTables } from '../sql-tables.js';
import type { GoNode } from './lite.js';
import type { GoWalker } from './walker.js';
import type { GoSurfaces } from './surfaces.js';
import { surfacesOf } from './surfaces.js';
import { gormTableName } from './gorm-naming.js';
import { SQL_HOLE, fileConstants, isStringLiteral, keyOf, literalValue } from './surfaces-text.js';

const SQL_METHODS = new Set([
  'Query', 'QueryRow', 'QueryContext', 'QueryRowContext', 'Exec', 'ExecContext', 'Prepare', 'PrepareContext',
  'Queryx', 'QueryRowx', 'QueryxContext', 'QueryRowxContext', 'Select', 'SelectContext', 'Get', 'GetContext',
  'MustExec', 'MustExecContext', 'NamedExec', 'NamedExecContext', 'NamedQuery', 'NamedQueryContext', 'Preparex', 'PreparexContext', 'Raw',
]);
const GORM_READS = new Set(['Find', 'First', 'Last', 'Take', 'Scan', 'Count', 'Pluck', 'Rows', 'Row', 'FindInBatches']);
const GORM_WRITES = new Set(['Create', 'CreateInBatches', 'Save', 'Update', 'Updates', 'UpdateColumn', 'UpdateColumns', 'Delete', 'AutoMigrate']);
/** Calls tables.ts reads (surfaces.ts's cheap test); a GORM chain's methods are followed through its state. */
export const TABLE_METHODS = new Set([...SQL_METHODS, 'Table', 'AutoMigrate', ...GORM_READS, ...GORM_WRITES,
  'Where', 'Or', 'Not', 'Select', 'Omit', 'Joins', 'Order', 'Limit', 'Offset', 'Group', 'Having', 'Model', 'Preload', 'Session',
  'WithContext', 'Debug', 'Unscoped', 'Clauses', 'Distinct', 'Scopes']);

/** A table-related call; the state's GORM chains are followed through any method. */
export function tableCall(
  walker: GoWalker, s: GoSurfaces, callee: ValueExpr, name: string, args: GoNode[], values: ValueExpr[], result: ValueExpr,
): void {
  if (callee.k !== 'member') return;
  const chain = s.info.get(callee.object);
  if (chain?.kind === 'gorm') {
    if (GORM_READS.has(name)) chain.fact.access ??= 'read';
    else if (GORM_WRITES.has(name)) chain.fact.access ??= 'write';
    else s.info.set(result, chain);
    if (name !== 'AutoMigrate') return;
  }
  const gorm = s.gorm.size > 0;
  if (name === 'Table' && gorm) {
    const key = keyOf(args[0]);
    if (key === null || key.text === '' || /\s/.test(key.text)) return;
    const fact = addTable(walker, s, key.text, 'gorm', undefined, key.partial, args[0]!);
    s.info.set(result, { kind: 'gorm', fact });
    return;
  }
  if (name === 'AutoMigrate' && gorm) {
    args.forEach((arg, index) => {
      const value = values[index];
      const type = value?.k === 'new' ? value.callee : undefined;
      const typeName = type?.k === 'decl' ? walker.declarations[type.decl]?.name : type?.k === 'global' ? type.name : type?.k === 'member' ? type.name : undefined;
      if (type === undefined || typeName === undefined || !/^\p{Lu}/u.test(typeName) && type.k !== 'decl') return;
      const fact = addTable(walker, s, gormTableName(typeName), 'gorm', 'model', false, arg);
      fact.target = type;
    });
    return;
  }
  if (!SQL_METHODS.has(name)) return;
  const sqlNode = args.find((arg) => isStringLiteral(arg) || arg.type === 'binary_expression' || arg.type === 'call_expression');
  if (sqlNode === undefined) return;
  const sql = keyOf(sqlNode, SQL_HOLE);
  if (sql === null || !/\b(?:from|into|update|join|table)\b/i.test(sql.text)) return;
  const framework = name === 'Raw' || (gorm && name === 'Exec' && !walker.imports.some((i) => i.specifier === 'database/sql')) ? 'gorm' : 'sql';
  for (const table of sqlTables(sql.text)) {
    const known = table.table.split(SQL_HOLE).join('*');
    if (known.replace(/[*.]/g, '') === '') continue;
    addTable(walker, s, known, framework, table.access, known.includes('*'), sqlNode);
  }
}

function addTable(walker: GoWalker, s: GoSurfaces, key: string, framework: string, access: string | undefined, partial: boolean, at: GoNode | number): SurfaceFact {
  const position = walker.lines.position(typeof at === 'number' ? at : at.startIndex);
  const fact = { kind: 'table', key, framework } as SurfaceFact;
  if (access !== undefined) fact.access = access;
  if (partial) fact.partial = true;
  fact.from = walker.from;
  fact.line = position.line;
  fact.column = position.column;
  s.surfaces.push(fact);
  return fact;
}

/**
 * After the walk: structs embedding `gorm.Model` (a model fact on the struct), and `TableName`
 * methods returning a literal or a string constant of the file (a table fact on the method, its target the receiver type). The
 * methods are found among the file's top-level declarations, which the walk has already visited.
 */
export function gormModelTables(walker: GoWalker, root: GoNode): void {
  const gorm = new Set<number>();
  walker.imports.forEach((fact, index) => {
    if (fact.specifier === 'gorm.io/gorm' || fact.specifier === 'github.com/jinzhu/gorm') gorm.add(index);
  });
  if (gorm.size > 0) {
    walker.declarations.forEach((declaration, index) => {
      if (declaration.kind !== 'struct' || declaration.scope !== 'module' || declaration.extendsTypes === undefined) return;
      const embedsModel = declaration.extendsTypes.some((type) => type.k === 'member' && type.name === 'Model' && type.object.k === 'import' && gorm.has(type.object.imp));
      if (!embedsModel) return;
      const fact = { kind: 'table', key: gormTableName(declaration.name), framework: 'gorm', access: 'model', from: index } as SurfaceFact;
      fact.line = declaration.selection.start.line;
      fact.column = declaration.selection.start.column;
      surfacesOf(walker).surfaces.push(fact);
    });
  }
  for (const child of root.namedChildren) {
    if (child.type !== 'method_declaration' || child.childForFieldName('name')?.text !== 'TableName') continue;
    tableNameMethod(walker, child);
  }
}

/** `func (T) TableName() string { return "x" }`. */
function tableNameMethod(walker: GoWalker, node: GoNode): void {
  if ((node.childForFieldName('parameters')?.namedChildren.length ?? 0) > 0) return;
  if (node.childForFieldName('result')?.text !== 'string') return;
  const statements = node.childForFieldName('body')?.namedChildren.filter((child) => child.type !== 'comment') ?? [];
  const only = statements.length === 1 ? statements[0]! : undefined;
  const list = only?.type === 'statement_list' ? only.namedChildren.filter((child) => child.type !== 'comment') : only === undefined ? [] : [only];
  if (list.length !== 1 || list[0]!.type !== 'return_statement') return;
  const values = list[0]!.namedChildren.filter((child) => child.type !== 'comment');
  const valueNode = values[0]?.type === 'expression_list' ? values[0].namedChildren : values;
  if (valueNode.length !== 1) return;
  // A literal, or a string constant of the file (`return ChangefeedTableName`).
  const key = isStringLiteral(valueNode[0]) ? literalValue(valueNode[0]!)
    : valueNode[0]!.type === 'identifier' ? fileConstants(walker)(valueNode[0]!.text) : null;
  if (key === null) return;
  if (key === '' || key.length > 256) return;
  const receiverParameter = node.childForFieldName('receiver')?.namedChildren.find((child) => child.type === 'parameter_declaration');
  let typeNode = receiverParameter?.childForFieldName('type') ?? null;
  while (typeNode !== null && (typeNode.type === 'pointer_type' || typeNode.type === 'parenthesized_type')) typeNode = typeNode.namedChild(0);
  if (typeNode?.type !== 'type_identifier') return;
  const methodIndex = walker.declarations.findIndex((d) => d.kind === 'method' && d.name === 'TableName' && d.range.start.line === walker.lines.position(node.startIndex).line);
  if (methodIndex < 0) return;
  const target = walker.lookup(typeNode.text);
  // The receiver type as a reference too: the fact's target must be one, for re-binding to follow.
  walker.addReference('type', typeNode.text, target, typeNode);
  const reference = walker.references.pop()!;
  reference.from = methodIndex;
  let at = walker.references.length;
  while (at > 0 && (walker.references[at - 1]!.line > reference.line || (walker.references[at - 1]!.line === reference.line && walker.references[at - 1]!.column > reference.column))) at--;
  walker.references.splice(at, 0, reference);
  const position = walker.lines.position(valueNode[0]!.startIndex);
  const fact = { kind: 'table', key, framework: 'gorm', access: 'model', from: methodIndex, target } as SurfaceFact;
  fact.line = position.line;
  fact.column = position.column;
  surfacesOf(walker).surfaces.push(fact);
}
