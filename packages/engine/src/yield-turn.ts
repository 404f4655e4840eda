/**
 * Giving the thread away between slices of long synchronous work (binding, reading a tree), so a
 * server answers queued requests meanwhile (DESIGN.md invariant 3): @repograph/core's nextTurn,
 * under the name the engine's stages use.
 */
export { nextTurn as yieldTurn } from '@repograph/core';
