/**
 * Where a query session's source text comes from: a workspace's (its unsaved buffers, else the
 * files of its root through the PathGuard: source-text.ts) or a commit's (git objects:
 * commit-text.ts). A session opens one TextSource per answer (excerpts, spans, context, text
 * search) and checks a client's path prefix through `checkPath`. Owns these interfaces and the
 * workspace's implementation.
 */
import type { PathGuard } from './path-guard.js';
import { SourceReader, type SourceProblem } from './source-text.js';

/** The text of one answer's files, cached for that answer. */
export interface TextSource {
  /** The text of a repository path, or why it cannot be read; throws PathOutsideRepo (naming `field`). */
  read(path: string, field: string): string | SourceProblem;
  /** The text, or null when it cannot be read. */
  text(path: string): string | null;
  /** The lines (cached), or null. */
  linesOf(path: string): string[] | null;
  /** Reads these paths ahead in one go where that is cheaper than one by one (a commit's blobs); a hint. */
  preload(paths: Iterable<string>): void;
  /** As preload, without holding the thread (text search over every file). */
  preloadAsync(paths: readonly string[]): Promise<void>;
}

/** A session's text: a source per answer, and the check of a client's path prefix. */
export interface SessionText {
  open(): TextSource;
  /** Throws (PathOutsideRepo...) when a normalized client path may not be searched. */
  checkPath(path: string, field: string): void;
}

/** A workspace's text: unsaved buffers first, else its root's files, every path through the guard. */
export function workspaceText(guard: PathGuard, buffers: ReadonlyMap<string, Uint8Array>): SessionText {
  return {
    open: () => new SourceReader(guard, buffers),
    checkPath: (path, field) => { guard.resolve(path, field); },
  };
}
