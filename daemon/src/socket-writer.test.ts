import assert from 'node:assert/strict';
import { test } from 'node:test';
import { frameOf } from './socket-writer.js';

/** Splits a frame into its announced length and its body bytes. */
function parse(frame: Buffer): { announced: number; body: Buffer } {
  const end = frame.indexOf('\r\n\r\n');
  const header = frame.subarray(0, end).toString('latin1');
  const match = /^Content-Length: (\d+)$/.exec(header);
  assert.ok(match, `header ${JSON.stringify(header)}`);
  return { announced: Number(match[1]), body: frame.subarray(end + 4) };
}

test('a frame announces the UTF-8 length of its body and carries exactly those bytes', () => {
  for (const body of ['', '{}', JSON.stringify({ path: 'src/a.ts', n: 1 }), JSON.stringify({ text: 'é ü 中文 😀 \u2028' }), 'x'.repeat(100_000) + '中']) {
    const { announced, body: bytes } = parse(frameOf(body));
    assert.equal(announced, Buffer.byteLength(body, 'utf8'));
    assert.equal(bytes.length, announced);
    assert.equal(bytes.toString('utf8'), body);
  }
});

test('a lone surrogate is written as the replacement character, counted as such', () => {
  const body = '"\ud800"';
  const { announced, body: bytes } = parse(frameOf(body));
  assert.equal(bytes.length, announced);
  assert.deepEqual([...bytes], [0x22, 0xef, 0xbf, 0xbd, 0x22]);
});
