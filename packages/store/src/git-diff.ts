/**
 * The files that differ between two commits, or between a commit and the worktree: one `git diff
 * --raw --numstat --patch -U0` for status and blob ids, changed line counts (binary files have
 * none) and hunks, and for the worktree the untracked files git does not ignore. Owns those commands and their parsing
 * (always `-z`); renames are reported as a removal and an addition (`--no-renames`), so every
 * path names one side's file. It never runs a shell and never writes to the repository (git runs
 * without optional locks, so not even the index's stat cache is refreshed).
 */
import { gitFailure, runGit, splitNul } from './git-run.js';
import { compareCodePoints } from './keys.js';

/** One file that differs between the two sides. */
export interface DiffEntry {
  path: string;
  status: 'added' | 'removed' | 'modified';
  /** The blob on each side (null: absent on that side, or a worktree file git has not hashed). */
  oldBlob: string | null;
  newBlob: string | null;
  /** Git's mode on each side (`100644`, `100755`, `120000` for a link, `160000` for a submodule). */
  oldMode: string | null;
  newMode: string | null;
  linesAdded: number;
  linesRemoved: number;
  /** Git saw binary content (numstat `-`), so no lines were counted. */
  binary: boolean;
  /** The changed line ranges (`git diff -U0` hunks): 1-based starts, counts 0 for a pure insertion or deletion. */
  hunks: DiffHunk[];
}

/** One hunk: `oldLines` lines at `oldStart` became `newLines` lines at `newStart`. */
export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
}

const ZERO_ID = /^0+$/;

/**
 * The files that differ from commit `base` to commit `head`, or, when `head` is null, to the
 * worktree at `root` (tracked changes, staged or not, and untracked files that are not ignored).
 * Both commits must be full ids (the caller resolves refs). Sorted by path.
 */
export async function diffFiles(root: string, base: string, head: string | null): Promise<DiffEntry[]> {
  const sides = head === null ? [base] : [base, head];
  // One process gives the three listings: raw entries and numstat lines (NUL-separated), an empty
  // record, then the -U0 patch whose hunk headers say which lines changed. Each spawn costs the
  // daemon's thread several milliseconds once its heap is large.
  const [output, untracked] = await Promise.all([
    checked(root, ['-c', 'core.quotepath=off', 'diff', '--no-ext-diff', '--no-textconv', '--no-renames', '--no-color', '-z',
      '--no-abbrev', '--raw', '--numstat', '--patch', '-U0', '--src-prefix=a/', '--dst-prefix=b/', ...sides, '--']),
    head === null ? checked(root, ['ls-files', '-z', '--others', '--exclude-standard', '--full-name']) : Promise.resolve(null),
  ]);
  const entries = new Map<string, DiffEntry>();
  const patchAt = listingEnd(output);
  parseListing(output.subarray(0, patchAt), entries);
  parseHunks(output.subarray(patchAt), entries);
  if (untracked !== null) {
    for (const part of splitNul(untracked)) {
      const path = part.toString('utf8');
      if (path === '' || entries.has(path)) continue;
      entries.set(path, {
        path, status: 'added', oldBlob: null, newBlob: null, oldMode: null, newMode: null, linesAdded: 0, linesRemoved: 0, binary: false, hunks: [],
      });
    }
  }
  return [...entries.values()].sort((a, b) => compareCodePoints(a.path, b.path));
}

/**
 * Where the NUL-separated listing ends and the patch begins: just past the empty record git
 * writes between them (every listing record is non-empty). The whole output when there is none.
 */
function listingEnd(output: Buffer): number {
  const separator = output.indexOf('\0\0');
  return separator < 0 ? output.length : separator + 2;
}

async function checked(root: string, args: string[]): Promise<Buffer> {
  const result = await runGit(root, args);
  if (result.exitCode !== 0) throw gitFailure(root, args, result);
  return result.stdout;
}

/**
 * `--raw --numstat -z`: `:<old mode> <new mode> <old id> <new id> <status>\0<path>\0` per file,
 * then `<added>\t<removed>\t<path>\0` per file (`-\t-\t` for binary content).
 */
function parseListing(output: Buffer, into: Map<string, DiffEntry>): void {
  const parts = splitNul(output);
  for (let index = 0; index < parts.length; index++) {
    const text = parts[index]!.toString('utf8');
    if (text.startsWith(':')) {
      const path = parts[++index]?.toString('utf8');
      if (path !== undefined) addRaw(text, path, into);
      continue;
    }
    const match = /^(-|\d+)\t(-|\d+)\t([\s\S]*)$/.exec(text);
    const entry = match ? into.get(match[3]!) : undefined;
    if (!match || !entry) continue;
    if (match[1] === '-' || match[2] === '-') entry.binary = true;
    else {
      entry.linesAdded = Number(match[1]);
      entry.linesRemoved = Number(match[2]);
    }
  }
}

function addRaw(header: string, path: string, into: Map<string, DiffEntry>): void {
  const fields = header.replace(/^:/, '').split(' ');
  if (fields.length < 5) return;
  const [oldMode, newMode, oldId, newId, letter] = fields as [string, string, string, string, string];
  const status = letter.startsWith('A') ? 'added' : letter.startsWith('D') ? 'removed' : 'modified';
  into.set(path, {
    path, status,
    oldBlob: status === 'added' || ZERO_ID.test(oldId) ? null : oldId,
    newBlob: status === 'removed' || ZERO_ID.test(newId) ? null : newId,
    oldMode: status === 'added' ? null : oldMode,
    newMode: status === 'removed' ? null : newMode,
    linesAdded: 0, linesRemoved: 0, binary: false, hunks: [],
  });
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The `-U0` patch's hunk headers, by the file of the `--- a/` / `+++ b/` lines before them. */
function parseHunks(output: Buffer, into: Map<string, DiffEntry>): void {
  let oldPath: string | null = null;
  let current: DiffEntry | undefined;
  for (const line of output.toString('utf8').split('\n')) {
    if (line.startsWith('diff --git ')) {
      oldPath = null;
      current = undefined;
    } else if (line.startsWith('--- ')) {
      oldPath = patchPath(line.slice(4), 'a/');
    } else if (line.startsWith('+++ ')) {
      const newPath = patchPath(line.slice(4), 'b/');
      current = into.get(newPath ?? oldPath ?? '');
    } else if (current !== undefined && line.startsWith('@@ ')) {
      const match = HUNK_HEADER.exec(line);
      if (!match) continue;
      current.hunks.push({
        oldStart: Number(match[1]), oldLines: match[2] === undefined ? 1 : Number(match[2]),
        newStart: Number(match[3]), newLines: match[4] === undefined ? 1 : Number(match[4]),
      });
    }
  }
}

/** The path of a `---`/`+++` line (null for /dev/null); a quoted one is unquoted (C escapes, octal bytes). */
function patchPath(text: string, prefix: string): string | null {
  // Git ends the name with a tab when it holds a space (so patch(1) finds its end).
  let path = text.endsWith('\t') ? text.slice(0, -1) : text;
  if (path === '/dev/null') return null;
  if (path.startsWith('"') && path.endsWith('"')) path = unquote(path.slice(1, -1));
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

function unquote(text: string): string {
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, t: 9, r: 13, '"': 34, '\\': 92, a: 7, b: 8, f: 12, v: 11 };
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char !== '\\') {
      bytes.push(...Buffer.from(char, 'utf8'));
      continue;
    }
    const next = text[index + 1] ?? '';
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(text.slice(index + 1, index + 4), 8));
      index += 3;
    } else {
      bytes.push(escapes[next] ?? next.charCodeAt(0));
      index += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
