/**
 * Token counting for budgets and savings, with a real BPE tokenizer (gpt-tokenizer's o200k_base,
 * pure JavaScript, no native code): answers are counted as the agent will read them. File counts
 * are cached by (path, size, mtime), so a file is tokenized once until it changes.
 */
import { statSync, readFileSync } from 'node:fs';
import { countTokens as countBpe } from 'gpt-tokenizer';

/** The tokens of `text`. */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : countBpe(text);
}

const fileCounts = new Map<string, { size: number; mtimeMs: number; tokens: number }>();
const MAX_CACHED_FILES = 20_000;

/** The tokens of the file at absolute path `path`, or 0 when it cannot be read. */
export function countFileTokens(path: string): number {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isFile()) return 0;
  const cached = fileCounts.get(path);
  if (cached && cached.size === stat.size && cached.mtimeMs === stat.mtimeMs) return cached.tokens;
  let tokens = 0;
  try {
    tokens = countTokens(readFileSync(path, 'utf8'));
  } catch {
    return 0;
  }
  if (fileCounts.size >= MAX_CACHED_FILES) fileCounts.delete(fileCounts.keys().next().value!);
  fileCounts.set(path, { size: stat.size, mtimeMs: stat.mtimeMs, tokens });
  return tokens;
}
