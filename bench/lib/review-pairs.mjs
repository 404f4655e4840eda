// Real pull requests for the review bench: a scratch repository whose `main` is one published
// release of a package and whose `release` branch is the next one (the tree replaced in one
// commit), or only the first N files of that change (sorted by path). Owns making those
// repositories and the pushes and rebases the bench applies to them; measures nothing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { git, scratchRepository } from './daemon-process.mjs';

/** Copies every file of `from` (not its .git) over the worktree of `repo`, after removing what `repo` tracks. */
function replaceTree(repo, from) {
  for (const entry of fs.readdirSync(repo)) if (entry !== '.git') fs.rmSync(path.join(repo, entry), { recursive: true, force: true });
  for (const entry of fs.readdirSync(from)) {
    if (entry === '.git') continue;
    fs.cpSync(path.join(from, entry), path.join(repo, entry), { recursive: true, verbatimSymlinks: true });
  }
}

/**
 * A repository with `main` at the base corpus and `release` one commit ahead at the head corpus
 * (all of its change, or the first `limitFiles` changed paths). Checked out: main.
 */
export async function pairRepository(baseDir, headDir, label, { limitFiles = null } = {}) {
  const scratch = await scratchRepository(baseDir, label);
  const { repo } = scratch;
  await git(repo, 'checkout', '-qb', 'release');
  replaceTree(repo, headDir);
  await git(repo, 'add', '-A');
  if (limitFiles !== null) {
    const changed = (await git(repo, 'diff', '--cached', '--name-only', '-z', '--no-renames', 'main')).stdout.split('\0').filter(Boolean).sort();
    const kept = new Set(changed.slice(0, limitFiles));
    const dropped = changed.filter((file) => !kept.has(file));
    const onMain = new Set((await git(repo, 'ls-tree', '-r', '-z', '--name-only', 'main')).stdout.split('\0').filter(Boolean));
    // Put every dropped path back as main has it (or away, when main lacks it).
    for (let index = 0; index < dropped.length; index += 500) {
      const slice = dropped.slice(index, index + 500);
      await git(repo, 'reset', '-q', 'main', '--', ...slice);
      const restore = slice.filter((file) => onMain.has(file));
      if (restore.length > 0) await git(repo, 'checkout', '-q', 'main', '--', ...restore);
    }
    await git(repo, 'clean', '-fdq');
  }
  await git(repo, 'commit', '-qm', 'release', '--allow-empty');
  await git(repo, 'checkout', '-q', 'main');
  const files = (await git(repo, 'diff', '--name-only', '-z', '--no-renames', 'main', 'release')).stdout.split('\0').filter(Boolean);
  return { ...scratch, changedFiles: files.length };
}

/**
 * Commits `files` ({path: text, or null to delete}) on `branch` and returns the new commit. A
 * branch other than main is committed to with git's plumbing (a temporary index), as a fetched
 * push would arrive: the daemon's worktree is never touched, so no refresh of it competes with
 * what is measured. main (checked out) is committed to through the worktree.
 */
export async function commitOn(repo, branch, files, message) {
  if (branch === 'main') return commitThroughWorktree(repo, branch, files, message);
  const index = path.join(os.tmpdir(), `rg-bench-index-${process.pid}-${Date.now()}`);
  const env = {
    ...process.env, GIT_INDEX_FILE: index, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@localhost',
    GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@localhost', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null',
  };
  const plumbing = (args, input) => execFileSync('git', args, { cwd: repo, env, input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trim();
  try {
    plumbing(['read-tree', branch]);
    for (const [file, text] of Object.entries(files)) {
      if (text === null) plumbing(['update-index', '--force-remove', '--', file]);
      else plumbing(['update-index', '--add', '--cacheinfo', `100644,${plumbing(['hash-object', '-w', '--stdin'], text)},${file}`]);
    }
    const parent = plumbing(['rev-parse', branch]);
    const commit = plumbing(['commit-tree', plumbing(['write-tree']), '-p', parent, '-m', message]);
    plumbing(['update-ref', `refs/heads/${branch}`, commit, parent]);
    return commit;
  } finally {
    fs.rmSync(index, { force: true });
  }
}

async function commitThroughWorktree(repo, branch, files, message) {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    if (text === null) fs.rmSync(path.join(repo, file), { force: true });
    else fs.writeFileSync(path.join(repo, file), text);
  }
  await git(repo, 'add', '-A');
  await git(repo, 'commit', '-qm', message);
  return (await git(repo, 'rev-parse', 'HEAD')).stdout.trim();
}

/** Moves main one unrelated commit ahead and rebases `branch` onto it (the same change on a moved base). */
export async function rebaseOntoMovedMain(repo, branch) {
  await commitOn(repo, 'main', { 'REVIEW_BENCH_NOTES.md': '# moved base\n' }, 'moved base');
  await git(repo, 'checkout', '-q', branch);
  await git(repo, '-c', 'core.editor=true', 'rebase', '-q', 'main');
  await git(repo, 'checkout', '-q', 'main');
}
