import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FrameGuard } from './frame-guard.js';

const frame = (body: string): Buffer => Buffer.concat([Buffer.from(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`), Buffer.from(body)]);
const limits = { maxHeaderBytes: 64, maxBodyBytes: 1000 };

test('well-formed frames pass, however the bytes are split', () => {
  const bytes = Buffer.concat([frame('{"jsonrpc":"2.0","id":1,"method":"a"}'), frame('{"x":"\r\n\r\n"}'), frame('x'.repeat(900))]);
  for (const size of [1, 2, 3, 7, 64, bytes.length]) {
    const guard = new FrameGuard(limits);
    for (let offset = 0; offset < bytes.length; offset += size) {
      assert.equal(guard.feed(bytes.subarray(offset, offset + size)), null, `chunks of ${size}`);
    }
  }
});

test('bytes that never end a header are refused once past the header limit', () => {
  const guard = new FrameGuard(limits);
  assert.equal(guard.feed(Buffer.alloc(40, 'x')), null);
  assert.match(guard.feed(Buffer.alloc(40, 'x')) ?? '', /without ending a frame header/);
  // Also within one large chunk, and after a good frame.
  const after = new FrameGuard(limits);
  assert.match(after.feed(Buffer.concat([frame('{}'), Buffer.alloc(5000, 0x41)])) ?? '', /without ending a frame header/);
});

test('a frame announcing a body over the limit (or a negative one) is refused', () => {
  assert.match(new FrameGuard(limits).feed(Buffer.from('Content-Length: 1001\r\n\r\n')) ?? '', /1001 bytes/);
  assert.match(new FrameGuard(limits).feed(Buffer.from('Content-Length: -5\r\n\r\n')) ?? '', /-5 bytes/);
  assert.equal(new FrameGuard(limits).feed(Buffer.from('content-length: 1000\r\nContent-Type: x\r\n\r\n')), null);
});

test('a header without a usable Content-Length is left to the reader', () => {
  assert.equal(new FrameGuard(limits).feed(Buffer.from('Foo: bar\r\n\r\n')), null);
  assert.equal(new FrameGuard(limits).feed(Buffer.from('Content-Length: abc\r\n\r\n')), null);
});
