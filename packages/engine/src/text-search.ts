/**
 * Text search over a snapshot's files (code.searchText): plain text or a linear-time regular
 * expression (linear-regex.ts), line by line, bounded in matches and in time, giving the thread
 * away every few milliseconds so queued requests are answered meanwhile. Owns the scan and its
 * pacing; the query session checks the params and meters the work.
 */
import type { TextSource } from './session-text.js';
import { yieldTurn } from './yield-turn.js';

export interface TextMatch {
  path: string;
  line: number;
  column: number;
  excerpt: string;
}

/** The longest a search runs before it answers what it found, truncated. */
const TEXT_SEARCH_MS = 2000;
/** Longer lines are searched in their first this many characters. */
const MAX_SEARCH_LINE = 4096;
/** How long text search holds the thread before it lets queued requests run. */
const SEARCH_SLICE_MS = 8;
/** Files text search reads ahead at a time (where reading ahead helps: a commit's blobs). */
const SEARCH_PRELOAD = 256;

export interface TextSearch {
  /** The plain text looked for (when `expression` is null). */
  pattern: string;
  expression: RegExp | null;
  /** The files searched, in order. */
  paths: readonly string[];
  /** Matches answered at most (one more makes the answer truncated). */
  limit: number;
  /** When the request started (performance.now()): the time bound counts from it. */
  started: number;
  /** Hears each file's line count before it is searched (the query's work budget). */
  onLines(count: number): void;
}

/** Searches `search.paths` in `source`. */
export async function scanText(source: TextSource, search: TextSearch): Promise<{ matches: TextMatch[]; truncated: boolean }> {
  const { expression, paths, limit } = search;
  const matches: TextMatch[] = [];
  const pace = new Pace(search.started);
  // A plain search looks at the clock every 8 lines; a regular expression at every line, since
  // one line of 4 KiB can cost tens of milliseconds (the linear engine on `(.*a){12}!y`: ~28 ms),
  // and each yield lets a waiting request take only one more step (vscode-jsonrpc dispatches
  // through setImmediate, after this search's own continuation).
  const clockEvery = expression ? 0 : 7;
  for (const [position, path] of paths.entries()) {
    // A commit's blobs are read ahead a batch at a time, without holding the thread (a no-op on disk).
    if (position % SEARCH_PRELOAD === 0) await source.preloadAsync(paths.slice(position, position + SEARCH_PRELOAD));
    const goOn = pace.goOn();
    if (goOn !== true && !(await goOn)) return { matches, truncated: true };
    const lines = source.linesOf(path);
    if (!lines) continue;
    search.onLines(lines.length);
    for (let index = 0; index < lines.length; index++) {
      if ((index & clockEvery) === clockEvery) {
        const goOn = pace.goOn();
        if (goOn !== true && !(await goOn)) return { matches, truncated: true };
      }
      const line = lines[index]!.length > MAX_SEARCH_LINE ? lines[index]!.slice(0, MAX_SEARCH_LINE) : lines[index]!;
      const at = expression ? line.search(expression) : line.indexOf(search.pattern);
      if (at < 0) continue;
      if (matches.length >= limit) return { matches, truncated: true };
      matches.push({ path, line: index + 1, column: at + 1, excerpt: line.trim().slice(0, 200) });
    }
  }
  return { matches, truncated: false };
}

/** The search's clock: a turn given away when a slice is over, and the end of its time. */
class Pace {
  private sliceStarted = performance.now();

  constructor(private readonly started: number) {}

  /**
   * False once the search is over its time; true, at once, while the slice lasts; when the slice
   * is over, true after a turn given away. Only that last case is a promise: an await per line
   * (a regular expression's clock) cost ~40 ms per million lines.
   */
  goOn(): boolean | Promise<boolean> {
    const now = performance.now();
    if (now - this.started > TEXT_SEARCH_MS) return false;
    if (now - this.sliceStarted <= SEARCH_SLICE_MS) return true;
    return yieldTurn().then(() => {
      this.sliceStarted = performance.now();
      return true;
    });
  }
}
