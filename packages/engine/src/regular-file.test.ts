// readRegularFileSync (regular-file.ts) on real files: exact bytes in a buffer of their own (so
// the indexer can transfer it to a worker without a copy), empty files, the size bound, files
// whose content outgrows what fstat said (read on, and refused past the bound), and what is
// never read (a link, a folder, a missing path).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { readRegularFileSync } from './regular-file.js';

const root = mkdtempSync(join(tmpdir(), 'rg-regular-file-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('a file is read exactly, into a buffer that owns its whole memory', () => {
  for (const size of [1, 300, 4096, 70_000]) {
    const path = join(root, `f${size}.txt`);
    const text = 'x'.repeat(size - 1) + '\n';
    writeFileSync(path, text);
    const read = readRegularFileSync(path, 1024 * 1024);
    assert.ok(read.ok);
    assert.equal(read.bytes.toString('utf8'), text);
    assert.equal(read.bytes.byteOffset, 0, `${size} bytes: not a slice of a shared slab`);
    assert.equal(read.bytes.buffer.byteLength, size, `${size} bytes: no slack to copy away`);
  }
  writeFileSync(join(root, 'empty.txt'), '');
  const empty = readRegularFileSync(join(root, 'empty.txt'), 10);
  assert.ok(empty.ok);
  assert.equal(empty.bytes.byteLength, 0);
});

test('the size bound refuses a larger file, and allows one of exactly the bound', () => {
  writeFileSync(join(root, 'bound.txt'), 'abcdef');
  assert.deepEqual(readRegularFileSync(join(root, 'bound.txt'), 5), { ok: false, problem: 'too_large', size: 6 });
  const exact = readRegularFileSync(join(root, 'bound.txt'), 6);
  assert.ok(exact.ok && exact.bytes.toString() === 'abcdef');
});

test('content past what fstat said is read on, and refused past the bound', { skip: !existsSync('/proc/self/status') && 'needs Linux /proc' }, () => {
  // /proc files report size 0 and hold more: the same path as a file that grew while read.
  const grown = readRegularFileSync('/proc/self/status', 1024 * 1024);
  assert.ok(grown.ok);
  assert.match(grown.bytes.toString('utf8'), /^Name:/);
  const bounded = readRegularFileSync('/proc/self/status', 16);
  assert.equal(bounded.ok, false);
  assert.equal(!bounded.ok && bounded.problem, 'too_large');
});

test('links, folders and missing paths are not read', () => {
  writeFileSync(join(root, 'target.txt'), 'secret');
  symlinkSync(join(root, 'target.txt'), join(root, 'link.txt'));
  mkdirSync(join(root, 'folder'));
  assert.equal((readRegularFileSync(join(root, 'link.txt'), 100) as { problem: string }).problem, 'not_a_regular_file');
  assert.equal((readRegularFileSync(join(root, 'folder'), 100) as { problem: string }).problem, 'not_a_regular_file');
  assert.equal((readRegularFileSync(join(root, 'missing.txt'), 100) as { problem: string }).problem, 'missing');
});
