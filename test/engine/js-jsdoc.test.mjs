// JSDoc types in JavaScript files, bound as the TypeScript compiler binds them: calls through
// parameters, results, properties and casts typed in comments reach their declarations; what the
// compiler would not know stays unresolved.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindFiles, callAt } from '../helpers/bind.mjs';

/** The 1-based line of the first line of `text` holding `marker`. */
function lineOf(text, marker) {
  const index = text.split('\n').findIndex((line) => line.includes(marker));
  assert.ok(index >= 0, `no line holds ${marker}`);
  return index + 1;
}

const engine = `"use strict";
class Engine {
	start() { return this; }
	/** @returns {Piston} */
	piston() { return undefined; }
	static deserialize() {}
}
class Piston { fire() {} }
module.exports = Engine;
module.exports.Piston = Piston;
`;

const base = `"use strict";
class Base {
	deserialize() {}
	describe() {}
}
module.exports = Base;
`;

const derived = `"use strict";
const Base = require("./base");
class Left extends Base {
	/** @returns {Left} */
	static make() { return new Left(); }
	static deserialize() {
		const obj = new Left();
		obj.deserialize(); // instance-side: Base's
	}
	/** @type {Right} */
	get right() { return undefined; }
	child() {}
}
class Right extends Base { child() {} }
module.exports = { Left, Right };
`;

const car = `"use strict";
/** @typedef {import("./engine")} Engine */
/** @typedef {import("./engine").Piston} Piston */
/** @typedef {import("./derived").Left} Left */
/** @typedef {import("./derived").Right} Right */

/**
 * @typedef {Object} Options
 * @property {Engine} engine
 * @property {function(): Piston} makePiston
 */

/**
 * @param {Engine} engine
 * @param {Options} options
 * @param {Left | Right} side
 * @param {object} config
 * @param {Piston} config.piston
 * @param {Engine[]} engines
 */
function drive(engine, options, side, { piston }, engines) {
	engine.start(); // param
	engine.piston().fire(); // result
	options.engine.start(); // typedef property
	options.makePiston(); // property call
	side.describe(); // union, same declaration
	side.child(); // union, two declarations
	piston.fire(); // destructured property
	const cast = /** @type {Piston} */ (undefined);
	cast.fire(); // cast
	/** @type {Engine} */ (options.other).start(); // inline cast
	engines.sort((a, b) => b.start()); // comparator
}
module.exports = drive;
`;

const getters = `"use strict";
/** @typedef {import("./derived").Left} Left */
/** @param {Left} left */
function use(left) {
	left.right.child(); // getter type
	left.right.constructor(); // never a declaration
}
module.exports = use;
`;

const files = {
  'lib/engine.js': engine, 'lib/base.js': base, 'lib/derived.js': derived, 'lib/car.js': car, 'lib/getters.js': getters,
};
const relations = bindFiles(files);
const at = (path, marker, name) => callAt(relations, path, lineOf(files[path], marker), name);

test('a parameter, a result and a typedef property typed in JSDoc reach their declarations', () => {
  assert.deepEqual(at('lib/car.js', '// param', 'start'), { to: 'lib/engine.js#Engine.start', confidence: 'typed' });
  assert.equal(at('lib/car.js', '// result', 'fire')?.to, 'lib/engine.js#Piston.fire');
  assert.equal(at('lib/car.js', '// typedef property', 'start')?.to, 'lib/engine.js#Engine.start');
  assert.equal(at('lib/car.js', '// property call', 'makePiston')?.to, 'lib/car.js#Options.makePiston');
  assert.equal(at('lib/car.js', '// destructured property', 'fire')?.to, 'lib/engine.js#Piston.fire');
});

test('casts type their operand', () => {
  assert.equal(at('lib/car.js', '// cast', 'fire')?.to, 'lib/engine.js#Piston.fire');
  assert.equal(at('lib/car.js', '// inline cast', 'start')?.to, 'lib/engine.js#Engine.start');
});

test('a union reaches a member only where every constituent gives the same declaration', () => {
  assert.equal(at('lib/car.js', '// union, same declaration', 'describe')?.to, 'lib/base.js#Base.describe');
  assert.equal(at('lib/car.js', '// union, two declarations', 'child')?.to, null);
});

test('an array comparator gets the element type for both parameters', () => {
  assert.equal(at('lib/car.js', '// comparator', 'start')?.to, 'lib/engine.js#Engine.start');
});

test('an instance never reaches a static member, and `constructor` is no declaration', () => {
  assert.equal(at('lib/derived.js', '// instance-side', 'deserialize')?.to, 'lib/base.js#Base.deserialize');
  assert.equal(at('lib/getters.js', '// getter type', 'child')?.to, 'lib/derived.js#Right.child');
  assert.equal(at('lib/getters.js', '// never a declaration', 'constructor')?.to, null);
});

test('TypeScript: a value beats a type of the same name, a declared type beats the initializer, `as` casts', () => {
  const ts = {
    'src/errors.ts': `export interface Oops { code: number }
export interface OopsCtor { new (): Oops }
export const Oops: OopsCtor = makeClass();
declare function makeClass(): any;
`,
    'src/provider.ts': `interface Provider { run(): void }
export const provider: Provider = {
  run() {},
};
`,
    'src/use.ts': `import { Oops } from './errors';
import { provider } from './provider';
class Box { open() {} }
export function use(value: unknown) {
  throw new Oops(); // value meaning
}
export function call() {
  provider.run(); // declared type
  (undefined as unknown as Box).open(); // as-cast
}
`,
  };
  const bound = bindFiles(ts);
  const find = (marker, name) => callAt(bound, 'src/use.ts', lineOf(ts['src/use.ts'], marker), name);
  assert.equal(find('// value meaning', 'Oops')?.to, 'src/errors.ts#Oops~2');
  assert.equal(find('// declared type', 'run')?.to, 'src/provider.ts#Provider.run');
  assert.equal(find('// as-cast', 'open')?.to, 'src/use.ts#Box.open');
});

test('a JavaScript `this.x` is typed as the compiler types it: the constructor\'s value, else every assignment\'s', () => {
  const js = {
    'lib/holder.js': `"use strict";
class Part { fit() {} }
class Other { fit() {} }
class Holder {
	constructor() {
		this.part = null;
		this.mixed = undefined;
		this.made = new Part();
		this.made = new Other();
	}
	setup() { this.part = new Part(); this.mixed = new Part(); }
	reset() { this.part = new Part(); this.mixed = new Other(); this.made = new Part(); }
	run() {
		this.part.fit(); // assigned after null
		this.made.fit(); // the constructor's last
		this.mixed.fit(); // two types
	}
	static create() { return this.make(); } // static this
	static make() {}
}
module.exports = Holder;
`,
  };
  const bound = bindFiles(js);
  const find = (marker, name) => callAt(bound, 'lib/holder.js', lineOf(js['lib/holder.js'], marker), name)?.to;
  assert.equal(find('// assigned after null', 'fit'), 'lib/holder.js#Part.fit');
  assert.equal(find('// the constructor\'s last', 'fit'), 'lib/holder.js#Other.fit');
  assert.equal(find('// two types', 'fit'), null);
  assert.equal(find('// static this', 'make'), 'lib/holder.js#Holder.make');
});
