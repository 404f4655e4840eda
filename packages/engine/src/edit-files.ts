/**
 * Writing a client's edits to a worktree all or nothing. Planning checks every target first:
 * the path through path-guard.ts (inside the root, never `.git`, every link resolved, a dangling
 * one too, so the write goes to the real path and cannot be redirected), the target a regular
 * file or absent (never a folder, a FIFO or below a file), `replace.old` occurring exactly once.
 * Writing puts each new text in a temporary file beside its target (in the real folder), then
 * renames them all into place; when any step fails, what was done is undone (originals come
 * back from hard-linked backups, new files and folders are removed) and a typed error names
 * the path. Owns these rules; the daemon owns the protocol shapes and the re-indexing.
 */
import { chmodSync, copyFileSync, linkSync, lstatSync, mkdirSync, renameSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RepographError } from '@repograph/core';
import type { PathGuard } from './path-guard.js';
import { describeReadProblem, readRegularFileSync } from './regular-file.js';

/** One edit as the client gave it (`field` names it in errors, e.g. `edits.2`). */
export interface EditRequest {
  path: string;
  field: string;
  content?: string;
  replace?: { old: string; new: string };
}

/** One file to write: its real path and new text. */
export interface PlannedWrite {
  /** Repository-relative path after resolving links (what the index knows). */
  relative: string;
  absolute: string;
  text: string;
  /** The mode of the file it replaces; null for a new file. */
  mode: number | null;
  field: string;
}

/** Files larger than this are not read for a replace. */
const MAX_EDITED_BYTES = 64 * 1024 * 1024;

/** Checks every edit and computes the new texts; throws a typed error naming the first bad one. Writes nothing. */
export function planEdits(guard: PathGuard, edits: readonly EditRequest[]): PlannedWrite[] {
  const planned = new Map<string, PlannedWrite>();
  for (const edit of edits) {
    const field = `${edit.field}.path`;
    const target = guard.resolve(edit.path, field);
    if (target.kind === 'directory') {
      throw new RepographError('InvalidParams', `${field} '${edit.path}' is a folder; edits write files (give a file path).`, { field, path: edit.path });
    }
    if (target.kind === 'special') {
      throw new RepographError('InvalidParams', `${field} '${edit.path}' is not a regular file (a FIFO, socket or device); edits write regular files only.`, { field, path: edit.path });
    }
    const earlier = planned.get(target.relative);
    let text: string;
    if (edit.content !== undefined) {
      text = edit.content;
    } else {
      const replace = edit.replace!;
      const current = earlier?.text ?? currentText(target.absolute, target.kind === 'file', edit.path, field);
      const first = current.indexOf(replace.old);
      if (first < 0 || current.indexOf(replace.old, first + 1) >= 0) {
        throw new RepographError('EditConflict', `${edit.path}: the old text occurs ${first < 0 ? 'nowhere' : 'more than once'}; give text that occurs exactly once (nothing was written).`, { path: edit.path, field: `${edit.field}.replace.old` });
      }
      text = current.slice(0, first) + replace.new + current.slice(first + replace.old.length);
    }
    const mode = earlier?.mode ?? (target.kind === 'file' ? modeOf(target.absolute) : null);
    planned.set(target.relative, { relative: target.relative, absolute: target.absolute, text, mode, field });
  }
  return [...planned.values()].sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
}

/**
 * Writes every planned file or none: temporaries first, then renames; on failure everything done
 * is undone and an error names the path. `guard` re-checks each target right before its rename.
 */
export function writePlanned(guard: PathGuard, plan: readonly PlannedWrite[]): void {
  const createdDirs: string[] = [];
  const temporaries = new Map<PlannedWrite, string>();
  const placed: Placement[] = [];
  let current: PlannedWrite | undefined;
  try {
    for (const write of plan) {
      current = write;
      createdDirs.push(...makeParents(dirname(write.absolute)));
      const temporary = siblingName(write.absolute, 'tmp');
      writeFileSync(temporary, write.text, { flag: 'wx', mode: write.mode ?? 0o666 });
      if (write.mode !== null) chmodSync(temporary, write.mode & 0o7777);
      temporaries.set(write, temporary);
    }
    for (const write of plan) {
      current = write;
      const again = guard.resolve(write.relative, write.field);
      if (again.absolute !== write.absolute || again.kind === 'directory' || again.kind === 'special') {
        throw new RepographError('EditConflict', `${write.relative} changed while it was being written (it is now a ${again.kind}); nothing was written. Try again.`, { path: write.relative, field: write.field });
      }
      const placement: Placement = { write, backup: null, renamed: false };
      placed.push(placement);
      if (again.kind === 'file') placement.backup = backupOf(write.absolute);
      renameSync(temporaries.get(write)!, write.absolute);
      placement.renamed = true;
      temporaries.delete(write);
    }
  } catch (error) {
    undo(placed, temporaries, createdDirs);
    if (error instanceof RepographError) throw error;
    const errno = (error as NodeJS.ErrnoException).code ?? 'error';
    const path = current?.relative ?? '?';
    throw new RepographError('UsageError', `${path} could not be written (${errno}); nothing was written. Check the folder's permissions and free space.`, { path, errno, ...(current ? { field: current.field } : {}) });
  }
  for (const { backup } of placed) if (backup) removeQuietly(backup);
}

function currentText(absolute: string, exists: boolean, path: string, field: string): string {
  const read = exists ? readRegularFileSync(absolute, MAX_EDITED_BYTES) : { ok: false as const, problem: 'missing' as const };
  if (read.ok) return read.bytes.toString('utf8');
  if (read.problem === 'missing') throw new RepographError('FileNotFound', `${path} does not exist; use {path, content} to create it.`, { path, field });
  throw new RepographError('UsageError', `${path} ${describeReadProblem(read, MAX_EDITED_BYTES)}; nothing was written.`, { path, field, reason: read.problem });
}

function modeOf(absolute: string): number | null {
  try {
    return lstatSync(absolute).mode;
  } catch {
    return null;
  }
}

/** Creates the missing folders above a target, outermost first; returns those it created. */
function makeParents(folder: string): string[] {
  const missing: string[] = [];
  let probe = folder;
  for (;;) {
    try {
      lstatSync(probe);
      break;
    } catch {
      missing.unshift(probe);
      const parent = dirname(probe);
      if (parent === probe) break;
      probe = parent;
    }
  }
  const created: string[] = [];
  for (const dir of missing) {
    mkdirSync(dir);
    created.push(dir);
  }
  return created;
}

let sequence = 0;

/**
 * A fresh name beside `absolute`: hidden, ending in `.tmp` (nothing indexes a leftover), and short
 * whatever the target's name (a 250-byte name must not make its temporary too long).
 */
function siblingName(absolute: string, purpose: string): string {
  return join(dirname(absolute), `.${basename(absolute).slice(0, 64)}.${process.pid}-${++sequence}.repograph-${purpose}.tmp`);
}

/** Keeps the current file under a backup name (a hard link; a copy where links are not allowed). */
function backupOf(absolute: string): string {
  const backup = siblingName(absolute, 'orig');
  try {
    linkSync(absolute, backup);
  } catch {
    copyFileSync(absolute, backup);
  }
  return backup;
}

/** A file being put in place: its backup (when it replaced one) and whether the rename happened. */
interface Placement {
  write: PlannedWrite;
  backup: string | null;
  renamed: boolean;
}

function undo(placed: Placement[], temporaries: Map<PlannedWrite, string>, createdDirs: string[]): void {
  for (const { write, backup, renamed } of placed.reverse()) {
    try {
      if (!renamed) {
        if (backup) unlinkSync(backup);
      } else if (backup) renameSync(backup, write.absolute);
      else unlinkSync(write.absolute);
    } catch {
      // Best effort: the error below still names the failed path.
    }
  }
  for (const temporary of temporaries.values()) removeQuietly(temporary);
  for (const dir of createdDirs.reverse()) {
    try {
      rmdirSync(dir);
    } catch {
      // Not empty (something else wrote there): keep it.
    }
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}
