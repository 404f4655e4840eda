/**
 * Tests of the key codecs and the merge: ordinals sort like numbers, compareCodePoints matches the
 * byte order LMDB stores keys in, and mergeSorted interleaves and closes its inputs.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as lmdb from 'lmdb';
import { checkKey, compareCodePoints, decodeOrdinal, encodeOrdinal } from './keys.js';
import { mergeSorted, take } from './merge.js';
import { compareKeyParts, firstNotBefore } from './runs.js';

/** lmdb's own key encoder (exported at runtime, not declared in its types). */
const { keyValueToBuffer } = lmdb as unknown as { keyValueToBuffer: (key: unknown) => Buffer };

describe('keys', () => {
  test('ordinals round-trip and sort like the numbers they encode', () => {
    const values = [0, 1, 9, 10, 35, 36, 99, 1295, 1296, 46_655, 46_656, 1_679_615, 1_679_616, 2 ** 40];
    for (const value of values) assert.equal(decodeOrdinal(encodeOrdinal(value)), value);
    const encoded = values.map(encodeOrdinal);
    assert.deepEqual([...encoded].sort(), encoded);
    assert.deepEqual([...encoded].sort((a, b) => Buffer.compare(keyValueToBuffer(['s', a]), keyValueToBuffer(['s', b]))), encoded);
    assert.throws(() => encodeOrdinal(-1), { code: 'InvalidParams' });
  });

  test('compareCodePoints agrees with the order of encoded LMDB keys', () => {
    const strings = ['', 'a', 'a b', 'a#b', 'a.b', 'a/b', 'ab', 'B', 'é', '\uFFFD', '\uE000', '😀', '😀a', 'z\u{10FFFF}',
      '\n', '\u001B', '\u001C', ' ', '~'];
    const byKeys = [...strings].sort((a, b) => Buffer.compare(keyValueToBuffer(['s', a, 1]), keyValueToBuffer(['s', b, 1])));
    assert.deepEqual([...strings].sort(compareCodePoints), byKeys);
    assert.ok(compareCodePoints('\uFFFD', '😀') < 0, 'a supplementary character sorts after U+FFFD');
    assert.ok('\uFFFD' > '😀', 'unlike UTF-16 code-unit order');
  });

  test('compareCodePoints has the sign of a code-point comparison, surrogates or not', () => {
    let state = 7;
    const next = (): number => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return state / 2 ** 32;
    };
    const alphabet = ['a', 'b', '/', '#', 'é', '\uE000', '\uFFFD', '😀', '\u{10FFFF}', '\u{10000}'];
    const draw = (): string => Array.from({ length: Math.floor(next() * 6) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    const reference = (a: string, b: string): number => {
      const [x, y] = [[...a].map((c) => c.codePointAt(0)!), [...b].map((c) => c.codePointAt(0)!)];
      for (let index = 0; index < Math.min(x.length, y.length); index++) if (x[index] !== y[index]) return x[index]! - y[index]!;
      return x.length - y.length;
    };
    for (let round = 0; round < 5_000; round++) {
      const [a, b] = [draw(), next() < 0.2 ? '' : draw()];
      assert.equal(Math.sign(compareCodePoints(a, b)), Math.sign(reference(a, b)), `${JSON.stringify(a)} against ${JSON.stringify(b)}`);
    }
  });

  test('compareKeyParts (runs.ts) agrees with the order of encoded LMDB keys of strings', () => {
    const keys = [['a'], ['a', 'b'], ['a', ''], ['a', 'b', 'c'], ['ab'], ['a b'], ['a#', 'x'], ['a', '\u001B'], ['😀'], ['\uFFFD', 'z'],
      ['b', 'a0'], ['b', 'a9'], ['b', 'b10'], ['b']];
    const byBytes = [...keys].sort((a, b) => Buffer.compare(keyValueToBuffer(a), keyValueToBuffer(b)));
    assert.deepEqual([...keys].sort(compareKeyParts), byBytes);
  });

  test('firstNotBefore (runs.ts) finds where a range read starts inside a sorted block', () => {
    const block = ['a', 'a#b', 'a.b', 'ab', 'ab', 'b', '😀'];
    const at = (target: string): number => firstNotBefore(block, (each) => compareCodePoints(each, target) < 0);
    for (const target of ['', 'a', 'a#', 'ab', 'abc', 'b', '\uFFFD', '😀', '😀z']) {
      const linear = block.findIndex((each) => compareCodePoints(each, target) >= 0);
      assert.equal(at(target), linear < 0 ? block.length : linear, target);
    }
    assert.equal(firstNotBefore([], () => true), 0);
  });

  test('checkKey rejects NUL and oversize keys, naming the subject', () => {
    checkKey(['s', 'x'.repeat(1000)], 1978, 'fine');
    assert.throws(() => checkKey(['s', 'a\u0000b'], 1978, 'the subject'), { code: 'StoreError', message: /the subject/ });
    assert.throws(() => checkKey(['s', 'é'.repeat(1000)], 1978, 'long'), { code: 'StoreError', message: /2\d{3} bytes/ });
  });
});

describe('mergeSorted', () => {
  const numeric = (a: number, b: number): number => a - b;

  test('interleaves two sorted streams, first stream first on ties', () => {
    assert.deepEqual([...mergeSorted([1, 4, 6], [2, 3, 7, 8], numeric)], [1, 2, 3, 4, 6, 7, 8]);
    assert.deepEqual([...mergeSorted([], [1], numeric)], [1]);
    const tagged = [...mergeSorted([{ n: 1, from: 'a' }], [{ n: 1, from: 'b' }], (x, y) => x.n - y.n)];
    assert.deepEqual(tagged.map((item) => item.from), ['a', 'b']);
  });

  test('closes both inputs when the consumer stops early', () => {
    const closed: string[] = [];
    function* source(name: string, items: number[]): Generator<number> {
      try {
        yield* items;
      } finally {
        closed.push(name);
      }
    }
    assert.deepEqual(take(mergeSorted(source('a', [1, 3, 5]), source('b', [2, 4]), numeric), 2), [1, 2]);
    assert.deepEqual(closed.sort(), ['a', 'b']);
  });
});
