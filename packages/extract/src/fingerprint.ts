/**
 * Hash primitives for skeleton fingerprints and branch shapes. Owns the hash functions only:
 * two independent 32-bit lanes (FNV-1a style token hashes, a multiplicative fold per child and a
 * murmur3 finalizer per subtree), printed together as 16 hex digits, shared by every walker. Each
 * walker decides which nodes are folded (js/visit.ts, python/state.ts, go/shape.ts); identifiers
 * and literals are erased there by giving all of them one token hash (js/syntax.ts for the JS
 * family).
 *
 * A subtree's hash is a Merkle hash: `fin(fold(...fold(token(type), child1)..., childN))`, so it
 * encodes the pre-order sequence of node types and where each subtree ends.
 */

/** FNV-1a of a type name, lane 1. */
export function tokenHash1(name: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** A second, independent string hash (different basis and multiplier), lane 2. */
export function tokenHash2(name: string): number {
  let hash = 0x9747b28c | 0;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x5bd1e995) ^ (hash >>> 15);
  return hash | 0;
}

/** Folds a child's hash into a parent accumulator, lane 1. */
export function fold1(acc: number, child: number): number {
  return Math.imul(acc ^ child, 0x01000193) + 0x3c6ef372 | 0;
}

/** Folds a child's hash into a parent accumulator, lane 2. */
export function fold2(acc: number, child: number): number {
  const mixed = Math.imul(acc ^ child, 0x5bd1e995);
  return (mixed << 13 | mixed >>> 19) + 0x7f4a7c15 | 0;
}

/** Finishes a subtree's accumulator (murmur3 fmix32). */
export function finish(acc: number): number {
  let h = acc ^ (acc >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** 16 hex digits for the two lanes. */
export function hashHex(h1: number, h2: number): string {
  return HEX_BYTES[(h1 >>> 24) & 255]! + HEX_BYTES[(h1 >>> 16) & 255]! + HEX_BYTES[(h1 >>> 8) & 255]! +
    HEX_BYTES[h1 & 255]! + HEX_BYTES[(h2 >>> 24) & 255]! + HEX_BYTES[(h2 >>> 16) & 255]! +
    HEX_BYTES[(h2 >>> 8) & 255]! + HEX_BYTES[h2 & 255]!;
}
