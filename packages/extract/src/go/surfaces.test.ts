/**
 * Unit tests of the Go architecture facts (issue 17) that snapshots cannot hold: GORM's default
 * table naming, huge and hostile inputs, and the rule that every expression a fact carries is
 * also (a part of) one of the file's references.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileFacts, ValueExpr } from '@repograph/core';
import { extractFile } from '../in-process.js';
import { gormDbName, gormTableName } from './gorm-naming.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const inputs = join(dirname(fileURLToPath(import.meta.url)), '../../../../test/fixtures/extract/input');

test('GORM default table names: snake case with initialisms, inflection plurals', () => {
  const cases: Array<[string, string]> = [
    ['User', 'users'], ['UserID', 'user_ids'], ['HTTPLogEntry', 'http_log_entries'], ['APIKey', 'api_keys'], ['Person', 'people'],
    ['SalesPerson', 'sales_people'], ['Category', 'categories'], ['Address', 'addresses'], ['Status', 'statuses'], ['Box', 'boxes'],
    ['Wife', 'wives'], ['Mouse', 'mice'], ['Ox', 'oxen'], ['Analysis', 'analyses'], ['Datum', 'data'], ['Tomato', 'tomatoes'],
    ['Sheep', 'sheep'], ['Child', 'children'], ['Quiz', 'quizzes'], ['Matrix', 'matrices'], ['Item2', 'item2'], ['Day', 'days'],
  ];
  for (const [name, table] of cases) assert.equal(gormTableName(name), table, name);
  assert.equal(gormDbName('OAuthToken'), 'o_auth_token');
  assert.equal(gormDbName('JSONData'), 'json_data');
});

test('a file without these forms has no surfaces or mounts at all (absent, not empty)', () => {
  const facts = extractFile('plain.go', encode('package p\n\nfunc f(m map[string]int) int { return m["x"] }\n'));
  assert.equal('surfaces' in facts, false);
  assert.equal('mounts' in facts, false);
});

test('huge and hostile keys give no fact and never throw', () => {
  const huge = 'x'.repeat(100_000);
  const source = [
    'package p',
    'import (\n\t"net/http"\n\t"os"\n)',
    'func f(db DB) {',
    `\thttp.HandleFunc("/${huge}", h)`,
    `\tos.Getenv("${huge}")`,
    '\tos.Getenv("" + a + "_" + b)',
    `\tdb.Query("SELECT * FROM t WHERE x = '${huge}'")`,
    '}',
    'func g() {',
    '\tos.Getenv("unterminated',
    '}',
  ].join('\n');
  const facts = extractFile('bad.go', encode(source));
  assert.deepEqual((facts.surfaces ?? []).map((s) => s.key), ['t']);
});

/** Whether `expr` is a reference's target or a part of one (a member's object, a call's callee...). */
function appearsIn(facts: FileFacts, written: ValueExpr): boolean {
  // A call's value is bound through its callee, which is what re-binding follows.
  let expr = written;
  while (expr.k === 'call' || expr.k === 'new') expr = expr.callee;
  // A declaration of the file itself (a function literal handler) needs no re-binding to follow.
  if (expr.k === 'decl') return facts.declarations[expr.decl] !== undefined;
  const wanted = JSON.stringify(expr);
  for (const ref of facts.references) {
    for (let e: ValueExpr | undefined = ref.target; e !== undefined;) {
      if (JSON.stringify(e) === wanted) return true;
      e = e.k === 'member' ? e.object : e.k === 'call' || e.k === 'new' ? e.callee : e.k === 'element' ? e.of : undefined;
    }
  }
  return false;
}

test('every expression a Go fact carries is one of the file\'s references (or a part of one), or one of its declarations', () => {
  for (const name of readdirSync(inputs).filter((file) => file.startsWith('surfaces-go-'))) {
    const facts = extractFile(name, readFileSync(join(inputs, name)));
    for (const fact of facts.surfaces ?? []) {
      for (const expr of [fact.target, fact.router]) if (expr) assert.ok(appearsIn(facts, expr), `${name}:${fact.line} ${JSON.stringify(expr)}`);
    }
    for (const mount of facts.mounts ?? []) {
      for (const expr of [mount.mounted, mount.on, mount.mountedParam?.callee]) if (expr) assert.ok(appearsIn(facts, expr), `${name}:${mount.line} ${JSON.stringify(expr)}`);
    }
  }
});
