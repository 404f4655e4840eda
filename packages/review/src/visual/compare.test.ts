import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareGolden, snapshotId } from './compare.js';
import { BLUE, corruptPng, RED, solidPng } from './png-fixtures.js';

const PATH = 'test/goldens/button.png';

test('byte-identical images are unchanged without decoding', async () => {
  const bytes = solidPng(8, 8, RED);
  const snapshot = await compareGolden(PATH, bytes, new Uint8Array(bytes));
  assert.equal(snapshot.state, 'unchanged');
  assert.equal(snapshot.before, undefined, 'not decoded');
  assert.equal(snapshot.problem, undefined);
  assert.equal(snapshot.id, snapshotId(PATH));
});

test('one changed pixel is a change of 1 in 64', async () => {
  const snapshot = await compareGolden(PATH, solidPng(8, 8, RED), solidPng(8, 8, RED, [{ x: 3, y: 4, color: BLUE }]));
  assert.equal(snapshot.state, 'changed');
  assert.equal(snapshot.diffPixels, 1);
  assert.equal(snapshot.totalPixels, 64);
  assert.equal(snapshot.ratio, 1 / 64);
  assert.deepEqual(snapshot.before, { width: 8, height: 8 });
  assert.deepEqual(snapshot.after, { width: 8, height: 8 });
});

test('different bytes with the same pixels are unchanged, with a note', async () => {
  const snapshot = await compareGolden(PATH, solidPng(8, 8, RED, [], 6), solidPng(8, 8, RED, [], 2));
  assert.equal(snapshot.state, 'unchanged');
  assert.equal(snapshot.diffPixels, 0);
  assert.match(snapshot.note ?? '', /every pixel matches/);
});

test('added and removed goldens', async () => {
  const added = await compareGolden(PATH, null, solidPng(8, 8, RED));
  assert.equal(added.state, 'added');
  assert.deepEqual(added.after, { width: 8, height: 8 });
  const removed = await compareGolden(PATH, solidPng(4, 2, RED), null);
  assert.equal(removed.state, 'removed');
  assert.deepEqual(removed.before, { width: 4, height: 2 });
  assert.equal(removed.problem, undefined);
});

test('a size change is changed, without a pixel diff, and says so', async () => {
  const snapshot = await compareGolden(PATH, solidPng(8, 8, RED), solidPng(8, 9, RED));
  assert.equal(snapshot.state, 'changed');
  assert.equal(snapshot.diffPixels, undefined);
  assert.deepEqual(snapshot.after, { width: 8, height: 9 });
  assert.match(snapshot.note ?? '', /sizes differ \(8x8 -> 8x9\): no pixel diff/);
});

test('a PNG that fails to decode is a snapshot with a problem', async () => {
  const corrupt = await compareGolden(PATH, solidPng(8, 8, RED), corruptPng());
  assert.equal(corrupt.state, 'changed');
  assert.match(corrupt.problem ?? '', /^after: cannot decode the PNG/);
  const notPng = await compareGolden(PATH, new TextEncoder().encode('hello'), solidPng(8, 8, RED));
  assert.match(notPng.problem ?? '', /^before: not a PNG/);
  const neither = await compareGolden(PATH, null, null);
  assert.match(neither.problem ?? '', /absent on both sides/);
});

test('an oversized image is not decoded', async () => {
  const huge = corruptPng();
  new DataView(huge.buffer).setUint32(16, 100_000);
  new DataView(huge.buffer).setUint32(20, 100_000);
  const snapshot = await compareGolden(PATH, null, huge);
  assert.equal(snapshot.state, 'added');
  assert.deepEqual(snapshot.after, { width: 100_000, height: 100_000 });
  assert.match(snapshot.problem ?? '', /not compared/);
});

test('ids are stable by path; the content digest follows the bytes', async () => {
  assert.match(snapshotId(PATH), /^s-[0-9a-f]{16}$/);
  assert.equal(snapshotId(PATH), snapshotId(PATH));
  assert.notEqual(snapshotId(PATH), snapshotId('test/goldens/other.png'));
  const one = await compareGolden(PATH, solidPng(8, 8, RED), solidPng(8, 8, BLUE));
  const two = await compareGolden(PATH, solidPng(8, 8, RED), solidPng(8, 8, RED, [{ x: 0, y: 0, color: BLUE }]));
  assert.equal(one.id, two.id);
  assert.notEqual(one.contentDigest, two.contentDigest);
});
