/**
 * A commit's listing (what `listTree` gives) derived from the listing of a nearby commit, by
 * comparing the two commits' trees through the repository's long-lived object reader
 * (git-objects.ts): only subtrees whose ids differ are read, so a push that changes a few files
 * costs a few object reads instead of a git process listing every file. The result equals
 * `listTree`'s, order included (a recursive listing is in byte order of the full paths).
 * Gives up (null) past a bound of changed entries or tree reads, or on an object it cannot
 * read; the caller then lists the tree with git. Owns the tree comparison; listTree stays the
 * reference (git-tree-diff.test.ts compares them).
 */
import { gitObjects, type GitObjectReader } from './git-objects.js';
import type { SkippedEntry, TreeEntry, TreeListing } from './git.js';
import { compareCodePoints } from './keys.js';

const MODE_TREE = '40000';
const MODE_SYMLINK = '120000';
const MODE_GITLINK = '160000';
const REGULAR_MODES = new Set(['100644', '100755', '100664']);

/** The bounds of one derivation: entries added, changed or removed, and tree objects read. */
export interface TreeDiffLimits {
  maxChangedEntries: number;
  maxTreeReads: number;
}

const DEFAULT_LIMITS: TreeDiffLimits = { maxChangedEntries: 2_000, maxTreeReads: 2_000 };

/** One entry of a tree object. */
interface RawEntry {
  mode: string;
  oid: string;
}

/** Gives up a derivation (caught below: the caller lists the tree with git). */
class GiveUp extends Error {}

/**
 * The listing of commit `to`, from the listing of commit `from` (both full ids); null when the
 * derivation gives up.
 */
export async function listTreeFrom(root: string, from: string, fromListing: TreeListing, to: string, limits: TreeDiffLimits = DEFAULT_LIMITS): Promise<TreeListing | null> {
  const reader = gitObjects(root);
  const oidBytes = from.length === 64 ? 32 : 20;
  const entries = new Map<string, TreeEntry>(fromListing.entries.map((entry) => [entry.path, entry]));
  const skipped = new Map<string, SkippedEntry>(fromListing.skipped.map((entry) => [entry.path, entry]));
  const budget = { changed: 0, reads: 0, limits };
  try {
    const [fromTree, toTree] = await Promise.all([treeOf(reader, from), treeOf(reader, to)]);
    await compareTrees(reader, oidBytes, '', fromTree, toTree, entries, skipped, budget);
  } catch (error) {
    if (error instanceof GiveUp) return null;
    throw error;
  }
  const byPath = (a: { path: string }, b: { path: string }): number => compareCodePoints(a.path, b.path);
  return { entries: [...entries.values()].sort(byPath), skipped: [...skipped.values()].sort(byPath) };
}

interface Budget {
  changed: number;
  reads: number;
  limits: TreeDiffLimits;
}

/** The root tree id of a commit. */
async function treeOf(reader: GitObjectReader, commit: string): Promise<string> {
  const object = await reader.read(commit);
  if (object === null || object.type !== 'commit') throw new GiveUp();
  const match = /^tree ([0-9a-f]+)\n/.exec(object.bytes.toString('latin1', 0, 128));
  if (!match) throw new GiveUp();
  return match[1]!;
}

/** Applies the difference between trees `before` and `after` (at `prefix`) to the path maps. */
async function compareTrees(
  reader: GitObjectReader, oidBytes: number, prefix: string, before: string | null, after: string | null,
  entries: Map<string, TreeEntry>, skipped: Map<string, SkippedEntry>, budget: Budget,
): Promise<void> {
  if (before === after) return;
  const [old, now] = await Promise.all([readTree(reader, oidBytes, before, budget), readTree(reader, oidBytes, after, budget)]);
  const names = new Set([...old.keys(), ...now.keys()]);
  const work: Array<Promise<void>> = [];
  for (const name of names) {
    const was = old.get(name);
    const is = now.get(name);
    if (was && is && was.mode === is.mode && was.oid === is.oid) continue;
    const path = `${prefix}${name}`;
    const wasTree = was?.mode === MODE_TREE;
    const isTree = is?.mode === MODE_TREE;
    if (was && !wasTree) remove(path, entries, skipped, budget);
    if (wasTree || isTree) {
      // A folder changed, appeared or went (or a file became one): compare below it.
      work.push(compareTrees(reader, oidBytes, `${path}/`, wasTree ? was!.oid : null, isTree ? is!.oid : null, entries, skipped, budget));
    }
    if (is && !isTree) work.push(add(reader, path, is, entries, skipped, budget));
  }
  await Promise.all(work);
}

/** A tree object's entries by name (none for a null id). */
async function readTree(reader: GitObjectReader, oidBytes: number, oid: string | null, budget: Budget): Promise<Map<string, RawEntry>> {
  const entries = new Map<string, RawEntry>();
  if (oid === null) return entries;
  if (++budget.reads > budget.limits.maxTreeReads) throw new GiveUp();
  const object = await reader.read(oid);
  if (object === null || object.type !== 'tree') throw new GiveUp();
  const bytes = object.bytes;
  let offset = 0;
  while (offset < bytes.length) {
    const space = bytes.indexOf(0x20, offset);
    const nul = bytes.indexOf(0x00, space + 1);
    if (space < 0 || nul < 0 || nul + 1 + oidBytes > bytes.length) throw new GiveUp();
    const mode = bytes.toString('latin1', offset, space);
    const name = bytes.toString('utf8', space + 1, nul);
    entries.set(name, { mode, oid: bytes.toString('hex', nul + 1, nul + 1 + oidBytes) });
    offset = nul + 1 + oidBytes;
  }
  return entries;
}

function remove(path: string, entries: Map<string, TreeEntry>, skipped: Map<string, SkippedEntry>, budget: Budget): void {
  count(budget);
  entries.delete(path);
  skipped.delete(path);
}

/** Adds (or replaces) a non-tree entry as ls-tree lists it: a blob with its size, else skipped. */
async function add(reader: GitObjectReader, path: string, entry: RawEntry, entries: Map<string, TreeEntry>, skipped: Map<string, SkippedEntry>, budget: Budget): Promise<void> {
  count(budget);
  entries.delete(path);
  skipped.delete(path);
  if (!REGULAR_MODES.has(entry.mode)) {
    skipped.set(path, { path, mode: entry.mode, reason: entry.mode === MODE_GITLINK ? 'submodule' : entry.mode === MODE_SYMLINK ? 'symlink' : 'other' });
    return;
  }
  const blob = await reader.read(entry.oid);
  if (blob === null || blob.type !== 'blob') throw new GiveUp();
  entries.set(path, { path, blobId: entry.oid, mode: entry.mode, size: blob.bytes.length });
}

function count(budget: Budget): void {
  if (++budget.changed > budget.limits.maxChangedEntries) throw new GiveUp();
}
