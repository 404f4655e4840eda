/**
 * The repository's material policy: `.repograph.json` at the repository root when there is one
 * (read when the repository is opened, and again through Repository.reloadPolicy when a daemon
 * sees the file change), else the
 * built-in default. A malformed file is a UsageError naming the file and what to fix; unknown
 * keys are warnings. Owns reading the file; its meaning is packages/graph's (material.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isRepographError, RepographError } from '@repograph/core';
import { DEFAULT_MATERIAL_POLICY, parsePolicyFile, POLICY_FILE_NAME, type MaterialPolicy } from '@repograph/graph';

/** Larger files are refused: a policy is a few lines. */
const MAX_POLICY_BYTES = 256 * 1024;

export interface LoadedPolicy {
  policy: MaterialPolicy;
  warnings: string[];
  /** The file read, or null when the default applies. */
  file: string | null;
}

/** Reads `<root>/.repograph.json`, or returns the default policy when it does not exist. */
export function loadPolicyFile(root: string): LoadedPolicy {
  const file = join(root, POLICY_FILE_NAME);
  let size: number;
  try {
    const stats = statSync(file);
    if (!stats.isFile()) throw new RepographError('UsageError', `${file} is not a regular file; make it a JSON file or remove it.`, { path: file });
    size = stats.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { policy: DEFAULT_MATERIAL_POLICY, warnings: [], file: null };
    throw error;
  }
  if (size > MAX_POLICY_BYTES) {
    throw new RepographError('UsageError', `${file} is ${size} bytes; a policy file holds a few lines of JSON. Fix or remove it.`, { path: file });
  }
  try {
    const { policy, warnings } = parsePolicyFile(readFileSync(file, 'utf8'));
    return { policy, warnings: warnings.map((w) => w.replace(POLICY_FILE_NAME, file)), file };
  } catch (error) {
    if (!isRepographError(error)) throw error;
    // Name the file by its full path: several repositories may be open.
    throw new RepographError(error.code, error.message.replace(POLICY_FILE_NAME, file), { ...error.data, path: file });
  }
}
