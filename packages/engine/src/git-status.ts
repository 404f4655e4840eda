/**
 * A worktree's git status for index.status: how many files differ from HEAD (tracked files
 * modified, added, deleted, renamed or unmerged, and untracked files git does not ignore) and
 * how far the branch is ahead of and behind its upstream. One `git status --porcelain=v2
 * --branch --untracked-files=normal -z` with GIT_OPTIONAL_LOCKS=0 (git-process.ts), so it never
 * takes the index lock or writes into `.git`; concurrent callers share runs. Owns the command and
 * the parsing of its output.
 */
import { FreshRuns } from './fresh-runs.js';
import { gitAsync } from './git-process.js';

export interface WorktreeGitStatus {
  /**
   * Entries git status lists: tracked files that differ from HEAD or the index, plus untracked
   * files not ignored (an untracked folder counts once, as `--untracked-files=normal` shows it).
   */
  dirtyFiles: number;
  /** The checked-out branch (`main`), or null on a detached HEAD. */
  branch: string | null;
  /** The branch's upstream (`origin/main`), or null when it has none. */
  upstream: string | null;
  /** Commits on the branch and not on its upstream, and the reverse; null without an upstream (or when it is gone). */
  ahead: number | null;
  behind: number | null;
}

/** Longest a status may take before it is given up on (answered null). */
const STATUS_TIMEOUT_MS = 10_000;

/**
 * The status of the worktree at `root`, or null when git cannot tell (not a worktree, git failed
 * or timed out). Many clients polling index.status at once share runs (fresh-runs.ts): at most
 * one git status per worktree is under way, and each caller gets one that started after it asked.
 */
export function worktreeGitStatus(root: string): Promise<WorktreeGitStatus | null> {
  return STATUS_RUNS.get(root);
}

const STATUS_RUNS = new FreshRuns<string, WorktreeGitStatus | null>(async (root) => {
  const output = await gitAsync(root, ['status', '--porcelain=v2', '--branch', '--untracked-files=normal', '-z'], STATUS_TIMEOUT_MS);
  return output === null ? null : parseStatus(output.toString('utf8'));
});

/** Parses porcelain v2 with `-z`: headers `# branch.*`, entries `1`, `2` (followed by the original path), `u`, `?`. */
export function parseStatus(text: string): WorktreeGitStatus {
  const status: WorktreeGitStatus = { dirtyFiles: 0, branch: null, upstream: null, ahead: null, behind: null };
  const records = text.split('\0');
  for (let index = 0; index < records.length; index++) {
    const record = records[index]!;
    if (record.startsWith('# branch.head ')) {
      const head = record.slice('# branch.head '.length);
      status.branch = head === '(detached)' ? null : head;
    } else if (record.startsWith('# branch.upstream ')) {
      status.upstream = record.slice('# branch.upstream '.length);
    } else if (record.startsWith('# branch.ab ')) {
      const match = /^# branch\.ab \+(\d+) -(\d+)$/.exec(record);
      if (match) {
        status.ahead = Number(match[1]);
        status.behind = Number(match[2]);
      }
    } else if (record.startsWith('1 ') || record.startsWith('u ') || record.startsWith('? ')) {
      status.dirtyFiles++;
    } else if (record.startsWith('2 ')) {
      status.dirtyFiles++;
      index++; // a rename or copy: the next record is the path it came from
    }
  }
  return status;
}
