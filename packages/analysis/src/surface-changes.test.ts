// The facts a change added and removed (surface-changes.ts): compared by kind, key, method and
// access over the changed paths, never by site; a second registration is one more; re-bound files count.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SurfaceRecord, SymbolRecord } from '@repograph/core';
import type { DeltaInput, GraphSide } from '@repograph/engine';
import { runToEnd } from './steps.js';
import { findSurfaceChanges } from './surface-changes.js';

function side(files: Record<string, SurfaceRecord[]>): GraphSide {
  const symbol = (path: string): SymbolRecord | undefined => (path in files ? {
    id: path, kind: 'file', name: path, qualifiedName: path, path, exported: false, generated: false, surfaces: files[path],
    range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } }, selection: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
  } : undefined);
  return { hasFile: (path) => path in files, symbol } as GraphSide;
}

const route = (key: string, line: number, method = 'GET', target: string | null = 'h.ts#h'): SurfaceRecord =>
  ({ kind: 'endpoint', key, framework: 'express', method, owner: 'r.ts', target, router: 'r.ts#router', line, column: 5 });

function changes(before: Record<string, SurfaceRecord[]>, after: Record<string, SurfaceRecord[]>, input: Partial<DeltaInput>) {
  return runToEnd(findSurfaceChanges({ workspace: 'default', paths: [], reparsed: [], affected: [], removedFiles: [], reingestMs: 0, ...input, before: side(before), after: side(after) } as DeltaInput));
}

test('a new route is added, a moved one is no change, a removed file removes its facts', () => {
  const before = { 'r.ts': [route('/', 3), route('/:id', 4)], 'gone.ts': [{ kind: 'config', key: 'PORT', framework: 'env', access: 'process.env', owner: 'gone.ts', line: 1, column: 1 } as SurfaceRecord] };
  const after = { 'r.ts': [route('/', 5), route('/:id', 6), route('/:id', 7, 'DELETE'), route('/', 9)] };
  const result = changes(before, after, { reparsed: ['r.ts'], removedFiles: ['gone.ts'] });
  assert.deepEqual(result.added.map((c) => `${c.method} ${c.key} ${c.site.line}`), ['GET / 9', 'DELETE /:id 7']);
  assert.deepEqual(result.removed.map((c) => `${c.kind} ${c.key} ${c.site.path}`), ['config PORT gone.ts']);
  assert.deepEqual(result.added[1], { kind: 'endpoint', key: '/:id', framework: 'express', method: 'DELETE', owner: 'r.ts', target: 'h.ts#h', site: { path: 'r.ts', line: 7, column: 5 } });
});

test('only the changed paths are compared, re-bound ones included', () => {
  const before = { 'r.ts': [route('/', 3)], 'other.ts': [route('/x', 1)] };
  const after = { 'r.ts': [route('/', 3, 'GET', null)], 'other.ts': [] };
  assert.deepEqual(changes(before, after, { affected: ['r.ts'] }), { added: [], removed: [] }, 'a target that stops binding is no change of kind, key or method');
  assert.deepEqual(changes(before, after, { reparsed: ['other.ts'] }).removed.map((c) => c.key), ['/x']);
});
