// Files whose content outgrows what fstat said while they are read (here /proc files, which
// report size 0 and hold more) are read whole, and each read keeps bytes of its own: the buffer
// every read probes for growth into is shared, so bytes found there must be copied out, never
// handed back as a view a later read overwrites. A plain file read after them is exact.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readRegularFileSync } from '../../packages/engine/dist/regular-file.js';

test('reads of growing files keep their own bytes after later reads', { skip: !existsSync('/proc/self/status') && 'needs Linux /proc' }, () => {
  const root = mkdtempSync(join(tmpdir(), 'rg-growing-'));
  try {
    const status = readRegularFileSync('/proc/self/status', 1024 * 1024);
    assert.ok(status.ok);
    const statusText = status.bytes.toString('utf8');
    assert.match(statusText, /^Name:/);

    const limits = readRegularFileSync('/proc/self/limits', 1024 * 1024);
    assert.ok(limits.ok);
    assert.match(limits.bytes.toString('utf8'), /^Limit/);
    assert.equal(status.bytes.toString('utf8'), statusText, 'the first read is untouched by the second');

    const plain = join(root, 'plain.txt');
    writeFileSync(plain, 'exact\n');
    const read = readRegularFileSync(plain, 1024);
    assert.ok(read.ok);
    assert.equal(read.bytes.toString('utf8'), 'exact\n');
    assert.equal(status.bytes.toString('utf8'), statusText, 'nor by a plain read');
    assert.equal(limits.bytes.toString('utf8').split('\n')[0], readFileSync('/proc/self/limits', 'utf8').split('\n')[0]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
