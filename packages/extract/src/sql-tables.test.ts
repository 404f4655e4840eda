// Unit tests of the shared SQL table reader: each statement form, the placeholder dialects, the
// constructs that look like a FROM but are not one, and text that is not SQL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_SQL_CHARS, sqlTables } from './sql-tables.js';

const r = (table: string) => ({ table, access: 'read' });
const w = (table: string) => ({ table, access: 'write' });

test('reads FROM, JOIN and comma lists; writes INSERT, UPDATE, DELETE', () => {
  assert.deepEqual(sqlTables('SELECT * FROM users u JOIN orders o ON o.user_id = u.id WHERE u.id = $1'), [r('users'), r('orders')]);
  assert.deepEqual(sqlTables('select a.x, b.y from alpha a, beta as b left outer join gamma g using (id)'), [r('alpha'), r('beta'), r('gamma')]);
  assert.deepEqual(sqlTables('INSERT INTO audit_log (a, b) VALUES ($1, $2)'), [w('audit_log')]);
  assert.deepEqual(sqlTables('INSERT INTO t2 SELECT * FROM t1'), [w('t2'), r('t1')]);
  assert.deepEqual(sqlTables('UPDATE accounts SET balance = balance - $1 WHERE id = $2'), [w('accounts')]);
  assert.deepEqual(sqlTables('UPDATE users u SET name = $1 FROM teams t WHERE t.id = u.team_id'), [w('users'), r('teams')]);
  assert.deepEqual(sqlTables('DELETE FROM sessions WHERE expires < now()'), [w('sessions')]);
  assert.deepEqual(sqlTables('DELETE FROM a USING b WHERE a.id = b.id'), [w('a'), r('b')]);
  assert.deepEqual(sqlTables('MERGE INTO stock s USING deliveries d ON s.id = d.id WHEN MATCHED THEN UPDATE SET n = s.n + d.n'), [w('stock'), r('deliveries')]);
  assert.deepEqual(sqlTables('REPLACE INTO kv (k, v) VALUES (?, ?)'), [w('kv')]);
});

test('every placeholder dialect, quoted and qualified names', () => {
  assert.deepEqual(sqlTables('select name from public.users where id = ?'), [r('public.users')]);
  assert.deepEqual(sqlTables('SELECT * FROM `users` WHERE id = ? AND x = :name AND y = @p1 AND z = %s AND q = %(k)s'), [r('users')]);
  assert.deepEqual(sqlTables('select count(*) from "Order" o left join "Line""Item" li on li.order_id = o.id'), [r('Order'), r('Line"Item')]);
  assert.deepEqual(sqlTables("SELECT * FROM t WHERE a = 'FROM x' AND b = $$ JOIN y $$ AND c = E'\\' FROM z' -- FROM w\n/* JOIN v */"), [r('t')]);
  assert.deepEqual(sqlTables('SELECT x::text FROM t WHERE y = $1::int'), [r('t')]);
});

test('subqueries, CTEs and FROMs that are not tables', () => {
  assert.deepEqual(sqlTables('SELECT * FROM users WHERE id IN (SELECT user_id FROM bans)'), [r('users'), r('bans')]);
  assert.deepEqual(sqlTables('WITH recent AS (SELECT * FROM events WHERE ts > $1), top AS MATERIALIZED (SELECT * FROM recent) SELECT * FROM top JOIN users ON users.id = top.uid'),
    [r('events'), r('users')]);
  assert.deepEqual(sqlTables('WITH RECURSIVE tree(id) AS (SELECT id FROM nodes UNION ALL SELECT n.id FROM nodes n JOIN tree ON true) SELECT * FROM tree'), [r('nodes')]);
  assert.deepEqual(sqlTables('SELECT EXTRACT(YEAR FROM created), substring(name FROM 2 FOR 3), trim(both from x) FROM t WHERE a IS DISTINCT FROM b'), [r('t')]);
  assert.deepEqual(sqlTables('SELECT * FROM unnest($1) AS u(x) JOIN (SELECT 1) s ON true, generate_series(1, 3)'), []);
  assert.deepEqual(sqlTables('SELECT * FROM LATERAL (SELECT 1) x'), []);
  assert.deepEqual(sqlTables('SELECT 1'), []);
  assert.deepEqual(sqlTables('INSERT INTO users (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET x = 1'), [w('users')]);
  assert.deepEqual(sqlTables('SELECT * FROM jobs WHERE id = $1 FOR UPDATE SKIP LOCKED'), [r('jobs')]);
  assert.deepEqual(sqlTables('INSERT INTO t (a) VALUES (1) ON DUPLICATE KEY UPDATE a = 2'), [w('t')]);
});

test('DDL and several statements', () => {
  assert.deepEqual(sqlTables('CREATE TABLE IF NOT EXISTS foo (id int REFERENCES bar(id)); ALTER TABLE ONLY foo ADD COLUMN x int; DROP TABLE IF EXISTS a, b CASCADE'),
    [w('foo'), w('a'), w('b')]);
  assert.deepEqual(sqlTables('CREATE UNIQUE INDEX IF NOT EXISTS ix ON users (email); TRUNCATE TABLE logs, events'), [w('users'), w('logs'), w('events')]);
  assert.deepEqual(sqlTables('CREATE TEMP TABLE scratch AS SELECT * FROM src'), [w('scratch'), r('src')]);
  assert.deepEqual(sqlTables('select * from a; select * from a; update a set x = 1'), [r('a'), w('a')]);
});

test('text that is not SQL, computed names and bad input give nothing', () => {
  assert.deepEqual(sqlTables('users'), []);
  assert.deepEqual(sqlTables('Please select a row from the list'), []);
  assert.deepEqual(sqlTables(''), []);
  assert.deepEqual(sqlTables('SELECT * FROM $1 JOIN ? ON true'), []);
  assert.deepEqual(sqlTables('SELECT * FROM {table}'), []);
  assert.deepEqual(sqlTables("SELECT * FROM 'unterminated"), []);
  assert.deepEqual(sqlTables('SELECT * FROM t WHERE x = "unterminated'), [r('t')]);
  assert.deepEqual(sqlTables(null as unknown as string), []);
  assert.deepEqual(sqlTables('((((((((((SELECT * FROM deep'), [r('deep')]);
  const huge = `SELECT * FROM head WHERE x IN (${'1,'.repeat(MAX_SQL_CHARS)}1) JOIN tail ON true`;
  const start = performance.now();
  assert.deepEqual(sqlTables(huge), [r('head')]);
  assert.ok(performance.now() - start < 500);
});
