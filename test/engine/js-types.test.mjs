// TypeScript's contextual and structural types, bound as the compiler binds them: narrowing by
// conditions, type-parameter constraints, intersections and utility types, the standard
// library's maps and arrays, object type literals and parameters typed by the type expected.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindFiles, callAt } from '../helpers/bind.mjs';

function lineOf(text, marker) {
  const index = text.split('\n').findIndex((line) => line.includes(marker));
  assert.ok(index >= 0, `no line holds ${marker}`);
  return index + 1;
}

const shapes = `export class Shape { area(): number { return 0; } }
export class Circle extends Shape { radius(): number { return 1; } }
export class Square extends Shape { side(): number { return 1; } }
export function isCircle(value: unknown): value is Circle { return value instanceof Circle; }
export const isSquare = make() as (value: unknown) => value is Square;
declare function make(): unknown;
export interface Store { get(key: string): Circle; set(key: string, value: Circle): void; size: number }
export interface Annotation { extend(): void }
`;

const use = `import { Circle, Shape, Square, Store, Annotation, isCircle, isSquare } from './shapes';

export function narrow(value: Circle | Square, other: unknown, list: Circle[] | Circle) {
  if (value instanceof Circle) value.radius(); // instanceof
  else value.side(); // else of instanceof
  if (isCircle(other)) other.radius(); // guard
  if (!isSquare(other)) return;
  other.side(); // after an early return
  if (Array.isArray(list)) list.forEach((c) => c.radius()); // isArray
  else list.radius(); // not an array
  const r = isCircle(other) ? other.radius() : 0; // ternary
  isCircle(other) && other.radius(); // and
  return r;
}

export function constrained<T extends Shape>(value: T) {
  value.area(); // constraint
}

export function structural(
  picked: Pick<Store, 'get'> & { set(key: string): void },
  omitted: Omit<Store, 'set'> & Partial<Store>,
  byKey: Map<string, Circle>,
  found: ReturnType<typeof makeCircle>,
  member: Store['get'],
) {
  picked.get('a').radius(); // pick
  picked.set('a'); // the literal part's
  omitted.set('a', byKey.get('b')!); // omit, then Partial
  byKey.get('c')!.radius(); // map value
  found.area(); // ReturnType
  member('d').radius(); // indexed type
  [new Circle()].filter(() => true); // array literal: unknown
}
declare function makeCircle(): Circle;

declare const hook: { inject(shape: Shape): void };
type Extended = Circle & { extra(): void };
export function literals(extended: Extended) {
  hook.inject(new Circle()); // literal member
  extended.extra(); // intersection's literal part
  extended.radius(); // intersection's named part
}

type OnCircle = (circle: Circle) => void;
export const handler: OnCircle = (circle) => circle.radius(); // expected: variable
export const store: Store = {
  get(key) { return new Circle(); },
  set: (key, value) => value.radius(), // expected: object member
  size: 0,
};
export function returning(): OnCircle {
  return (circle) => circle.radius(); // expected: return type
}
export function withThis(this: Annotation) {
  this.extend(); // this parameter
}
`;

const files = { 'src/shapes.ts': shapes, 'src/use.ts': use };
const relations = bindFiles(files);
const at = (marker, name) => callAt(relations, 'src/use.ts', lineOf(use, marker), name)?.to;

test('conditions narrow: instanceof, type guards (declared or typed), Array.isArray, else, early exits, ?: and &&', () => {
  assert.equal(at('// instanceof', 'radius'), 'src/shapes.ts#Circle.radius');
  assert.equal(at('// else of instanceof', 'side'), 'src/shapes.ts#Square.side');
  assert.equal(at('// guard', 'radius'), 'src/shapes.ts#Circle.radius');
  assert.equal(at('// after an early return', 'side'), 'src/shapes.ts#Square.side');
  assert.equal(at('// isArray', 'radius'), 'src/shapes.ts#Circle.radius');
  assert.equal(at('// not an array', 'radius'), 'src/shapes.ts#Circle.radius');
  assert.equal(at('// ternary', 'radius'), 'src/shapes.ts#Circle.radius');
  assert.equal(at('// and', 'radius'), 'src/shapes.ts#Circle.radius');
});

test('a type parameter has its constraint\'s members', () => {
  assert.equal(at('// constraint', 'area'), 'src/shapes.ts#Shape.area');
});

test('Pick, Omit, Partial, ReturnType, T["k"] and Map values keep what the compiler keeps', () => {
  assert.equal(at('// pick', 'radius'), 'src/shapes.ts#Circle.radius');
  assert.equal(at('// pick', 'get'), 'src/shapes.ts#Store.get');
  assert.equal(at('// the literal part\'s', 'set'), null, 'the member of an object type literal parameter is no symbol');
  assert.equal(at('// omit, then Partial', 'set'), 'src/shapes.ts#Store.set');
  assert.equal(at('// map value', 'radius'), 'src/shapes.ts#Circle.radius');
  assert.equal(at('// ReturnType', 'area'), 'src/shapes.ts#Shape.area');
  assert.equal(at('// indexed type', 'radius'), 'src/shapes.ts#Circle.radius');
});

test('object type literals give their declaration members; an intersection alias extends its named parts', () => {
  assert.equal(at('// literal member', 'inject'), 'src/use.ts#hook.inject');
  assert.equal(at('// intersection\'s literal part', 'extra'), 'src/use.ts#Extended.extra');
  assert.equal(at('// intersection\'s named part', 'radius'), 'src/shapes.ts#Circle.radius');
});

test('parameters take the type expected where their function stands, and `this` its declared type', () => {
  assert.equal(at('// expected: variable', 'radius'), 'src/shapes.ts#Circle.radius');
  assert.equal(at('// expected: object member', 'radius'), 'src/shapes.ts#Circle.radius');
  assert.equal(at('// expected: return type', 'radius'), 'src/shapes.ts#Circle.radius');
  assert.equal(at('// this parameter', 'extend'), 'src/shapes.ts#Annotation.extend');
});
