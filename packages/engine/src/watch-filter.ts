/**
 * Watch filter: answers, one path at a time, whether the live watcher may skip a worktree path
 * because the index would never admit anything at or below it (`ignores`), and whether such a
 * skipped path must still be reported when it appears or goes because the index names it in an
 * `excluded_material` diagnostic (`reports`). Owns only the caching of the rules for those
 * questions; the rules themselves are admission's (`admitPath`, `excludedDirectoryReason`) and
 * the .gitignore matcher's, both in @repograph/graph. Sources of ignore rules: every .gitignore
 * from the root down (read lazily, cached, refreshed through `invalidate`) and the repository's
 * info/exclude. Files git tracks are never ignored, even when a pattern matches them (git lists
 * tracked files whatever .gitignore says); which tracked files an ignore pattern matches is asked
 * of git once per invalidation, through prepare() without holding the thread (the watcher awaits
 * it before each walk), else synchronously on first need. It errs towards watching and reporting: an unknown
 * entry type is ignored only when it would be ignored as a file and as a directory, and reported
 * when it would be reported as either.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { admitPath, DEFAULT_MATERIAL_POLICY, excludedDirectoryReason, GitignoreRules, POLICY_FILE_NAME, type MaterialPolicy } from '@repograph/graph';
import { gitEnvironment, runGit } from '@repograph/store';
import { readRegularTextSync } from './regular-file.js';

export interface WatchFilter {
  /**
   * True when nothing at or below this root-relative POSIX path can be admitted to the index,
   * so it need not be watched. `isDirectory` undefined means the entry type is unknown.
   */
  ignores(relativePath: string, isDirectory: boolean | undefined): boolean;
  /**
   * True for an ignored path whose appearance and disappearance the watcher must still report,
   * without watching it or looking inside: admission excludes it by its own name or tags (a
   * folder such as vendor/ or .idea/, a file such as AGENTS.md or image.png), so the
   * index names it in an `excluded_material` diagnostic, as long as git lists it (or, for a
   * folder, something below it): its parent is neither ignored nor excluded, it is not named
   * `.git`, and it is not gitignored unless tracked. Outside git an excluded folder is reported
   * even when gitignored (the walk names every excluded folder it meets, see scanDirectory).
   * `isDirectory` undefined means the entry type is unknown.
   */
  reports(relativePath: string, isDirectory: boolean | undefined): boolean;
  /**
   * Forgets what was derived from one ignore file (a root-relative `.gitignore` path, or any
   * other path for the repository's info/exclude). Call it when such a file is created, changed
   * or removed; the next question re-reads it.
   */
  invalidate(relativeGitignorePath: string): void;
  /**
   * Asks git, without holding the thread, for what the answers above would otherwise ask it
   * synchronously on first need (the tracked files an ignore pattern matches), once per
   * invalidation; the watcher awaits it before each walk. Never rejects.
   */
  prepare(): Promise<void>;
}

/** Creates the filter of one worktree; `root` is its absolute top-level directory. */
export function createWatchFilter(root: string, policy: MaterialPolicy = DEFAULT_MATERIAL_POLICY): WatchFilter {
  const rulesByDirectory = new Map<string, GitignoreRules | null>();
  const directoryIgnored = new Map<string, boolean>();
  let infoExclude: GitignoreRules | null | undefined;
  let tracked: Set<string> | undefined;
  /** Bumped by invalidate(): a listing asked before it is stale when it arrives. */
  let generation = 0;
  let preparing: { generation: number; done: Promise<void> } | null = null;
  const isGit = pathExists(join(root, '.git'));

  const rulesOf = (directory: string): GitignoreRules | null => {
    let rules = rulesByDirectory.get(directory);
    if (rules === undefined) {
      const text = readText(join(root, directory, '.gitignore'));
      rules = text === null ? null : new GitignoreRules(directory, text);
      rulesByDirectory.set(directory, rules);
    }
    return rules;
  };

  /** The deepest matching .gitignore rule decides; info/exclude comes last, as in git. */
  const gitignored = (path: string, isDirectory: boolean): boolean => {
    for (let directory = parentOf(path); ; directory = parentOf(directory)) {
      const verdict = rulesOf(directory)?.match(path, isDirectory) ?? null;
      if (verdict !== null) return verdict;
      if (directory === '') break;
    }
    if (infoExclude === undefined) infoExclude = readInfoExclude(root);
    return infoExclude?.match(path, isDirectory) ?? false;
  };

  const isTracked = (path: string): boolean => {
    if (tracked === undefined) tracked = trackedIgnoredPaths(root);
    return tracked.has(path);
  };

  const ignoredAs = (path: string, isDirectory: boolean): boolean => {
    const parent = parentOf(path);
    if (parent !== '' && ignoredDirectory(parent)) return true;
    const excluded = isDirectory
      ? excludedDirectoryReason(path.slice(path.lastIndexOf('/') + 1), policy) !== null
      : admitPath(path, 0, policy).action === 'exclude';
    if (excluded) return true;
    return gitignored(path, isDirectory) && !isTracked(path);
  };

  const ignoredDirectory = (path: string): boolean => {
    let ignored = directoryIgnored.get(path);
    if (ignored === undefined) {
      ignored = ignoredAs(path, true);
      directoryIgnored.set(path, ignored);
    }
    return ignored;
  };

  /** Excluded by its own name or tags below a watched directory, and listed by git (or the walk). */
  const reportedAs = (path: string, isDirectory: boolean): boolean => {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (name === '.git') return false; // git lists nothing of a repository's own folder (or file)
    const parent = parentOf(path);
    if (parent !== '' && ignoredDirectory(parent)) return false;
    // With the parent admitted, an exclusion can only come from the path's own name or tags.
    const excluded = isDirectory
      ? excludedDirectoryReason(name, policy) !== null
      : admitPath(path, 0, policy).action === 'exclude';
    if (!excluded) return false;
    if (isDirectory && !isGit) return true;
    return !gitignored(path, isDirectory) || isTracked(path);
  };

  return {
    ignores(relativePath, isDirectory) {
      const path = relativePath.replace(/^\.\/|\/+$/g, '');
      if (path === '' || path === '.') return false;
      // The policy file is always watched, whatever the policy says of its tags or .gitignore of
      // its name: a daemon reloads the policy when it changes.
      if (path === POLICY_FILE_NAME) return false;
      if (isDirectory === true) return ignoredDirectory(path);
      if (isDirectory === false) return ignoredAs(path, false);
      // Unknown type: only the parent's verdict is cached, so file paths do not fill the cache.
      return ignoredAs(path, false) && ignoredAs(path, true);
    },
    reports(relativePath, isDirectory) {
      const path = relativePath.replace(/^\.\/|\/+$/g, '');
      if (path === '' || path === '.') return false;
      if (isDirectory !== undefined) return reportedAs(path, isDirectory);
      return reportedAs(path, false) || reportedAs(path, true);
    },
    invalidate(relativeGitignorePath) {
      const path = relativeGitignorePath.replace(/^\.\//, '');
      if (path === '.gitignore' || path.endsWith('/.gitignore')) rulesByDirectory.delete(parentOf(path));
      else infoExclude = undefined;
      directoryIgnored.clear();
      tracked = undefined;
      generation++;
    },
    prepare() {
      if (tracked !== undefined) return Promise.resolve();
      if (preparing?.generation === generation) return preparing.done;
      const asked = generation;
      const done = trackedIgnoredPathsAsync(root).then((paths) => {
        if (asked === generation && tracked === undefined) tracked = paths;
      });
      preparing = { generation: asked, done };
      return done;
    },
  };
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function pathExists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** A rules file's text; null when absent, not a regular file (a FIFO is never opened) or unreadable. */
function readText(path: string): string | null {
  return readRegularTextSync(path, MAX_RULES_BYTES);
}

/** Larger ignore files are not read (no real one comes near). */
const MAX_RULES_BYTES = 16 * 1024 * 1024;

/** The repository's info/exclude (in the common git dir, shared by linked worktrees). */
function readInfoExclude(root: string): GitignoreRules | null {
  const dotGit = join(root, '.git');
  let gitDir: string;
  try {
    if (statSync(dotGit).isDirectory()) gitDir = dotGit;
    else {
      const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(readText(dotGit) ?? '');
      if (!pointer) return null;
      gitDir = resolve(root, pointer[1]!);
    }
  } catch {
    return null;
  }
  const common = readText(join(gitDir, 'commondir'))?.trim();
  const text = readText(join(common ? resolve(gitDir, common) : gitDir, 'info', 'exclude'));
  return text === null ? null : new GitignoreRules('', text);
}

/**
 * Tracked files that an ignore pattern matches, plus their ancestor directories: git keeps
 * listing them, so the index keeps them and the watcher must too. Usually empty; asked of git
 * once and again after each invalidation. Outside a git worktree (or if git fails) it is empty.
 */
function trackedIgnoredPaths(root: string): Set<string> {
  let output: string;
  try {
    statSync(join(root, '.git'));
    // gitEnvironment(): a GIT_DIR or GIT_INDEX_FILE the daemon inherited (from a hook) must not
    // make git list another repository's files.
    output = execFileSync('git', TRACKED_IGNORED, {
      cwd: root, env: gitEnvironment(), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000,
    });
  } catch {
    return new Set();
  }
  return withAncestors(output);
}

/** trackedIgnoredPaths through the store's git runner (the daemon's spawner), never holding the thread. */
async function trackedIgnoredPathsAsync(root: string): Promise<Set<string>> {
  if (!pathExists(join(root, '.git'))) return new Set();
  try {
    const listed = await runGit(root, TRACKED_IGNORED, 30_000);
    return listed.exitCode === 0 ? withAncestors(listed.stdout.toString('utf8')) : new Set();
  } catch {
    return new Set();
  }
}

const TRACKED_IGNORED = ['ls-files', '-z', '--cached', '--ignored', '--exclude-standard'];

/** The NUL-separated paths of `output` and every directory above them. */
function withAncestors(output: string): Set<string> {
  const paths = new Set<string>();
  for (const file of output.split('\0')) {
    for (let path = file; path !== '' && !paths.has(path); path = parentOf(path)) paths.add(path);
  }
  return paths;
}
