/**
 * The byte format of a block's records: a stream of small integers (LEB128 varints) and raw bytes
 * (hashes), one string holding every text of the block back to back (each text's length is among
 * the integers), and a list of the rare structured values (unknown fields, fractional numbers). Owns writing and reading that stream; the
 * record layouts on top of it are in codecs.ts.
 *
 * Why not a msgpack array per record: a block is written once per publish and read on every point
 * query, and a msgpack encoder or decoder pays a type dispatch per value. Here the integers are a
 * tight loop over a byte array, the texts are one string sliced on read, and lmdb's msgpack
 * encoder sees three values per block (the value stored is `[bytes, text, values]`).
 *
 * One-byte texts: V8 keeps a string of Latin-1 characters one byte a character, and a slice of a
 * string shares its representation. A block whose text holds one character above U+00FF (a
 * curly quote in a doc comment) decodes as a two-byte string, so every text sliced from it would
 * be two-byte too, paths and ids included. One two-byte string anywhere in an answer makes its
 * JSON two-byte, whose encoding to UTF-8 cost the daemon about 1 ms per 90 KB answer (about 5 us
 * for a one-byte one). So a text of such a block that is Latin-1 itself is copied into a one-byte
 * string on read (`oneByteText`); a block without such a character (the usual one) pays nothing.
 */

/** A block's stream as stored. */
export type StreamValue = [Uint8Array, string, unknown[]];

/** Where a record starts in a stream (see BlockReader.mark). */
export interface StreamPosition {
  byte: number;
  text: number;
  value: number;
}

/** The largest integer `number()` writes as a varint; others (and non-integers) go to the values. */
const VARINT_LIMIT = 2 ** 48;
/**
 * The value of each lowercase hex digit by character code, 0xff for every other UTF-16 unit (a
 * table of all 65,536, so a lookup needs no range check).
 */
const HEX_DIGITS = new Uint8Array(0x10000).fill(0xff);
for (let digit = 0; digit < 16; digit++) HEX_DIGITS[digit.toString(16).charCodeAt(0)] = digit;

/** The byte buffer writers share: a publish writes its blocks one after the other (finish() copies out). */
let scratch = Buffer.allocUnsafe(64 * 1024);

export class BlockWriter {
  private bytes = scratch;
  private length = 0;
  private texts = '';
  private readonly values: unknown[] = [];

  /** A non-negative integer below 2^48 (lengths, codes, counts, flags). */
  uint(value: number): void {
    if (this.length + 8 > this.bytes.length) this.grow();
    if (value < 0x80) {
      this.bytes[this.length++] = value;
      return;
    }
    let rest = value;
    while (rest >= 0x80) {
      this.bytes[this.length++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.bytes[this.length++] = rest;
  }

  /**
   * Any number: an integer within ±2^45 as a varint (n ≥ 0 as 4n, n < 0 as -4n - 2), anything else
   * (fractions, -0, NaN, huge values) as a structured value behind the varint 1.
   */
  number(value: number): void {
    if ((value | 0) === value && (value !== 0 || 1 / value > 0)) {
      this.uint(value >= 0 ? value * 4 : -value * 4 - 2);
    } else if (Number.isInteger(value) && Math.abs(value) < VARINT_LIMIT / 8 && !Object.is(value, -0)) {
      this.uint(value >= 0 ? value * 4 : -value * 4 - 2);
    } else {
      this.uint(1);
      this.values.push(value);
    }
  }

  text(value: string): void {
    this.uint(value.length);
    this.texts += value;
  }

  /**
   * When `value` is lowercase hex of whole bytes (one byte at least): writes `tag`, then the byte
   * count and the bytes, and returns true. Otherwise writes nothing and returns false. Checking
   * and converting is one pass over the text (a hash is mostly written, not rejected), where a
   * regular expression first and a conversion after were two.
   */
  taggedHex(tag: number, value: string): boolean {
    const length = value.length >> 1;
    if (length === 0 || (value.length & 1) !== 0) return false;
    const start = this.length;
    this.uint(tag);
    this.uint(length);
    while (this.length + length > this.bytes.length) this.grow();
    // A loop beats Buffer#write for hashes this short (its per-call cost dominates).
    const bytes = this.bytes;
    for (let index = 0, at = this.length; index < value.length; index += 2, at++) {
      const high = HEX_DIGITS[value.charCodeAt(index)]!;
      const low = HEX_DIGITS[value.charCodeAt(index + 1)]!;
      if ((high | low) > 0x0f) {
        this.length = start;
        return false;
      }
      bytes[at] = (high << 4) | low;
    }
    this.length += length;
    return true;
  }

  /** A structured value (an object of unknown fields); lmdb's msgpack encoder stores it. */
  value(value: unknown): void {
    this.values.push(value);
  }

  /** The block's value. The writer must not be used afterwards. */
  finish(): StreamValue {
    return [Buffer.from(this.bytes.subarray(0, this.length)), this.texts, this.values];
  }

  private grow(): void {
    const bigger = Buffer.allocUnsafe(this.bytes.length * 2);
    this.bytes.copy(bigger, 0, 0, this.length);
    this.bytes = bigger;
    scratch = bigger;
  }
}

export class BlockReader {
  private byte = 0;
  private textAt = 0;
  private valueAt = 0;
  private readonly bytes: Buffer;
  private readonly texts: string;
  private readonly values: unknown[];

  /** The block's text holds a character above U+00FF (see the header). */
  private readonly wide: boolean;

  constructor(stored: StreamValue | undefined, at?: StreamPosition) {
    const bytes = stored?.[0] ?? new Uint8Array(0);
    this.bytes = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.texts = stored?.[1] ?? '';
    this.wide = stored !== undefined && hasWideText(stored);
    this.values = stored?.[2] ?? [];
    if (at !== undefined) {
      this.byte = at.byte;
      this.textAt = at.text;
      this.valueAt = at.value;
    }
  }

  /** True when the stream has no more records. */
  get done(): boolean {
    return this.byte >= this.bytes.length;
  }

  /** The current position, to read the record starting here again later. */
  mark(): StreamPosition {
    return { byte: this.byte, text: this.textAt, value: this.valueAt };
  }

  uint(): number {
    const first = this.bytes[this.byte++]!;
    if (first < 0x80) return first;
    this.byte--;
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.byte++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }

  number(): number {
    const stored = this.uint();
    if (stored === 1) return this.values[this.valueAt++] as number;
    return stored % 4 === 0 ? stored / 4 : -(stored + 2) / 4;
  }

  text(): string {
    const length = this.uint();
    const text = this.texts.slice(this.textAt, this.textAt + length);
    this.textAt += length;
    return this.wide ? oneByteText(text) : text;
  }

  hex(): string {
    const length = this.uint();
    const text = this.bytes.toString('hex', this.byte, this.byte + length);
    this.byte += length;
    return text;
  }

  value(): unknown {
    return this.values[this.valueAt++];
  }
}

/** A character above U+00FF. On a one-byte string V8 answers at once, without scanning it. */
const WIDE_CHARACTER = /[^\u0000-\u00ff]/;
/** Whether each block's text (a stored tuple, cached while its block is) has a wide character. */
const wideTexts = new WeakMap<StreamValue, boolean>();

function hasWideText(stored: StreamValue): boolean {
  let wide = wideTexts.get(stored);
  if (wide === undefined) {
    wide = WIDE_CHARACTER.test(stored[1]);
    wideTexts.set(stored, wide);
  }
  return wide;
}

/** `text` itself when it holds a wide character, else the same characters as a one-byte string. */
export function oneByteText(text: string): string {
  if (text.length === 0 || WIDE_CHARACTER.test(text)) return text;
  return Buffer.from(text, 'latin1').toString('latin1');
}
