// Where bench/ reads and writes: the repository root, the shared workbench (../shared, or
// $REPOGRAPH_SHARED), the fetched corpora (bench/.corpora/) and scratch output (bench/.work/).
// Only bench/ may use the workbench; nothing here is part of the product.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bench/ folder. */
export const benchDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The repository root (the folder holding bench/). */
export const repoRoot = path.dirname(benchDir);
/** Fetched corpora, one git repository per corpus (git-ignored, never committed). */
export const corporaDir = path.join(benchDir, '.corpora');
/** Scratch output: oracles, exports, temporary data roots (git-ignored). */
export const workDir = path.join(benchDir, '.work');
/** Committed results: latest.json beside RESULTS.md's source figures. */
export const resultsDir = path.join(benchDir, 'results');
/**
 * The repograph command line the bench drives as a child process; $REPOGRAPH_BENCH_CLI measures
 * another build instead (for example a checkout of an older commit).
 */
export const cliPath = process.env.REPOGRAPH_BENCH_CLI
  ? path.resolve(process.env.REPOGRAPH_BENCH_CLI)
  : path.join(repoRoot, 'packages', 'cli', 'bin', 'repograph.js');
/** The engine's in-process entry point, used for query latency ($REPOGRAPH_BENCH_ENGINE overrides). */
export const engineEntry = process.env.REPOGRAPH_BENCH_ENGINE
  ? path.resolve(process.env.REPOGRAPH_BENCH_ENGINE)
  : path.join(repoRoot, 'packages', 'engine', 'dist', 'index.js');

/**
 * The shared workbench folder: $REPOGRAPH_SHARED if set, else ../shared beside the repository.
 * Throws a message that says what to do when it is missing.
 */
export function sharedRoot() {
  const dir = process.env.REPOGRAPH_SHARED
    ? path.resolve(process.env.REPOGRAPH_SHARED)
    : path.resolve(repoRoot, '../shared');
  if (!fs.existsSync(path.join(dir, 'tools', 'ts-oracle.mjs'))) {
    throw new Error(
      `bench: the shared workbench is not at ${dir} (no tools/ts-oracle.mjs there). ` +
        'Set REPOGRAPH_SHARED to the folder that holds tools/ts-oracle.mjs and tools/score.mjs.',
    );
  }
  return dir;
}

/** Throws a clear error when the engine's command line has not been built yet. */
export function assertCliBuilt() {
  if (!fs.existsSync(cliPath)) {
    const error = new Error(
      `bench: ${path.relative(repoRoot, cliPath)} is missing, so the engine cannot be measured. ` +
        'Install and build first (npm ci && npm run build), then run this again.',
    );
    error.code = 'ENGINE_MISSING';
    throw error;
  }
}

/** Creates a folder (and its parents) and returns it. */
export function ensureDir(dir) {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
