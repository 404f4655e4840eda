// A small TypeScript + CommonJS project that exercises binding across files: class hierarchies,
// a barrel with `export *` and a renaming re-export, a namespace import, typed receivers from
// return types, a parameter called as a function, object-literal methods and CommonJS.
export const sampleProject = {
  'package.json': JSON.stringify({ name: 'sample', version: '1.0.0' }),
  'src/shapes/base.ts': `/** A shape with an area. */
export abstract class Shape {
  abstract area(): number;
  describe(): string {
    return \`area \${this.area()}\`;
  }
  protected log(message: string): void {
    console.log(message);
  }
}
`,
  'src/shapes/circle.ts': `import { Shape } from './base';

export class Circle extends Shape {
  constructor(private readonly radius: number) {
    super();
  }
  area(): number {
    return Math.PI * this.radius ** 2;
  }
  grow(by: number): Circle {
    this.log('grow');
    return new Circle(this.radius + by);
  }
}
`,
  'src/shapes/index.ts': `export * from './base';
export { Circle as Round } from './circle.js';
`,
  'src/util.ts': `export function note(message: string): void {
  void message;
}

export const helpers = {
  twice(x: number): number {
    return x * 2;
  },
};
`,
  'src/registry.ts': `import { Shape, Round } from './shapes';
import * as util from './util';

export class Registry {
  private readonly items: Shape[] = [];
  private last: Round | null = null;

  add(shape: Shape): void {
    this.items.push(shape);
    util.note('add');
  }

  makeCircle(radius: number): Round {
    const circle = new Round(radius);
    this.last = circle;
    this.add(circle);
    return circle;
  }
}

export function createRegistry(): Registry {
  return new Registry();
}
`,
  'src/main.ts': `import { createRegistry } from './registry';
import { helpers } from './util';

function run(callback: (n: number) => void): void {
  callback(1);
}

export function main(): void {
  const registry = createRegistry();
  const circle = registry.makeCircle(2);
  circle.grow(1).describe();
  helpers.twice(3);
  run((n) => registry.makeCircle(n));
}
`,
  'lib/legacy.js': `function legacyHelper(a, b) {
  return a + b;
}

module.exports = { legacyHelper };
`,
  'lib/mixed.js': `function mixedHelper() {
  return 1;
}

module.exports = { mixedHelper, version: 1 };
`,
  'lib/use.js': `const legacy = require('./legacy');
const mixed = require('./mixed');

exports.useIt = function () {
  return legacy.legacyHelper(1, 2) + mixed.mixedHelper();
};
`,
  'node_modules/dep/index.js': 'module.exports = function dep() {};\n',
  'dist/out.js': 'function built() {}\n',
  'test/fixtures/broken.ts': 'export function broken( {\n',
  'README.md': '# sample\n',
};
