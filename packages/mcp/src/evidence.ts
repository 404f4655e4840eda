/**
 * The savings baseline: the files that hold an answer's evidence, read whole, as an agent
 * without the graph would have read them. Paths come from the daemon's answers (repository-
 * relative); each is normalized, resolved through links and kept only when it stays inside the
 * repository, so a hostile path in an answer never makes the bridge read elsewhere.
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { countFileTokens } from './tokens.js';

export class EvidenceFiles {
  private readonly root: string;

  constructor(repoRoot: string) {
    this.root = realpathSync(repoRoot);
  }

  /** The tokens of every distinct file among `paths`, read whole (unreadable or outside ones count 0). */
  baselineTokens(paths: Iterable<string>): number {
    let total = 0;
    for (const path of new Set(paths)) {
      const absolute = this.inside(path);
      if (absolute) total += countFileTokens(absolute);
    }
    return total;
  }

  private inside(path: string): string | null {
    if (typeof path !== 'string' || path.length === 0 || isAbsolute(path) || path.includes('\0')) return null;
    const joined = normalize(join(this.root, path));
    let real: string;
    try {
      real = realpathSync(joined);
    } catch {
      return null;
    }
    return real.startsWith(this.root + sep) ? real : null;
  }
}
