// Navigation facts through the real daemon on a real repository (TypeScript, Python and Go in one
// tree): types.hierarchy for classes, interfaces and structs (bases nearest first, interfaces,
// derived types with depth) and for methods (overrides up the chain, overriding methods down);
// Go's embedding as the graph draws it, with notes instead of invented `implements`;
// graph.callers with followInterface (callers through the interface or base method, marked
// `via`, deduplicated); graph.path (shortest paths first, each hop with its site; unrelated
// symbols answer no path; depth 0 or past the budget is InvalidParams); symbols.definition; and
// the budgets cutting a walk with `truncated` rather than failing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';

const ANIMALS = `export interface Speaker {
  speak(): string;
}
export interface Named {
  name(): string;
}
export interface Loud extends Speaker {
  shout(): string;
}
export class Animal implements Speaker {
  speak(): string {
    return '...';
  }
  name(): string {
    return 'animal';
  }
}
export class Dog extends Animal implements Named {
  speak(): string {
    return 'woof';
  }
}
export class Puppy extends Dog {
  speak(): string {
    return 'yip';
  }
}
export class Siren implements Loud {
  speak(): string {
    return 'wee';
  }
  shout(): string {
    return 'WEE';
  }
}
`;
const TALK = `import { Animal, Dog, Puppy, Speaker } from './animals';
export function viaInterface(s: Speaker): string {
  return s.speak();
}
export function viaBase(a: Animal): string {
  return a.speak();
}
export function direct(): string {
  return new Puppy().speak();
}
export function both(s: Speaker): string {
  return new Puppy().speak() + s.speak();
}
export function outer(): string {
  return viaInterface(new Dog());
}
`;
const FLOW = `export function start(): number {
  return left() + right();
}
export function left(): number {
  return end();
}
export function right(): number {
  return middle();
}
export function middle(): number {
  return end();
}
export function end(): number {
  return 1;
}
export function lonely(): number {
  return 0;
}
export function ping(n: number): number {
  return n > 0 ? pong(n - 1) : 0;
}
export function pong(n: number): number {
  return ping(n);
}
`;
const FILES = {
  'package.json': JSON.stringify({ name: 'zoo', version: '1.0.0' }),
  'src/animals.ts': ANIMALS,
  'src/talk.ts': TALK,
  'src/flow.ts': FLOW,
  'py/zoo/__init__.py': '',
  'py/zoo/base.py': 'class Animal:\n    def speak(self):\n        return "..."\n\n\nclass Pet:\n    def name(self):\n        return "pet"\n',
  'py/zoo/dogs.py': 'from .base import Animal, Pet\n\n\nclass Dog(Animal, Pet):\n    def speak(self):\n        return "woof"\n\n\n' +
    'class Puppy(Dog):\n    def speak(self):\n        return "yip"\n\n    def name(self):\n        return "pup"\n\n\ndef talk(a: Animal):\n    return a.speak()\n',
  'go.mod': 'module example.com/zoo\n\ngo 1.21\n',
  'shapes/shape.go': 'package shapes\n\ntype Shape interface{ Area() int }\n\ntype Point struct{ X, Y int }\n\ntype Base struct{ Point }\n\n' +
    'type Circle struct {\n\tBase\n\tRadius int\n}\n\nfunc (c *Circle) Area() int { return c.Radius * c.Radius * 3 }\n',
};

/** The 1-based line of the first line of `text` that contains `needle`. */
function lineOf(text, needle) {
  const index = text.split('\n').findIndex((line) => line.includes(needle));
  assert.ok(index >= 0, `${needle} is in the fixture`);
  return index + 1;
}

const ids = (entries) => entries.map((entry) => `${entry.symbol.id}@${entry.depth}`);

test('types.hierarchy answers bases, interfaces, derived types and overrides for TypeScript, Python and Go', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('zoo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('hierarchy');
  await call(client, 'index.status', { sync: true });

  const dog = await call(client, 'types.hierarchy', { id: 'src/animals.ts#Dog' });
  assert.equal(dog.subject, 'type');
  assert.equal(dog.type.id, 'src/animals.ts#Dog');
  assert.deepEqual(ids(dog.bases), ['src/animals.ts#Animal@1']);
  assert.deepEqual(dog.bases[0].site, { path: 'src/animals.ts', line: lineOf(ANIMALS, 'class Dog'), column: 26, confidence: 'exact' });
  assert.deepEqual(ids(dog.interfaces), ['src/animals.ts#Named@1', 'src/animals.ts#Speaker@2']);
  assert.equal(dog.interfaces[1].through, 'src/animals.ts#Animal', 'Speaker is implemented by the base');
  assert.deepEqual(ids(dog.derived), ['src/animals.ts#Puppy@1']);
  assert.deepEqual([dog.overrides, dog.overriddenBy, dog.unresolved, dog.notes, dog.truncated], [[], [], [], [], false]);
  assert.equal(dog.meta.workspace, 'default');
  assert.equal(typeof dog.meta.generation, 'number');

  const speaker = await call(client, 'types.hierarchy', { id: 'src/animals.ts#Speaker' });
  // Breadth first; within a depth, in the order of the clauses in the source.
  assert.deepEqual(ids(speaker.derived), ['src/animals.ts#Loud@1', 'src/animals.ts#Animal@1', 'src/animals.ts#Siren@2', 'src/animals.ts#Dog@2', 'src/animals.ts#Puppy@3']);
  assert.deepEqual(speaker.derived.map((entry) => entry.relation), ['extends', 'implements', 'implements', 'extends', 'extends']);
  const siren = await call(client, 'types.hierarchy', { id: 'src/animals.ts#Siren' });
  assert.deepEqual(ids(siren.interfaces), ['src/animals.ts#Loud@1', 'src/animals.ts#Speaker@2'], 'an interface\'s own base is an interface too');
  assert.deepEqual(siren.bases, []);

  const puppySpeak = await call(client, 'types.hierarchy', { id: 'src/animals.ts#Puppy.speak' });
  assert.equal(puppySpeak.subject, 'method');
  assert.equal(puppySpeak.type.id, 'src/animals.ts#Puppy');
  assert.deepEqual(ids(puppySpeak.overrides), ['src/animals.ts#Dog.speak@1', 'src/animals.ts#Animal.speak@2', 'src/animals.ts#Speaker.speak@3']);
  assert.deepEqual(puppySpeak.overrides.map((method) => [method.owner, method.relation]),
    [['src/animals.ts#Dog', 'extends'], ['src/animals.ts#Animal', 'extends'], ['src/animals.ts#Speaker', 'implements']]);
  assert.deepEqual([puppySpeak.overriddenBy, puppySpeak.bases, puppySpeak.derived], [[], [], []], 'a method answers method lists only');
  const interfaceSpeak = await call(client, 'types.hierarchy', { id: 'src/animals.ts#Speaker.speak' });
  assert.deepEqual(ids(interfaceSpeak.overriddenBy),
    ['src/animals.ts#Animal.speak@1', 'src/animals.ts#Siren.speak@2', 'src/animals.ts#Dog.speak@2', 'src/animals.ts#Puppy.speak@3']);

  // Python: the base list in order, as extends; overrides by name through several bases.
  const pyPuppy = await call(client, 'types.hierarchy', { id: 'py/zoo/dogs.py#Puppy' });
  assert.deepEqual(ids(pyPuppy.bases), ['py/zoo/dogs.py#Dog@1', 'py/zoo/base.py#Animal@2', 'py/zoo/base.py#Pet@2']);
  assert.deepEqual(pyPuppy.interfaces, []);
  assert.match(pyPuppy.notes.join(' '), /Python/);
  const pyName = await call(client, 'types.hierarchy', { id: 'py/zoo/dogs.py#Puppy.name' });
  assert.deepEqual(ids(pyName.overrides), ['py/zoo/base.py#Pet.name@2']);
  const pyAnimalSpeak = await call(client, 'types.hierarchy', { id: 'py/zoo/base.py#Animal.speak' });
  assert.deepEqual(ids(pyAnimalSpeak.overriddenBy), ['py/zoo/dogs.py#Dog.speak@1', 'py/zoo/dogs.py#Puppy.speak@2']);

  // Go: embedding is what the graph draws (as extends); no implements, no overriding, and notes say so.
  const circle = await call(client, 'types.hierarchy', { id: 'shapes/shape.go#Circle' });
  assert.deepEqual(ids(circle.bases), ['shapes/shape.go#Base@1', 'shapes/shape.go#Point@2']);
  assert.deepEqual(circle.interfaces, []);
  assert.match(circle.notes.join(' '), /embed/);
  assert.match(circle.notes.join(' '), /no `implements`/);
  const point = await call(client, 'types.hierarchy', { id: 'shapes/shape.go#Point' });
  assert.deepEqual(ids(point.derived), ['shapes/shape.go#Base@1', 'shapes/shape.go#Circle@2']);
  const shape = await call(client, 'types.hierarchy', { id: 'shapes/shape.go#Shape' });
  assert.deepEqual([shape.bases, shape.interfaces, shape.derived], [[], [], []], 'nothing links Circle to the interface it satisfies');
  const area = await call(client, 'types.hierarchy', { id: 'shapes/shape.go#Circle.Area' });
  assert.deepEqual([area.subject, area.type, area.overrides, area.overriddenBy], ['method', null, [], []]);
  assert.match(area.notes.join(' '), /Go methods do not override/);

  // Anything but a type or a method is refused, naming the field.
  const notAType = await rejection(call(client, 'types.hierarchy', { id: 'src/talk.ts#direct' }));
  assert.deepEqual([notAType.codeName, notAType.data.field], ['InvalidParams', 'id']);
  const missing = await rejection(call(client, 'types.hierarchy', { id: 'src/animals.ts#Cat' }));
  assert.equal(missing.codeName, 'SymbolNotFound');
  const noId = await rejection(call(client, 'types.hierarchy', {}));
  assert.deepEqual([noId.codeName, noId.data.field], ['InvalidParams', 'id']);
});

test('graph.callers followInterface adds callers through the interface and base methods, marked via and deduplicated', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('zoo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('callers');
  await call(client, 'index.status', { sync: true });

  const plain = await call(client, 'graph.callers', { id: 'src/animals.ts#Puppy.speak' });
  assert.deepEqual(plain.callers.map((node) => node.symbol.id).sort(), ['src/talk.ts#both', 'src/talk.ts#direct']);
  assert.ok(plain.callers.every((node) => !('via' in node)), 'no via without followInterface');

  const followed = await call(client, 'graph.callers', { id: 'src/animals.ts#Puppy.speak', followInterface: true, depth: 2 });
  const byId = Object.fromEntries(followed.callers.map((node) => [node.symbol.id, node]));
  assert.deepEqual(Object.keys(byId).sort(), ['src/talk.ts#both', 'src/talk.ts#direct', 'src/talk.ts#viaBase', 'src/talk.ts#viaInterface']);
  assert.equal(byId['src/talk.ts#direct'].via, undefined);
  assert.equal(byId['src/talk.ts#both'].via, undefined, 'a caller of both the method and its interface is a direct caller, once');
  assert.deepEqual(byId['src/talk.ts#both'].sites.map((site) => site.line), [lineOf(TALK, 'new Puppy().speak() + s.speak()')]);
  assert.equal(byId['src/talk.ts#viaBase'].via, 'src/animals.ts#Animal.speak');
  assert.equal(byId['src/talk.ts#viaInterface'].via, 'src/animals.ts#Speaker.speak');
  assert.deepEqual(byId['src/talk.ts#viaInterface'].sites, [{ path: 'src/talk.ts', line: lineOf(TALK, 's.speak();'), column: 12, confidence: 'typed' }]);
  assert.deepEqual(byId['src/talk.ts#viaInterface'].children.map((node) => node.symbol.id), ['src/talk.ts#outer'], 'depth 2 goes on above a via caller');

  // Python: the caller of the base method.
  const python = await call(client, 'graph.callers', { id: 'py/zoo/dogs.py#Puppy.speak', followInterface: true });
  assert.deepEqual(python.callers.map((node) => [node.symbol.id, node.via]), [['py/zoo/dogs.py#talk', 'py/zoo/base.py#Animal.speak']]);
  // A function overrides nothing: followInterface changes nothing.
  const fn = await call(client, 'graph.callers', { id: 'src/talk.ts#viaInterface', followInterface: true });
  assert.deepEqual(fn.callers.map((node) => node.symbol.id), ['src/talk.ts#outer']);
  const bad = await rejection(call(client, 'graph.callers', { id: 'src/animals.ts#Puppy.speak', followInterface: 'yes' }));
  assert.deepEqual([bad.codeName, bad.data.field], ['InvalidParams', 'followInterface']);
});

test('graph.path answers the shortest paths first with their sites, none for unrelated symbols, and refuses bad depths', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('zoo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('paths');
  await call(client, 'index.status', { sync: true });

  const found = await call(client, 'graph.path', { from: 'src/flow.ts#start', to: 'src/flow.ts#end' });
  assert.equal(found.from.id, 'src/flow.ts#start');
  assert.equal(found.to.id, 'src/flow.ts#end');
  assert.deepEqual(found.paths.map((path) => path.symbols), [
    ['src/flow.ts#start', 'src/flow.ts#left', 'src/flow.ts#end'],
    ['src/flow.ts#start', 'src/flow.ts#right', 'src/flow.ts#middle', 'src/flow.ts#end'],
  ]);
  assert.deepEqual(found.paths.map((path) => path.length), [2, 3]);
  assert.deepEqual(found.paths[0].hops[0], {
    from: 'src/flow.ts#start', to: 'src/flow.ts#left', kind: 'calls', site: { path: 'src/flow.ts', line: 2, column: 10 }, confidence: 'exact',
  });
  assert.deepEqual(found.paths[0].hops[1].site, { path: 'src/flow.ts', line: lineOf(FLOW, 'return end();'), column: 10 });
  assert.equal(found.truncated, false);
  assert.equal(found.meta.workspace, 'default');

  const one = await call(client, 'graph.path', { from: 'src/flow.ts#start', to: 'src/flow.ts#end', maxPaths: 1 });
  assert.deepEqual(one.paths.map((path) => path.length), [2]);
  const short = await call(client, 'graph.path', { from: 'src/flow.ts#start', to: 'src/flow.ts#end', maxDepth: 2 });
  assert.deepEqual(short.paths.map((path) => path.length), [2], 'maxDepth bounds the length');
  const across = await call(client, 'graph.path', { from: 'src/talk.ts#outer', to: 'src/animals.ts#Speaker.speak' });
  assert.deepEqual(across.paths.map((path) => path.symbols), [['src/talk.ts#outer', 'src/talk.ts#viaInterface', 'src/animals.ts#Speaker.speak']]);
  assert.deepEqual(across.paths[0].hops.map((hop) => [hop.kind, hop.confidence]), [['calls', 'exact'], ['calls', 'typed']]);
  const instantiation = await call(client, 'graph.path', { from: 'src/talk.ts#outer', to: 'src/animals.ts#Dog' });
  assert.deepEqual(instantiation.paths[0].hops.map((hop) => hop.kind), ['instantiates']);
  const cycle = await call(client, 'graph.path', { from: 'src/flow.ts#ping', to: 'src/flow.ts#ping' });
  assert.deepEqual(cycle.paths.map((path) => path.symbols), [['src/flow.ts#ping', 'src/flow.ts#pong', 'src/flow.ts#ping']]);

  const unrelated = await call(client, 'graph.path', { from: 'src/flow.ts#lonely', to: 'src/flow.ts#end' });
  assert.deepEqual([unrelated.paths, unrelated.truncated], [[], false]);
  const backwards = await call(client, 'graph.path', { from: 'src/flow.ts#end', to: 'src/flow.ts#start' });
  assert.deepEqual(backwards.paths, [], 'paths follow edges forwards only');

  for (const [params, field] of [
    [{ from: 'src/flow.ts#start', to: 'src/flow.ts#end', maxDepth: 0 }, 'maxDepth'],
    [{ from: 'src/flow.ts#start', to: 'src/flow.ts#end', maxDepth: 9 }, 'maxDepth'],
    [{ from: 'src/flow.ts#start', to: 'src/flow.ts#end', maxDepth: 2.5 }, 'maxDepth'],
    [{ from: 'src/flow.ts#start', to: 'src/flow.ts#end', maxPaths: 0 }, 'maxPaths'],
    [{ to: 'src/flow.ts#end' }, 'from'],
    [{ from: 'src/flow.ts#start' }, 'to'],
  ]) {
    const error = await rejection(call(client, 'graph.path', params), JSON.stringify(params));
    assert.deepEqual([error.codeName, error.data.field], ['InvalidParams', field], JSON.stringify(params));
  }
  const overBudget = await rejection(call(client, 'graph.path', { from: 'src/flow.ts#start', to: 'src/flow.ts#end', maxDepth: 9 }));
  assert.match(overBudget.message, /maxDepth.*8/);
  const unknown = await rejection(call(client, 'graph.path', { from: 'src/flow.ts#start', to: 'src/flow.ts#nowhere' }));
  assert.equal(unknown.codeName, 'SymbolNotFound');

  // symbols.definition: the declaration's whole lines, nothing else.
  const definition = await call(client, 'symbols.definition', { id: 'src/animals.ts#Dog.speak' });
  assert.deepEqual(Object.keys(definition).sort(), ['id', 'meta', 'path', 'range', 'text', 'truncated']);
  assert.equal(definition.path, 'src/animals.ts');
  assert.equal(definition.range.start.line, lineOf(ANIMALS, "return 'woof'") - 1);
  assert.equal(definition.text, "  speak(): string {\n    return 'woof';\n  }");
  assert.equal(definition.truncated, false);
  const python = await call(client, 'symbols.definition', { id: 'py/zoo/dogs.py#talk' });
  assert.equal(python.text, 'def talk(a: Animal):\n    return a.speak()');
  const gone = await rejection(call(client, 'symbols.definition', { id: 'src/animals.ts#Cat' }));
  assert.equal(gone.codeName, 'SymbolNotFound');

  // symbols.outline: the file's declarations in source order, members after their type.
  const outline = await call(client, 'symbols.outline', { path: 'src/animals.ts' });
  const ids = outline.symbols.map((entry) => entry.id);
  assert.deepEqual(ids.slice(0, 4), ['src/animals.ts#Speaker', 'src/animals.ts#Speaker.speak', 'src/animals.ts#Named', 'src/animals.ts#Named.name']);
  assert.equal(outline.total, ids.length);
  assert.equal(outline.truncated, false);
  const dog = outline.symbols.find((entry) => entry.id === 'src/animals.ts#Dog');
  assert.deepEqual([dog.kind, dog.line, dog.exported, dog.container], ['class', lineOf(ANIMALS, 'export class Dog'), true, undefined]);
  assert.equal(outline.symbols.find((entry) => entry.id === 'src/animals.ts#Dog.speak').container, 'src/animals.ts#Dog');
  const cut = await call(client, 'symbols.outline', { path: 'src/animals.ts', limit: 2 });
  assert.deepEqual([cut.symbols.length, cut.truncated, cut.total], [2, true, ids.length]);
  const pythonOutline = await call(client, 'symbols.outline', { path: 'py/zoo/dogs.py', exportedOnly: true });
  assert.ok(pythonOutline.symbols.some((entry) => entry.id === 'py/zoo/dogs.py#talk'));
  for (const [params, code] of [[{ path: 'src/nowhere.ts' }, 'FileNotFound'], [{ path: '../etc/passwd' }, 'PathOutsideRepo'], [{}, 'InvalidParams'], [{ path: 'src/animals.ts', limit: 0 }, 'InvalidParams'], [{ path: 'src/animals.ts', exportedOnly: 'yes' }, 'InvalidParams']]) {
    const error = await rejection(call(client, 'symbols.outline', params), JSON.stringify(params));
    assert.equal(error.codeName, code, JSON.stringify(params));
  }
});

test('the query budgets cut hierarchy and path walks with truncated instead of failing', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const chain = Array.from({ length: 5 }, (_, i) => (i === 0 ? 'export class L0 {}\n' : `export class L${i} extends L${i - 1} {}\n`)).join('');
  const fan = 'export function hub(): number {\n  return a1() + a2() + a3() + a4();\n}\n' +
    [1, 2, 3, 4].map((i) => `export function a${i}(): number {\n  return sink();\n}\n`).join('') + 'export function sink(): number {\n  return 0;\n}\n';
  const repo = s.repo('budgets', {
    '.repograph.json': JSON.stringify({ budgets: { queries: { depth: 2, results: 3 } } }),
    'src/chain.ts': chain,
    'src/fan.ts': fan,
  });
  const daemon = await s.daemon(repo);
  const client = await daemon.client('budgets');
  await call(client, 'index.status', { sync: true });

  const root = await call(client, 'types.hierarchy', { id: 'src/chain.ts#L0' });
  assert.deepEqual(ids(root.derived), ['src/chain.ts#L1@1', 'src/chain.ts#L2@2']);
  assert.equal(root.truncated, true, 'deeper subclasses lie past the depth budget');
  const leaf = await call(client, 'types.hierarchy', { id: 'src/chain.ts#L4' });
  assert.deepEqual(ids(leaf.bases), ['src/chain.ts#L3@1', 'src/chain.ts#L2@2']);
  assert.equal(leaf.truncated, true);
  const middle = await call(client, 'types.hierarchy', { id: 'src/chain.ts#L3' });
  assert.equal(middle.truncated, true);
  const near = await call(client, 'types.hierarchy', { id: 'src/chain.ts#L1' });
  assert.deepEqual([ids(near.bases), near.truncated], [['src/chain.ts#L0@1'], true], 'L1\'s derived go on past depth 2');

  const cut = await call(client, 'graph.path', { from: 'src/fan.ts#hub', to: 'src/fan.ts#sink' });
  assert.equal(cut.truncated, true, 'more symbols than the results budget');
  assert.ok(cut.explored <= 4, `explored ${cut.explored}`);
  const deep = await rejection(call(client, 'graph.path', { from: 'src/fan.ts#hub', to: 'src/fan.ts#sink', maxDepth: 3 }));
  assert.deepEqual([deep.codeName, deep.data.field, deep.data.limit], ['InvalidParams', 'maxDepth', 2]);
  const tooMany = await rejection(call(client, 'graph.path', { from: 'src/fan.ts#hub', to: 'src/fan.ts#sink', maxPaths: 4 }));
  assert.deepEqual([tooMany.codeName, tooMany.data.field], ['InvalidParams', 'maxPaths']);
});
