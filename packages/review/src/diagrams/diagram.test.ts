import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateDiagram, type DiagramValidation } from './diagram.js';

const VALID = {
  kind: 'sequence',
  title: 'Checkout',
  nodes: [{ id: 'o', symbol: 'src/order.ts#Order', label: 'Order' }, { id: 'c', symbol: 'Customer' }],
  edges: [{ from: 'o', to: 'c', label: 'asks for the discount', expected: 'calls' }],
};

function refusal(result: DiagramValidation): { field: string; message: string } {
  assert.equal(result.ok, false);
  return result as { field: string; message: string };
}

test('a valid diagram is returned typed, without unknown fields', () => {
  const result = validateDiagram({ ...VALID, extra: 1, nodes: [{ ...VALID.nodes[0], color: 'red' }, VALID.nodes[1]] });
  assert.deepEqual(result, { ok: true, diagram: VALID });
  for (const kind of ['entity_relation', 'state_machine']) assert.equal(validateDiagram({ ...VALID, kind }).ok, true);
  assert.equal(validateDiagram({ kind: 'state_machine', nodes: [], edges: [] }).ok, true, 'an empty diagram is valid');
});

test('mermaid text is refused, saying to send typed objects', () => {
  const text = refusal(validateDiagram('sequenceDiagram\n  Order->>Customer: discount()'));
  assert.equal(text.field, 'diagram');
  assert.match(text.message, /mermaid.*not accepted.*typed object \{kind, nodes/);
  const wrapped = refusal(validateDiagram({ mermaid: 'graph TD; A-->B' }));
  assert.equal(wrapped.field, 'mermaid');
  assert.match(wrapped.message, /typed nodes and edges/);
});

test('refusals name their field', () => {
  const cases: Array<[unknown, string, RegExp]> = [
    [null, 'diagram', /expected an object/],
    [[VALID], 'diagram', /expected an object/],
    [{ ...VALID, kind: 'flowchart' }, 'kind', /sequence, entity_relation, state_machine/],
    [{ ...VALID, title: 7 }, 'title', /string/],
    [{ ...VALID, nodes: {} }, 'nodes', /array/],
    [{ ...VALID, nodes: [VALID.nodes[0], 'c'] }, 'nodes[1]', /object/],
    [{ ...VALID, nodes: [{ id: '', symbol: 'x' }] }, 'nodes[0].id', /non-empty/],
    [{ ...VALID, nodes: [VALID.nodes[0], { id: 'c' }] }, 'nodes[1].symbol', /symbol id or a name/],
    [{ ...VALID, nodes: [VALID.nodes[0], { id: 'o', symbol: 'y' }] }, 'nodes[1].id', /duplicate node id "o"/],
    [{ ...VALID, nodes: [{ id: 'o', symbol: 'x', label: 3 }] }, 'nodes[0].label', /string/],
    [{ ...VALID, edges: 'o->c' }, 'edges', /array/],
    [{ ...VALID, edges: [{ from: 'o', to: 'c', expected: 'calls' }] }, 'edges[0].label', /non-empty/],
    [{ ...VALID, edges: [{ from: 'o', to: 'c', label: 'x', expected: 'uses' }] }, 'edges[0].expected', /relation kind: one of contains, imports/],
    [{ ...VALID, edges: [{ from: 'o', label: 'x', expected: 'calls' }] }, 'edges[0].to', /node id/],
  ];
  for (const [raw, field, message] of cases) {
    const result = refusal(validateDiagram(raw));
    assert.equal(result.field, field, JSON.stringify(raw));
    assert.match(result.message, message, field);
  }
});

test('edges to unknown node ids are refused, naming every one', () => {
  const edges = [
    { from: 'o', to: 'c', label: 'fine', expected: 'calls' },
    { from: 'o', to: 'ghost', label: 'x', expected: 'calls' },
    { from: 'phantom', to: 'ghost', label: 'y', expected: 'references' },
  ];
  const result = refusal(validateDiagram({ ...VALID, edges }));
  assert.equal(result.field, 'edges[1].to');
  assert.match(result.message, /2 unknown node ids: "ghost", "phantom"/);
});

test('bounds: at most 500 nodes and 2,000 edges', () => {
  const nodes = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `n${index}`, symbol: `s${index}` }));
  const edges = (count: number) => Array.from({ length: count }, () => ({ from: 'n0', to: 'n1', label: 'l', expected: 'calls' }));
  assert.equal(validateDiagram({ kind: 'sequence', nodes: nodes(500), edges: edges(2000) }).ok, true);
  const tooManyNodes = refusal(validateDiagram({ kind: 'sequence', nodes: nodes(501), edges: [] }));
  assert.deepEqual(tooManyNodes, { ok: false, field: 'nodes', message: '501 nodes: at most 500 are accepted' });
  const tooManyEdges = refusal(validateDiagram({ kind: 'sequence', nodes: nodes(2), edges: edges(2001) }));
  assert.equal(tooManyEdges.field, 'edges');
  assert.match(tooManyEdges.message, /at most 2000/);
  const longId = refusal(validateDiagram({ kind: 'sequence', nodes: [{ id: 'x'.repeat(201), symbol: 's' }], edges: [] }));
  assert.equal(longId.field, 'nodes[0].id');
});
