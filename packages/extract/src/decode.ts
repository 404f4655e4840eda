/**
 * Bytes to text: binary detection, UTF-8 validation and BOM removal. Owns the decision whether
 * a file is text at all; it does not parse. Never throws.
 */

/** How many leading bytes are searched for a NUL to call a file binary. */
const BINARY_PROBE_BYTES = 8192;

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** The decoded text, or the reason there is none. */
export type DecodeResult =
  | { kind: 'binary' }
  | { kind: 'text'; text: string; invalidUtf8: boolean };

/** Decodes `bytes` as UTF-8; a NUL in the first 8 KiB makes the file binary. */
export function decodeSource(bytes: Uint8Array): DecodeResult {
  const probe = Math.min(bytes.length, BINARY_PROBE_BYTES);
  for (let i = 0; i < probe; i++) if (bytes[i] === 0) return { kind: 'binary' };
  let text: string;
  let invalidUtf8 = false;
  try {
    text = strictDecoder.decode(bytes);
  } catch {
    invalidUtf8 = true;
    text = lenientDecoder.decode(bytes);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { kind: 'text', text, invalidUtf8 };
}
