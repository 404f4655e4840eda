// Fetching a published package into a corpus: the part bench/corpora.mjs (the accuracy, latency and
// review corpora) and bench/lib/facts-corpora.mjs (the architecture-fact corpora) share. A package
// comes from the npm registry (`npm pack`, unpacked, nothing installed) or Debian (`apt-get
// download` + `dpkg -x`, never installed); one folder of it becomes a git repository with one commit
// (fixed author and date, so the same files give the same commit id), swapped into place whole, and
// a marker file beside it records the source and commit. Each caller owns its table, folder names,
// marker names and what identifies a fetched copy (its source key); this file owns the fetching.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from './exec.mjs';
import { ensureDir } from './paths.mjs';

/**
 * The marker at `markerFile` when it records `source` and `dir` is a git repository (a complete
 * cached copy), else null (missing, unreadable or stale: the corpus must be fetched).
 */
export function readCompleteMarker(markerFile, source, dir) {
  try {
    const marker = JSON.parse(fs.readFileSync(markerFile, 'utf8'));
    const complete = JSON.stringify(marker.source) === JSON.stringify(source) &&
      fs.existsSync(path.join(dir, '.git'));
    return complete ? marker : null;
  } catch {
    return null;
  }
}

/**
 * Fetches `spec` (its `npm` NAME@VERSION or `deb` NAME=VERSION) and makes its `folder` the git
 * repository `target`, then writes `markerFile` ({name, source, commit, fetchedAt}). Optional spec
 * fields: `zip` (an archive inside the package, unpacked first; `folder` is then inside it),
 * `exclude` (paths relative to `folder` removed before the commit), `keepFolderName` (the folder
 * goes under the repository root by its own name). `label` names the kind of corpus in the log line
 * and the scratch folder's name (`scratchPrefix`). Returns `target`.
 */
export async function fetchCorpusRepository(spec, { name, target, markerFile, source, label, scratchPrefix, log = () => {} }) {
  ensureDir(path.dirname(target));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), scratchPrefix));
  try {
    log(`fetching ${label} ${name} (${spec.npm ?? spec.deb})`);
    let unpacked = spec.npm ? await unpackNpm(spec.npm, scratch) : await unpackDebian(spec.deb, scratch);
    if (spec.zip) {
      const unzipTo = ensureDir(path.join(scratch, 'unzipped'));
      await run('unzip', ['-q', path.join(unpacked, spec.zip), `${spec.folder}/*`, '-d', unzipTo]);
      unpacked = unzipTo;
    }
    const from = path.join(unpacked, spec.folder);
    if (!fs.statSync(from, { throwIfNoEntry: false })?.isDirectory()) {
      throw new Error(`bench: ${spec.npm ?? spec.deb} has no folder ${spec.folder}`);
    }
    for (const excluded of spec.exclude ?? []) fs.rmSync(path.join(from, excluded), { recursive: true, force: true });
    // Build the repository beside the target, then swap it in, so an interrupted fetch leaves no
    // half-made corpus behind that looks complete.
    const staging = `${target}.staging-${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    const copyTo = spec.keepFolderName ? path.join(staging, path.basename(spec.folder)) : staging;
    ensureDir(path.dirname(copyTo));
    fs.cpSync(from, copyTo, { recursive: true, verbatimSymlinks: true });
    const commit = await commitAll(staging);
    fs.rmSync(markerFile, { force: true });
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
    const marker = { name, source, commit, fetchedAt: new Date().toISOString() };
    fs.writeFileSync(markerFile, JSON.stringify(marker, null, 2) + '\n');
    return target;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** `npm pack NAME@VERSION` into scratch and unpacks it; returns the folder holding package/. */
export async function unpackNpm(pkg, scratch) {
  const packed = await run('npm', ['pack', pkg, '--json', '--silent'], { cwd: scratch });
  const [info] = JSON.parse(packed.stdout);
  const unpackTo = ensureDir(path.join(scratch, 'unpacked'));
  await run('tar', ['xzf', path.join(scratch, info.filename), '-C', unpackTo]);
  return unpackTo;
}

/**
 * `apt-get download NAME=VERSION` into scratch (after one `apt-get update` if the first attempt
 * fails, since a fresh machine has no package lists) and `dpkg -x` it; returns the unpacked root.
 */
export async function unpackDebian(deb, scratch) {
  const download = () => run('apt-get', ['download', deb], { cwd: scratch, allowFailure: true });
  let result = await download();
  if (result.status !== 0) {
    await run('apt-get', ['update', '-qq']);
    result = await download();
  }
  if (result.status !== 0) {
    throw new Error(`bench: apt-get download ${deb} failed:\n${result.stderr.trim()}`);
  }
  const file = fs.readdirSync(scratch).find((entry) => entry.endsWith('.deb'));
  if (!file) throw new Error(`bench: apt-get download ${deb} wrote no .deb file`);
  const unpackTo = ensureDir(path.join(scratch, 'unpacked'));
  await run('dpkg', ['-x', path.join(scratch, file), unpackTo]);
  return unpackTo;
}

/**
 * Makes a folder a git repository with one commit of everything in it. Author, committer and
 * dates are fixed, so the same files always give the same commit id.
 */
export async function commitAll(dir) {
  const env = {
    GIT_AUTHOR_DATE: '2000-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2000-01-01T00:00:00Z',
    GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null',
  };
  const git = (...args) => run('git', args, { cwd: dir, env });
  await git('-c', 'init.defaultBranch=main', 'init', '-q');
  await git('add', '-A');
  await git('-c', 'user.name=bench', '-c', 'user.email=bench@localhost', '-c', 'commit.gpgsign=false',
    'commit', '-qm', 'corpus');
  return (await git('rev-parse', 'HEAD')).stdout.trim();
}
