import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagram, DiagramEdge } from './diagram.js';
import { membersOf } from './members.js';
import { HEAD, RELATIONS, SYMBOLS, graphOf, resolveByName } from './test-graph.js';
import { verifyDiagram, type EdgeVerification } from './verify.js';

const NODES: Diagram['nodes'] = [
  { id: 'order', symbol: 'src/order.ts#Order' },
  { id: 'customer', symbol: 'Customer', label: 'the customer' },
  { id: 'db', symbol: 'src/db.ts#Db' },
  { id: 'main', symbol: 'src/main.ts' },
  { id: 'special', symbol: 'SpecialOrder' },
];

function verifyEdges(edges: DiagramEdge[], nodes = NODES): EdgeVerification[] {
  return verifyDiagram({ kind: 'sequence', nodes, edges }, HEAD, resolveByName).edges;
}

function edge(from: string, to: string, expected: DiagramEdge['expected']): DiagramEdge {
  return { from, to, label: `${from} ${expected} ${to}`, expected };
}

test('nodes bind by id, or by a name with exactly one candidate', () => {
  const result = verifyDiagram({ kind: 'entity_relation', nodes: NODES, edges: [] }, HEAD, resolveByName);
  assert.deepEqual(result.nodes.map((node) => [node.id, node.status, node.status === 'resolved' ? `${node.by}:${node.symbolId}` : '']), [
    ['order', 'resolved', 'id:src/order.ts#Order'],
    ['customer', 'resolved', 'name:src/customer.ts#Customer'],
    ['db', 'resolved', 'id:src/db.ts#Db'],
    ['main', 'resolved', 'id:src/main.ts'],
    ['special', 'resolved', 'name:src/order.ts#SpecialOrder'],
  ]);
  assert.equal(result.nodes[1]!.label, 'the customer');
});

test('an unknown or ambiguous name leaves the node unresolved, with the reason', () => {
  const nodes = [
    { id: 'a', symbol: 'save' },
    { id: 'b', symbol: 'Invoice' },
    { id: 'c', symbol: 'src/gone.ts#Gone' },
    { id: 'd', symbol: 'ghost' },
  ];
  const resolver = (name: string): string[] => (name === 'ghost' ? ['src/nowhere.ts#ghost'] : resolveByName(name));
  const result = verifyDiagram({ kind: 'sequence', nodes, edges: [edge('a', 'b', 'calls')] }, HEAD, resolver);
  const [a, b, c, d] = result.nodes;
  assert.equal(a!.status, 'unresolved');
  assert.match(a!.status === 'unresolved' ? a!.reason : '', /"save" names 2 symbols at head \(src\/db\.ts#save, src\/order\.ts#Order\.save\): bind the node by id/);
  assert.deepEqual(a!.status === 'unresolved' ? a!.candidates : [], ['src/db.ts#save', 'src/order.ts#Order.save']);
  assert.match(b!.status === 'unresolved' ? b!.reason : '', /no symbol named "Invoice" at head/);
  assert.match(c!.status === 'unresolved' ? c!.reason : '', /no symbol with the id "src\/gone\.ts#Gone"/);
  assert.equal(d!.status, 'unresolved', 'candidates that are not in the graph do not count');
  const throwing = verifyDiagram({ kind: 'sequence', nodes: [{ id: 'x', symbol: 'Order' }], edges: [] }, HEAD, () => { throw new Error('index'); });
  assert.equal(throwing.nodes[0]!.status, 'unresolved');
  const [onUnresolved] = result.edges;
  assert.equal(onUnresolved!.status, 'unverified');
  assert.match(onUnresolved!.status === 'unverified' ? onUnresolved!.why : '', /^node "a" is unresolved: "save" names 2 symbols/);
});

test('a class-to-class call is verified by a call between their methods, with its site', () => {
  const [verified] = verifyEdges([edge('order', 'customer', 'calls')]);
  assert.deepEqual(verified, {
    ...edge('order', 'customer', 'calls'),
    status: 'verified',
    evidence: {
      path: 'src/order.ts', line: 12, column: 5, relation: 'calls',
      from: 'src/order.ts#Order.total', to: 'src/customer.ts#Customer.discount', confidence: 'exact',
    },
    supportingRelations: 1,
  });
});

test('the evidence is the surest supporting relation', () => {
  const [verified] = verifyEdges([edge('order', 'db', 'calls')]);
  assert.equal(verified!.status, 'verified');
  if (verified!.status !== 'verified') return;
  assert.equal(verified.supportingRelations, 2);
  assert.equal(verified.evidence.line, 22);
  assert.equal(verified.evidence.confidence, 'exact');
});

test('compatible kinds: an instantiation supports a call; a type reference supports references', () => {
  const [call, reference, typeOf] = verifyEdges([
    edge('main', 'order', 'calls'),
    edge('order', 'customer', 'references'),
    edge('order', 'customer', 'type_of'),
  ]);
  assert.equal(call!.status === 'verified' && call!.evidence.relation, 'instantiates');
  assert.equal(call!.status === 'verified' && call!.evidence.from, 'src/main.ts#main', 'the file node contains main');
  assert.equal(reference!.status === 'verified' && reference!.evidence.line, 4);
  assert.equal(typeOf!.status === 'verified' && typeOf!.evidence.relation, 'references');
});

test('an edge the graph does not support is unverified, saying what the graph has instead', () => {
  const [instantiates, backwards, unrelated] = verifyEdges([
    edge('order', 'customer', 'instantiates'),
    edge('customer', 'order', 'calls'),
    edge('db', 'customer', 'calls'),
  ]);
  assert.equal(instantiates!.status, 'unverified');
  assert.match(
    instantiates!.status === 'unverified' ? instantiates!.why : '',
    /^no instantiates relation from src\/order\.ts#Order or what it contains to src\/customer\.ts#Customer .*; the graph has calls, references between them instead$/,
  );
  assert.equal(backwards!.status, 'unverified', 'direction matters');
  assert.match(unrelated!.status === 'unverified' ? unrelated!.why : '', /^no calls or instantiates relation from src\/db\.ts#Db/);
  assert.doesNotMatch(unrelated!.status === 'unverified' ? unrelated!.why : '', /instead/);
});

test('imports are file-level: a class node imports what its file imports', () => {
  const [imports, extendsEdge, notExtends] = verifyEdges([
    edge('order', 'customer', 'imports'),
    edge('special', 'order', 'extends'),
    edge('order', 'special', 'extends'),
  ]);
  assert.equal(imports!.status === 'verified' && imports!.evidence.from, 'src/order.ts');
  assert.equal(imports!.status === 'verified' && imports!.evidence.to, 'src/customer.ts');
  assert.equal(extendsEdge!.status === 'verified' && extendsEdge!.evidence.line, 30);
  assert.equal(notExtends!.status, 'unverified');
});

test('counts, kind and title are reported', () => {
  const diagram: Diagram = { kind: 'state_machine', title: 'T', nodes: NODES, edges: [edge('order', 'customer', 'calls'), edge('db', 'main', 'calls')] };
  const result = verifyDiagram(diagram, HEAD, resolveByName);
  assert.deepEqual([result.kind, result.title, result.verifiedEdges, result.unverifiedEdges], ['state_machine', 'T', 1, 1]);
});

test('members follow container fields and contains relations, not id shapes', () => {
  const order = HEAD.symbol('src/order.ts#Order')!;
  assert.deepEqual([...membersOf(HEAD, order).ids].sort(), ['src/order.ts#Order', 'src/order.ts#Order.save', 'src/order.ts#Order.total']);
  const file = HEAD.symbol('src/order.ts')!;
  assert.equal(membersOf(HEAD, file).ids.size, 5);
  const pkg = { ...SYMBOLS[0]!, id: 'src#pkg', kind: 'package' as const, path: 'src' };
  const graph = graphOf([...SYMBOLS, pkg], [...RELATIONS, { ...RELATIONS[0]!, kind: 'contains', from: 'src#pkg', to: 'src/db.ts' }]);
  const ids = membersOf(graph, pkg).ids;
  assert.ok(ids.has('src/db.ts#Db.insert'), 'across files through contains relations, then containers');
  assert.equal(membersOf(graph, pkg).truncated, false);
});
