/**
 * The review's dependency diff: every changed manifest and lockfile read on both sides, and each
 * dependency added, removed, upgraded, downgraded or changed, reported once per file that shows
 * it. The rules:
 *   - A lockfile's resolved versions are the change (go.mod's require list counts as one; go.sum
 *     only when no go.mod of its folder is in the change). A manifest's spec change is reported
 *     only for a name that no changed lockfile of its folder, or of a folder above it (a
 *     workspace root), shows changing.
 *   - A dependency is direct when a manifest, or a lockfile's importer list, in the change's
 *     folder or below it declares it (on either side). To mark the direct ones of a lockfile whose
 *     manifest did not change, pass that manifest too with `before` equal to `after`.
 *   - importedBy lists the changed files of the folder importing a direct dependency (imports.ts).
 *   - A file that cannot be read on either side (malformed, over its size limit: read.ts) is a
 *     diagnostic and adds no changes; the other files go on. Nothing here throws. The head side's
 *     reading notes (a skipped line, an include not followed) and go.mod replace directives that
 *     changed are diagnostics too.
 * Owns the placing and ordering; reading is read.ts's, pairing versions changes.ts's.
 */
import type { Ecosystem } from '../types.js';
import { diffReplacements, diffResolved, diffSpecs, type VersionChange } from './changes.js';
import { DEPENDENCY_FORMATS, dependencyFileFormat, isUnderFolder, projectFolderOf, type DependencyFileFormatInfo } from './files.js';
import { importersOf } from './imports.js';
import type {
  DependencyChange,
  DependencyDiagnostic,
  DependencyDiffResult,
  DependencyFileSides,
  DependencyReading,
  ImportsOfFile,
} from './model.js';
import { readDependencyFile } from './read.js';
import { messageOf } from './records.js';

export { isDependencyFile } from './files.js';

/** One file with both sides read (null: absent on that side), or unusable when a side failed. */
interface ReadFile {
  path: string;
  info: DependencyFileFormatInfo;
  folder: string;
  before: DependencyReading | null;
  after: DependencyReading | null;
  usable: boolean;
  /** False for a file passed with before equal to after (read only to mark direct ones). */
  changed: boolean;
}

function readSides(file: DependencyFileSides, diagnostics: DependencyDiagnostic[]): ReadFile | null {
  const format = dependencyFileFormat(file.path);
  if (format === null) {
    diagnostics.push({ path: file.path, message: 'is not a manifest or lockfile this diff reads; skipped' });
    return null;
  }
  const read = (text: string | null, side: 'base' | 'head'): DependencyReading | null | undefined => {
    if (text === null) return null;
    const outcome = readDependencyFile(format, text);
    if (outcome.ok) return outcome.reading;
    const advice = outcome.oversize
      ? 'review its dependency changes by hand'
      : 'fix it (regenerate a lockfile with its package manager) and recompute the review';
    diagnostics.push({ path: file.path, message: `the ${side} side ${outcome.message}; its dependency changes are left out: ${advice}` });
    return undefined;
  };
  const changed = file.before !== file.after;
  const before = read(file.before, 'base');
  const after = changed ? read(file.after, 'head') : before;
  if (changed) for (const message of after?.diagnostics ?? []) diagnostics.push({ path: file.path, message });
  return {
    path: file.path,
    info: DEPENDENCY_FORMATS[format],
    folder: projectFolderOf(file.path),
    before: before ?? null,
    after: after ?? null,
    usable: before !== undefined && after !== undefined,
    changed,
  };
}

const EMPTY_RESOLVED = new Map<string, Set<string>>();
const EMPTY_SPECS = new Map<string, string>();

/** Files whose resolved versions count: lockfiles, and go.sum where no go.mod of its folder changed. */
function resolvingFiles(files: readonly ReadFile[]): ReadFile[] {
  const changedGoMods = files.filter((file) => dependencyFileFormat(file.path) === 'go.mod' && file.changed);
  const goModFolders = new Set(changedGoMods.map((file) => file.folder));
  return files.filter(
    (file) => file.usable && (file.info.role === 'lockfile' || (file.info.role === 'checksums' && !goModFolders.has(file.folder))),
  );
}

function isDeclaredDirect(files: readonly ReadFile[], ecosystem: Ecosystem, name: string, folder: string): boolean {
  return files.some(
    (file) =>
      file.info.ecosystem === ecosystem &&
      isUnderFolder(file.folder, folder) &&
      (file.before?.direct.has(name) === true || file.after?.direct.has(name) === true),
  );
}

function compareText(a: string | null, b: string | null): number {
  const left = a ?? '';
  const right = b ?? '';
  return left < right ? -1 : left > right ? 1 : 0;
}

function compareChanges(a: DependencyChange, b: DependencyChange): number {
  return (
    compareText(a.ecosystem, b.ecosystem) ||
    compareText(a.name, b.name) ||
    compareText(a.manifest, b.manifest) ||
    compareText(a.from, b.from) ||
    compareText(a.to, b.to)
  );
}

/**
 * The dependency changes of a review. `files` are its changed manifests and lockfiles (see
 * isDependencyFile); `importsOfChangedFiles` the head-side import specifiers of its changed files.
 */
export function diffDependencies(
  files: ReadonlyArray<DependencyFileSides>,
  importsOfChangedFiles: ReadonlyArray<ImportsOfFile> = [],
): DependencyDiffResult {
  const diagnostics: DependencyDiagnostic[] = [];
  const read: ReadFile[] = [];
  for (const file of files) {
    if (file.before === null && file.after === null) continue;
    const sides = readSides(file, diagnostics);
    if (sides) read.push(sides);
  }

  const changes: DependencyChange[] = [];
  const place = (into: DependencyChange[], file: ReadFile, change: VersionChange, direct: boolean): void => {
    const ecosystem = file.info.ecosystem;
    const importedBy = direct ? importersOf(ecosystem, change.name, file.folder, importsOfChangedFiles) : [];
    into.push({ ecosystem, ...change, direct, manifest: file.path, importedBy });
  };

  // Folders whose changed lockfile shows a name changing, by "ecosystem name".
  const shownByLockfile = new Map<string, string[]>();
  // A file's changes are kept only when all of them were computed.
  const guarded = (file: ReadFile, step: (into: DependencyChange[]) => void): void => {
    const fileChanges: DependencyChange[] = [];
    try {
      step(fileChanges);
      for (const change of fileChanges) changes.push(change);
    } catch (error) {
      diagnostics.push({ path: file.path, message: `could not be diffed (${messageOf(error)}); its dependency changes are left out` });
    }
  };
  for (const file of resolvingFiles(read)) {
    guarded(file, (into) => {
      const ecosystem = file.info.ecosystem;
      for (const change of diffResolved(ecosystem, file.before?.resolved ?? EMPTY_RESOLVED, file.after?.resolved ?? EMPTY_RESOLVED)) {
        const key = `${ecosystem} ${change.name}`;
        shownByLockfile.set(key, [...(shownByLockfile.get(key) ?? []), file.folder]);
        place(into, file, change, isDeclaredDirect(read, ecosystem, change.name, file.folder));
      }
      const replacementNotes = diffReplacements(file.before?.replacements ?? EMPTY_SPECS, file.after?.replacements ?? EMPTY_SPECS);
      for (const message of replacementNotes) diagnostics.push({ path: file.path, message });
    });
  }

  for (const file of read) {
    if (!file.usable || file.info.role !== 'manifest') continue;
    guarded(file, (into) => {
      const ecosystem = file.info.ecosystem;
      for (const change of diffSpecs(ecosystem, file.before?.direct ?? EMPTY_SPECS, file.after?.direct ?? EMPTY_SPECS)) {
        const folders = shownByLockfile.get(`${ecosystem} ${change.name}`) ?? [];
        if (!folders.some((folder) => isUnderFolder(file.folder, folder))) place(into, file, change, true);
      }
    });
  }

  changes.sort(compareChanges);
  diagnostics.sort((a, b) => compareText(a.path, b.path));
  return { changes, diagnostics };
}
