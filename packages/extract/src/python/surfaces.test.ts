/**
 * Unit tests of the Python architecture facts (issue 17) that snapshots cannot hold: the Django
 * app label read from the file's path, huge and hostile inputs, and the rule that every
 * expression a fact carries is also (a part of) one of the file's references.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileFacts, ValueExpr } from '@repograph/core';
import { extractFile } from '../in-process.js';
import { djangoAppLabel } from './surfaces-tables.js';
import { keyOfText } from './surfaces-text.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const inputs = join(dirname(fileURLToPath(import.meta.url)), '../../../../test/fixtures/extract/input');

const MODELS = `from django.db import models

class Base(models.Model):
    class Meta:
        abstract = True

class OrderItem(Base):
    pass

class Renamed(models.Model):
    class Meta:
        db_table = "legacy_renamed"
`;

test('a Django model table is <app label>_<model name>, the app label from the path', () => {
  const keys = (path: string): string[] => (extractFile(path, encode(MODELS)).surfaces ?? []).map((s) => `${s.key}${s.partial ? '?' : ''}`);
  assert.deepEqual(keys('shop/models.py'), ['shop_orderitem', 'legacy_renamed']);
  assert.deepEqual(keys('src/apps/shop/models/orders.py'), ['shop_orderitem', 'legacy_renamed']);
  assert.deepEqual(keys('models.py'), ['*_orderitem?', 'legacy_renamed']);
  assert.deepEqual(keys('shop/things.py'), ['*_orderitem?', 'legacy_renamed']);
  assert.equal(djangoAppLabel('a/b/models.py'), 'b');
  assert.equal(djangoAppLabel('a/b/models/__init__.py'), 'b');
  assert.equal(djangoAppLabel('models/x.py'), undefined);
});

test('a file without these forms has no surfaces or mounts at all (absent, not empty)', () => {
  const facts = extractFile('plain.py', encode('import os\n\ndef f(x):\n    return {}.get(x)\n'));
  assert.equal('surfaces' in facts, false);
  assert.equal('mounts' in facts, false);
});

test('huge and hostile keys give no fact and never throw', () => {
  const huge = 'x'.repeat(100_000);
  const source = [
    'import os',
    'from flask import Flask',
    'app = Flask(__name__)',
    `@app.route('/${huge}')`,
    'def a(): pass',
    `v = os.environ['${huge}']`,
    `w = os.getenv("${'{'.repeat(5000)}")`,
    `cursor.execute("SELECT * FROM t WHERE x = '${huge}'")`,
    'u = os.getenv(f"{a}{b}")',
    "z = os.getenv('unterminated",
  ].join('\n');
  const facts = extractFile('bad.py', encode(source));
  const keys = (facts.surfaces ?? []).map((s) => s.key);
  assert.deepEqual(keys, ['t']);
  assert.equal(keyOfText("'a' + b + 'c'")?.text, 'a*c');
  assert.equal(keyOfText("'a' - b"), null);
  assert.equal(keyOfText("f'{x!r:>{w}}_y'")?.text, '*_y');
});

/** Whether `expr` is a reference's target or a part of one (a member's object, a call's callee...). */
function appearsIn(facts: FileFacts, written: ValueExpr): boolean {
  // A call's value is bound through its callee, which is what re-binding follows.
  let expr = written;
  while (expr.k === 'call' || expr.k === 'new') expr = expr.callee;
  if (expr.k === 'decl' || expr.k === 'this') return true;
  const wanted = JSON.stringify(expr);
  for (const ref of facts.references) {
    for (let e: ValueExpr | undefined = ref.target; e !== undefined;) {
      if (JSON.stringify(e) === wanted) return true;
      e = e.k === 'member' ? e.object : e.k === 'call' || e.k === 'new' ? e.callee : e.k === 'element' ? e.of : undefined;
    }
  }
  return false;
}

test('every expression a Python fact carries is one of the file\'s references (or a part of one)', () => {
  for (const name of readdirSync(inputs).filter((file) => file.startsWith('surfaces-py-'))) {
    const facts = extractFile(name, readFileSync(join(inputs, name)));
    for (const fact of facts.surfaces ?? []) {
      for (const expr of [fact.target, fact.router]) if (expr) assert.ok(appearsIn(facts, expr), `${name}:${fact.line} ${JSON.stringify(expr)}`);
    }
    for (const mount of facts.mounts ?? []) {
      for (const expr of [mount.mounted, mount.on, mount.mountedParam?.callee]) if (expr) assert.ok(appearsIn(facts, expr), `${name}:${mount.line} ${JSON.stringify(expr)}`);
    }
  }
});
