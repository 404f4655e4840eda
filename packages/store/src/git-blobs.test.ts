/**
 * Tests of readBlobs against a real repository: many blobs through one process, a 3 MB blob and
 * an empty one, missing ids, a slow consumer, a throwing consumer and cancellation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { cleanupTempDirs, git, makeRepo } from './fixtures-git.js';
import { readBlobs, type BlobContent } from './git-blobs.js';
import { hashBlob, listTree } from './git.js';

after(cleanupTempDirs);

const BLOB_COUNT = 400;
let root = '';
const contents = new Map<string, Buffer>();

before(async () => {
  const files: Record<string, Buffer> = {};
  for (let index = 0; index < BLOB_COUNT; index++) {
    files[`src/file_${index}.ts`] = Buffer.from(`export const value${index} = ${'x'.repeat(index * 37 % 5000)};\n`);
  }
  // A 3 MB blob with every byte value, including newlines and NULs, and an empty one.
  const large = Buffer.alloc(3 * 1024 * 1024);
  for (let index = 0; index < large.length; index++) large[index] = (index * 31 + (index >> 8)) & 0xff;
  files['big.bin'] = large;
  files['empty.txt'] = Buffer.alloc(0);
  files['newlines.txt'] = Buffer.from('\n\n\nblob 12\n\n');
  root = makeRepo(files).root;
  for (const entry of (await listTree(root, 'HEAD')).entries) contents.set(entry.blobId, files[entry.path]!);
});

describe('readBlobs', () => {
  test('streams every requested blob, in order, with exact bytes', async () => {
    const ids = [...contents.keys()];
    const received: BlobContent[] = [];
    const result = await readBlobs(root, ids, (blob) => {
      received.push(blob);
    });
    assert.equal(result.read, ids.length);
    assert.deepEqual(result.missing, []);
    assert.deepEqual(received.map((blob) => blob.blobId), ids);
    for (const blob of received) {
      assert.ok(blob.bytes.equals(contents.get(blob.blobId)!), `content of ${blob.blobId}`);
      assert.equal(hashBlob(blob.bytes), blob.blobId);
    }
    assert.ok(received.some((blob) => blob.bytes.length === 3 * 1024 * 1024));
    assert.ok(received.some((blob) => blob.bytes.length === 0));
  });

  test('reports missing and non-blob ids, reads duplicates once', async () => {
    const [first, second] = [...contents.keys()];
    const missing = 'a'.repeat(40);
    const tree = git(root, 'rev-parse', 'HEAD^{tree}');
    const seen: string[] = [];
    const result = await readBlobs(root, [first!, missing, first!, tree, second!], (blob) => {
      seen.push(blob.blobId);
    });
    assert.deepEqual(seen, [first, second]);
    assert.equal(result.read, 2);
    assert.deepEqual(result.missing, [missing, tree]);
  });

  test('waits for an asynchronous consumer (back-pressure)', async () => {
    const ids = [...contents.keys()].slice(0, 60);
    let inFlight = 0;
    let maxInFlight = 0;
    const result = await readBlobs(root, ids, async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await delay(1);
      inFlight--;
    });
    assert.equal(result.read, ids.length);
    assert.equal(maxInFlight, 1);
  });

  test('stops and rethrows when the consumer throws', async () => {
    let calls = 0;
    await assert.rejects(readBlobs(root, contents.keys(), () => {
      calls++;
      if (calls === 3) throw new Error('consumer failed');
    }), /consumer failed/);
    assert.equal(calls, 3);
  });

  test('cancels through an AbortSignal', async () => {
    const controller = new AbortController();
    let calls = 0;
    await assert.rejects(readBlobs(root, contents.keys(), () => {
      calls++;
      if (calls === 5) controller.abort();
    }, { signal: controller.signal }), { code: 'Cancelled' });
    assert.equal(calls, 5);
    await assert.rejects(readBlobs(root, ['b'.repeat(40)], () => undefined, { signal: controller.signal }),
      { code: 'Cancelled' });
  });

  test('validates ids and handles an empty request without spawning', async () => {
    assert.deepEqual(await readBlobs(root, [], () => undefined), { read: 0, missing: [] });
    await assert.rejects(readBlobs(root, ['HEAD:big.bin'], () => undefined), { code: 'InvalidParams' });
  });
});
