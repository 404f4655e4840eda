/**
 * The repository's material policy: `.repograph.json` at the repository root when there is one
 * (read when the repository is opened, and again through Repository.reloadPolicy when a daemon
 * sees the file change), else the built-in default. Only a regular file is read: a symbolic
 * link (wherever it points), a FIFO or a device is refused, so no file outside the repository can
 * become the policy. A malformed file is a UsageError naming the file and what to fix, and never
 * quoting its content (the message goes to clients and the log); unknown keys are warnings.
 * Owns reading the file; its meaning is packages/graph's (material.ts).
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { isRepographError, RepographError } from '@repograph/core';
import { DEFAULT_MATERIAL_POLICY, parsePolicyFile, POLICY_FILE_NAME, type MaterialPolicy } from '@repograph/graph';
import { readRegularFileSync } from './regular-file.js';

/** Larger files are refused: a policy is a few lines. */
const MAX_POLICY_BYTES = 256 * 1024;

export interface LoadedPolicy {
  policy: MaterialPolicy;
  warnings: string[];
  /** The file read, or null when the default applies. */
  file: string | null;
  /** The file's `review` section as written (the review studio reads it; not part of the build fingerprint). */
  review?: unknown;
}

/** Reads `<root>/.repograph.json`, or returns the default policy when it does not exist. */
export function loadPolicyFile(root: string): LoadedPolicy {
  const file = join(root, POLICY_FILE_NAME);
  let isLink: boolean;
  try {
    isLink = lstatSync(file).isSymbolicLink();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { policy: DEFAULT_MATERIAL_POLICY, warnings: [], file: null };
    throw refused(file, `cannot be examined (${(error as NodeJS.ErrnoException).code ?? 'error'}); check its permissions or remove it`);
  }
  if (isLink) throw refused(file, 'is a symbolic link; the policy is read only from a regular file in the repository root: replace the link with the file itself');
  const read = readRegularFileSync(file, MAX_POLICY_BYTES);
  if (!read.ok) {
    if (read.problem === 'missing') return { policy: DEFAULT_MATERIAL_POLICY, warnings: [], file: null };
    const why = read.problem === 'too_large' ? `is over ${MAX_POLICY_BYTES} bytes; a policy file holds a few lines of JSON. Fix or remove it`
      : read.problem === 'not_a_regular_file' ? 'is not a regular file (a FIFO, socket or device); make it a JSON file or remove it'
        : `cannot be read (${read.errno ?? 'error'}); check its permissions or remove it`;
    throw refused(file, why);
  }
  try {
    const { policy, warnings, review } = parsePolicyFile(read.bytes.toString('utf8'));
    return { policy, warnings: warnings.map((w) => w.replace(POLICY_FILE_NAME, file)), file, ...(review !== undefined ? { review } : {}) };
  } catch (error) {
    if (!isRepographError(error)) throw error;
    // Name the file by its full path: several repositories may be open.
    throw new RepographError(error.code, error.message.replace(POLICY_FILE_NAME, file), { ...error.data, path: file });
  }
}

function refused(file: string, why: string): RepographError {
  return new RepographError('UsageError', `${file} ${why}.`, { path: file });
}
