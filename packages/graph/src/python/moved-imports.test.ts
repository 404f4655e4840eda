import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FileFacts } from '@repograph/core';
import { makeFileUnit, type FileUnit } from '../program.js';
import { pythonMovedImportFolders } from './moved-imports.js';

/** A Python unit whose facts hold only the given imports (`specifier`, `imported`). */
function unitWith(path: string, imports: Array<[string, string]>, starFrom?: string): FileUnit {
  const facts = {
    path, language: 'python', extractorVersion: 0, generated: false, partial: false, lineCount: 1, diagnostics: [],
    declarations: [], references: [],
    imports: imports.map(([specifier, imported]) => ({ specifier, imported, local: imported || specifier, style: imported ? 'named' : 'namespace' })),
    exports: starFrom === undefined ? [] : [{ style: 'reexport-all', exported: '*', specifier: starFrom }],
  } as unknown as FileFacts;
  return makeFileUnit(facts);
}

const UNITS = [
  unitWith('app/views.py', [['shop.models.cart', '']]),
  unitWith('app/forms.py', [['shop.models', 'cart']]),
  unitWith('shop/models/order.py', [['.', 'cart']]),
  unitWith('shop/api/serial.py', [['..models.cart', 'Cart']]),
  unitWith('other/unrelated.py', [['shop.models', 'Order'], ['os.path', 'join']]),
  unitWith('tools/stars.py', [], 'shop.models.cart'),
];

test('a module that comes or goes moves the imports that name it by a segment, and its own folder', () => {
  const folders = pythonMovedImportFolders(UNITS, ['shop/models/cart.py']);
  assert.ok(folders !== undefined);
  assert.deepEqual([...folders].sort(), ['app', 'shop/api', 'shop/models', 'tools'],
    'import a.b.cart, from a.b import cart, from . import cart, from ..models.cart import X, a star import of it; not an import of shop.models.Order');
});

test('an __init__ that comes or goes may move every import; paths of other languages move none', () => {
  assert.equal(pythonMovedImportFolders(UNITS, ['shop/models/__init__.py']), undefined);
  assert.equal(pythonMovedImportFolders(UNITS, ['shop/stubs/__init__.pyi']), undefined);
  assert.deepEqual([...pythonMovedImportFolders(UNITS, ['web/cart.ts', 'README.md'])!], []);
  assert.deepEqual([...pythonMovedImportFolders(UNITS, ['shop/models/cart.pyi'])!].sort(), ['app', 'shop/api', 'shop/models', 'tools'], 'a stub names the same module');
});
