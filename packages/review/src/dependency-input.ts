/**
 * What the dependency diff reads: the text of each changed manifest and lockfile on both sides,
 * and the import specifiers of the changed source files (from the head side's facts), so each
 * changed direct dependency can name the changed files that import it. Owns those reads; the
 * parsing and the diff are dependencies/.
 */
import type { ReviewSides } from '@repograph/engine';
import type { ReviewDiagnostic } from './artifact.js';
import { diffDependencies, isDependencyFile } from './dependencies/diff.js';
import type { DependencyChange } from './dependencies/model.js';
import { runOffThread, sidesBytes } from './off-thread.js';
import type { ChangedFile } from './types.js';

/** Below this many bytes of manifest text in all, the diff runs inline. */
const INLINE_BYTES = 512 * 1024;

/** The largest manifest or lockfile read (the parsers refuse smaller sizes for their formats). */
const MAX_DEPENDENCY_FILE_BYTES = 64 * 1024 * 1024;

export async function dependencyChanges(sides: ReviewSides, files: readonly ChangedFile[], diagnostics: ReviewDiagnostic[]): Promise<DependencyChange[]> {
  const manifests = files.filter((file) => isDependencyFile(file.path));
  if (manifests.length === 0) return [];
  const texts: Array<{ path: string; before: string | null; after: string | null }> = [];
  for (const file of manifests) {
    const before = file.status === 'added' ? null : await sides.readText('base', file.path, MAX_DEPENDENCY_FILE_BYTES);
    const after = file.status === 'removed' ? null : await sides.readText('head', file.path, MAX_DEPENDENCY_FILE_BYTES);
    if ((file.status !== 'added' && before === null) || (file.status !== 'removed' && after === null)) {
      diagnostics.push({ path: file.path, message: `${file.path} is binary or over ${MAX_DEPENDENCY_FILE_BYTES / 1024 / 1024} MiB, so its dependency changes are not read` });
      continue;
    }
    texts.push({ path: file.path, before, after });
  }
  // A lockfile tells direct from transitive by its manifest: an unchanged one beside a changed
  // lockfile is passed too (before === after: it adds no change of its own).
  const changedPaths = new Set(manifests.map((file) => file.path));
  for (const sibling of siblingManifests(manifests.map((file) => file.path))) {
    if (changedPaths.has(sibling)) continue;
    const text = await sides.readText('head', sibling, MAX_DEPENDENCY_FILE_BYTES);
    if (text !== null) texts.push({ path: sibling, before: text, after: text });
  }
  const imports = files.filter((file) => file.language !== null && file.status !== 'removed').map((file) => ({
    path: file.path,
    specifiers: [...new Set((sides.factsOf('head', file.path)?.imports ?? []).map((fact) => fact.specifier))].sort(),
  }));
  // Past INLINE_BYTES of manifest text the parse runs in a worker thread (a lockfile of tens of
  // megabytes takes seconds), so it never holds the daemon's thread.
  const result = sidesBytes(texts) < INLINE_BYTES
    ? diffDependencies(texts, imports)
    : await runOffThread<{ files: typeof texts; imports: typeof imports }, ReturnType<typeof diffDependencies>>(
      new URL('./dependencies-worker-main.js', import.meta.url), { files: texts, imports });
  diagnostics.push(...result.diagnostics);
  return result.changes;
}

/** The manifest that says which of a lockfile's packages are direct, by lockfile name. */
const MANIFEST_OF_LOCKFILE: Record<string, string> = {
  'package-lock.json': 'package.json', 'pnpm-lock.yaml': 'package.json', 'yarn.lock': 'package.json',
  'poetry.lock': 'pyproject.toml', 'uv.lock': 'pyproject.toml', 'go.sum': 'go.mod',
};

function siblingManifests(paths: readonly string[]): string[] {
  const siblings = new Set<string>();
  for (const path of paths) {
    const slash = path.lastIndexOf('/');
    const manifest = MANIFEST_OF_LOCKFILE[path.slice(slash + 1)];
    if (manifest) siblings.add(`${path.slice(0, slash + 1)}${manifest}`);
  }
  return [...siblings].sort();
}
