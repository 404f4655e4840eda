/**
 * Small PNGs for the visual tests, written with pngjs: a solid colour image with optional
 * changed pixels. Owns test data builders only; nothing outside the tests imports it.
 */
import { pngLibrary } from '../libraries.js';

export type Rgba = readonly [number, number, number, number];

export const RED: Rgba = [255, 0, 0, 255];
export const BLUE: Rgba = [0, 0, 255, 255];

export interface PixelChange {
  x: number;
  y: number;
  color: Rgba;
}

/** A width x height PNG of one colour, with the given pixels changed. */
export function solidPng(width: number, height: number, color: Rgba, changes: PixelChange[] = [], colorType: 2 | 6 = 6): Uint8Array {
  const { PNG } = pngLibrary();
  const image = new PNG({ width, height });
  for (let index = 0; index < width * height; index++) image.data.set(color, index * 4);
  for (const change of changes) image.data.set(change.color, (change.y * width + change.x) * 4);
  return new Uint8Array(PNG.sync.write(image, { colorType }));
}

/** Bytes with a PNG signature and garbage after it. */
export function corruptPng(): Uint8Array {
  const bytes = new Uint8Array(64).fill(7);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 8, 0, 0, 0, 8]);
  return bytes;
}
