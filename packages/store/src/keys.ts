/**
 * Key codecs for the LMDB sub-databases. Owns the small encodings that go inside ordered-binary
 * array keys (ordinals and snapshot ids), the prefix-range bounds, the code-point comparison
 * that matches the keys' byte order, and the key-size check. It does not own which sub-database
 * holds what (repo-store.ts documents the layout).
 *
 * lmdb encodes an array key element by element with a 0x00 separator; strings are UTF-8, so
 * keys sort by UTF-8 bytes, which is Unicode code-point order (and git's path order). Strings
 * must not contain U+0000, and an encoded key must fit the environment's maximum key size.
 */
import { RepographError } from '@repograph/core';

/** An ordered-binary key element as this package uses them. */
export type KeyPart = string | number;

/**
 * A key element above every string and number: a raw 0xFF byte, which no UTF-8 string and no
 * ordered-binary type tag starts with (ordered-binary's own MAXIMUM_KEY, without importing it).
 */
const MAXIMUM_ELEMENT = new Uint8Array([0xff]);

/**
 * Encodes a non-negative integer as a short string that sorts like the number: one length letter
 * (`a` = 1 digit, `b` = 2, ...) followed by base-36 digits. 0..35 take 2 bytes, up to 46,655
 * takes 4; an ordered-binary number would take 9.
 */
export function encodeOrdinal(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RepographError('InvalidParams', `ordinal ${value} is not a non-negative safe integer`);
  }
  const digits = value.toString(36);
  return String.fromCharCode(0x60 + digits.length) + digits;
}

/** Decodes encodeOrdinal's output. */
export function decodeOrdinal(encoded: string): number {
  return parseInt(encoded.slice(1), 36);
}

/** The range that covers every key starting with the elements of `prefix` (as whole elements). */
export function prefixRange(prefix: readonly KeyPart[]): { start: KeyPart[]; end: Array<KeyPart | Uint8Array> } {
  return { start: [...prefix], end: [...prefix, MAXIMUM_ELEMENT] };
}

/** A UTF-16 surrogate: part of a supplementary character. */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Compares strings in Unicode code-point order, which is the order of their UTF-8 bytes and so
 * the order of the store's keys (only the sign of the result means anything). It differs from
 * `<` (UTF-16 code units) only when one string has a supplementary character where the other has
 * a character in U+E000..U+FFFF, so strings without a surrogate (nearly every key) are compared
 * natively: the unit-by-unit loop was 7% of a one-file push's CPU on Django (profiled), in the
 * store's block searches over ids that share long path prefixes.
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : 1;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const unitA = a.charCodeAt(index);
    const unitB = b.charCodeAt(index);
    if (unitA !== unitB) return codePointRank(unitA) - codePointRank(unitB);
  }
  return a.length - b.length;
}

/** Maps a UTF-16 unit so that surrogates (supplementary characters) rank above U+FFFF. */
function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

/**
 * Checks that a key built from `parts` can be stored: no part contains U+0000 and the encoded
 * size fits `maxKeySize`. The size is an upper bound (UTF-8 bytes, one separator and one escape
 * byte per element), computed exactly only when the cheap bound does not already pass.
 * Throws a StoreError that names `subject` (the path or symbol the key is for).
 */
export function checkKey(parts: readonly KeyPart[], maxKeySize: number, subject: string): void {
  let roughBound = 0;
  for (const part of parts) {
    if (typeof part === 'number') {
      roughBound += 10;
      continue;
    }
    if (part.includes('\u0000')) {
      throw new RepographError('StoreError',
        `${subject}: a key element contains U+0000, which the store's keys cannot hold; ` +
        `the extractor must not produce names or paths with NUL characters`, { subject });
    }
    roughBound += part.length * 3 + 2;
  }
  if (roughBound <= maxKeySize) return;
  let exact = 0;
  for (const part of parts) exact += typeof part === 'number' ? 10 : Buffer.byteLength(part, 'utf8') + 2;
  if (exact > maxKeySize) {
    throw new RepographError('StoreError',
      `${subject}: its key needs ${exact} bytes, more than the store's limit of ${maxKeySize}; ` +
      `exclude paths this long (or symbols with names this long) before publishing`,
      { subject, bytes: exact, limit: maxKeySize });
  }
}
