// A trace's records are its nodes in pre-order; the structured result of a page is the kept nodes
// as trees again: the first page under its roots, a later page's nodes whose parent is on an
// earlier page as roots carrying their depth. Each node renders as one line with its facts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TraceNode } from '@repograph/protocol';
import { traceLine, traceRecords, traceTrees } from './render-overview.js';

function node(id: string, children: TraceNode[] = [], extra: Partial<TraceNode> = {}): TraceNode {
  const range = { start: { line: 1, column: 1 }, end: { line: 2, column: 1 } };
  return {
    symbol: { id, kind: 'function', name: id.split('#')[1]!, qualifiedName: id.split('#')[1]!, path: id.split('#')[0]!, range, selection: range, exported: true, generated: false },
    sites: [], endpoints: [], configKeys: [], tables: [], children, ...extra,
  };
}

const TRACE = {
  entry: 'a.ts#root', endpoints: [], depth: 3, nodes: 6, truncated: false, factsAvailable: true,
  roots: [node('a.ts#root', [node('a.ts#one', [node('a.ts#oneA'), node('a.ts#oneB')]), node('a.ts#two', [node('b.ts#twoA', [], { seen: true })])])],
};

test('pages of a trace rebuild as trees, a later page rooted at its nodes\' depths', () => {
  const records = traceRecords(TRACE);
  assert.deepEqual(records.map((record) => `${record.depth}:${record.node.symbol.name}`), ['0:root', '1:one', '2:oneA', '2:oneB', '1:two', '2:twoA']);
  const first = traceTrees(records.slice(0, 3));
  assert.deepEqual(first.map((root) => [root.symbol.name, root.depth, root.children.map((child) => [child.symbol.name, child.children.map((g) => g.symbol.name)])]),
    [['root', undefined, [['one', ['oneA']]]]]);
  const second = traceTrees(records.slice(3));
  assert.deepEqual(second.map((root) => [root.symbol.name, root.depth, root.children.map((child) => child.symbol.name)]), [['oneB', 2, []], ['two', 1, ['twoA']]]);
});

test('a trace node is one line: kind, id, call sites, marks, facts', () => {
  const annotated = node('src/api.ts#getUser', [], {
    sites: [{ path: 'src/routes.ts', line: 4, column: 22, confidence: 'exact' }],
    endpoints: [{ method: 'GET', path: '/users/:id', pattern: '/users/:id', framework: 'express', partial: false, handler: 'src/api.ts#getUser', site: { path: 'src/routes.ts', line: 4, column: 9 } }],
    configKeys: [{ key: 'PAGE_LIMIT', access: 'process.env', partial: false, site: { path: 'src/api.ts', line: 7, column: 17 } }],
    tables: [{ table: 'users', access: 'read', framework: 'sql', partial: false, site: { path: 'src/db.ts', line: 3, column: 20 } }],
    generated: true,
  });
  assert.equal(traceLine({ depth: 1, node: annotated }),
    '  function src/api.ts#getUser @src/routes.ts:4:22 [generated] · GET /users/:id · config PAGE_LIMIT:7:17 · table users read:src/db.ts:3:20');
});
