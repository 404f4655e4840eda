/**
 * What the contract axis reads of a review's two sides: the text of every changed API spec file
 * (contract/spec-files.ts names them) on both sides, diffed when the review is computed
 * (contract/diff.ts, in a worker thread for large specs: contract-worker.ts). The gate is judged when the verdict is asked for, since decisions come
 * later. Owns those reads.
 */
import type { ReviewSides } from '@repograph/engine';
import { isSpecFile, SPEC_SIZE_LIMIT_BYTES, type ContractDiff } from './contract/index.js';
import { diffContractsOffThread } from './contract-worker.js';
import type { ChangedFile } from './types.js';

export async function contractFacts(sides: ReviewSides, files: readonly ChangedFile[]): Promise<ContractDiff> {
  const specs = files.filter((file) => !file.binary && isSpecFile(file.path, true));
  if (specs.length === 0) return { changes: [], problems: [] };
  // One byte past the limit is read, so the diff can say the file is over it.
  const limit = SPEC_SIZE_LIMIT_BYTES + 1;
  const sidesOf = await Promise.all(specs.map(async (file) => ({
    path: file.path,
    before: file.status === 'added' ? null : await sides.readText('base', file.path, limit) ?? tooLarge(limit),
    after: file.status === 'removed' ? null : await sides.readText('head', file.path, limit) ?? tooLarge(limit),
  })));
  return diffContractsOffThread(sidesOf);
}

/** A stand-in for a side too large to read (or binary): over the limit, so the diff refuses it by size. */
function tooLarge(limit: number): string {
  return ' '.repeat(limit);
}
