// Real pull requests for the review bench: a scratch repository whose `main` is one published
// release of a package and whose `release` branch is the next one (the tree replaced in one
// commit), or only the first N files of that change (sorted by path). Owns making those
// repositories and the pushes and rebases the bench applies to them; measures nothing.
import fs from 'node:fs';
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

/** Commits `files` ({path: text}) on `branch`, then checks out main again; returns the new commit. */
export async function commitOn(repo, branch, files, message) {
  await git(repo, 'checkout', '-q', branch);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    if (text === null) fs.rmSync(path.join(repo, file), { force: true });
    else fs.writeFileSync(path.join(repo, file), text);
  }
  await git(repo, 'add', '-A');
  await git(repo, 'commit', '-qm', message);
  const commit = (await git(repo, 'rev-parse', 'HEAD')).stdout.trim();
  await git(repo, 'checkout', '-q', 'main');
  return commit;
}

/** Moves main one unrelated commit ahead and rebases `branch` onto it (the same change on a moved base). */
export async function rebaseOntoMovedMain(repo, branch) {
  await commitOn(repo, 'main', { 'REVIEW_BENCH_NOTES.md': '# moved base\n' }, 'moved base');
  await git(repo, 'checkout', '-q', branch);
  await git(repo, '-c', 'core.editor=true', 'rebase', '-q', 'main');
  await git(repo, 'checkout', '-q', 'main');
}
