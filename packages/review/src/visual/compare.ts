/**
 * Compares one golden image between base and head: bytes first (identical bytes are unchanged
 * without decoding), then pngjs to decode and pixelmatch to count differing pixels. Owns the
 * Snapshot shape and its id. Never throws: an image that cannot be decoded or is too large is a
 * snapshot with a `problem`, which the axis reports as partial. Deciding what gates is axis.ts.
 */
import { createHash } from 'node:crypto';
import { pixelmatchLibrary, pngLibrary } from '../libraries.js';

/** How a golden differs between base and head (approval is the axis's overlay, not a state here). */
export type SnapshotState = 'changed' | 'removed' | 'unchanged' | 'added';

/** An image's size in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** One golden image compared between base and head. */
export interface Snapshot {
  /** Stable across pushes: `s-` and 16 hex digits of the sha-256 of the path. */
  id: string;
  path: string;
  state: SnapshotState;
  /** Pixels that differ (only when both sides decoded at the same size). */
  diffPixels?: number;
  /** Pixels in one side (width x height; only with diffPixels). */
  totalPixels?: number;
  /** diffPixels / totalPixels. */
  ratio?: number;
  before?: ImageSize;
  after?: ImageSize;
  /**
   * The sha-256 of both sides' bytes: a store may keep it beside an approval, to tell an approved
   * image from a later, different one under the same id.
   */
  contentDigest: string;
  /** Something the comparison noted without failing (sizes differ, pixels equal but bytes not). */
  note?: string;
  /** Why the comparison could not finish (undecodable or oversized image). */
  problem?: string;
}

/**
 * pixelmatch's matching threshold (0 to 1; its own default): the largest perceptual colour
 * distance (OKLab HyAB, 1 = black against white) at which two pixels still count as equal.
 * Anti-aliased pixels are detected and not counted (pixelmatch's `includeAA: false`).
 */
export const PIXEL_THRESHOLD = 0.1;

/** Images above this many pixels are not decoded (an RGBA buffer of 4 bytes a pixel each side). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The stable id of the snapshot of a path. */
export function snapshotId(path: string): string {
  return `s-${createHash('sha256').update(path).digest('hex').slice(0, 16)}`;
}

/** Compares a golden's bytes at base (`before`) and head (`after`); null is absent on that side. */
export async function compareGolden(
  path: string,
  before: Uint8Array | null,
  after: Uint8Array | null,
): Promise<Snapshot> {
  const snapshot: Snapshot = { id: snapshotId(path), path, state: 'unchanged', contentDigest: digestOf(before, after) };
  if (before === null && after === null) {
    snapshot.problem = 'the image is absent on both sides';
    return snapshot;
  }
  if (before !== null && after !== null && bytesEqual(before, after)) return snapshot;

  const decodedBefore = before === null ? null : decode(before);
  const decodedAfter = after === null ? null : decode(after);
  const problems: string[] = [];
  if (decodedBefore !== null) describe(decodedBefore, 'before', snapshot, problems);
  if (decodedAfter !== null) describe(decodedAfter, 'after', snapshot, problems);
  if (problems.length > 0) snapshot.problem = problems.join('; ');

  if (decodedBefore === null) return { ...snapshot, state: 'added' };
  if (decodedAfter === null) return { ...snapshot, state: 'removed' };
  snapshot.state = 'changed';
  if (!('data' in decodedBefore) || !('data' in decodedAfter)) return snapshot;
  if (decodedBefore.width !== decodedAfter.width || decodedBefore.height !== decodedAfter.height) {
    snapshot.note = `sizes differ (${sizeText(decodedBefore)} -> ${sizeText(decodedAfter)}): no pixel diff`;
    return snapshot;
  }
  const pixelmatch = await pixelmatchLibrary();
  const { width, height } = decodedAfter;
  const diffPixels = pixelmatch(decodedBefore.data, decodedAfter.data, null, width, height, { threshold: PIXEL_THRESHOLD });
  snapshot.diffPixels = diffPixels;
  snapshot.totalPixels = width * height;
  snapshot.ratio = width * height === 0 ? 0 : diffPixels / (width * height);
  if (diffPixels === 0) {
    snapshot.state = 'unchanged';
    snapshot.note = 'the bytes differ but every pixel matches';
  }
  return snapshot;
}

/** A decoded image, or why it could not be decoded (with its size when the header was readable). */
type Decoded = { width: number; height: number; data: Uint8Array } | { problem: string; width?: number; height?: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function decode(bytes: Uint8Array): Decoded {
  if (bytes.length < 24 || PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) {
    return { problem: 'not a PNG (bad signature)' };
  }
  const header = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = header.getUint32(16);
  const height = header.getUint32(20);
  if (width * height > MAX_IMAGE_PIXELS) {
    return { problem: `${width}x${height} is over ${MAX_IMAGE_PIXELS} pixels: not compared`, width, height };
  }
  try {
    const image = pngLibrary().PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { width: image.width, height: image.height, data: image.data };
  } catch (error) {
    return { problem: `cannot decode the PNG: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function describe(decoded: Decoded, side: 'before' | 'after', snapshot: Snapshot, problems: string[]): void {
  if (decoded.width !== undefined && decoded.height !== undefined) {
    snapshot[side] = { width: decoded.width, height: decoded.height };
  }
  if ('problem' in decoded) problems.push(`${side}: ${decoded.problem}`);
}

function sizeText(size: ImageSize): string {
  return `${size.width}x${size.height}`;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

function digestOf(before: Uint8Array | null, after: Uint8Array | null): string {
  const side = (bytes: Uint8Array | null): string =>
    bytes === null ? '-' : createHash('sha256').update(bytes).digest('hex');
  return createHash('sha256').update(`${side(before)}:${side(after)}`).digest('hex');
}
