/**
 * @repograph/core: domain types and pure helpers shared by every package. No dependencies.
 */
export * from './kinds.js';
export * from './ranges.js';
export * from './facts.js';
export * from './surfaces.js';
export * from './diagnostics.js';
export * from './graph.js';
export * from './errors.js';
export * from './report.js';
export * from './paths.js';
export * from './budgets.js';
export * from './steps.js';
