/**
 * Query sessions over commits' baselines (committed mode: `commit` instead of `workspace`). A
 * baseline is immutable, so each request opens its own session (closed when it finishes: no
 * read transaction outlives its request) and the name table symbols.search builds is kept per
 * baseline for the next request on it (the last few baselines asked about). Owns that cache.
 */
import type { NameEntry, QuerySession, Repository } from '@repograph/engine';

/** Name tables kept (baselines asked about most recently). */
const NAME_TABLES_KEPT = 4;

export class CommitSessions {
  private readonly names = new Map<string, readonly NameEntry[]>();

  constructor(private readonly repository: Repository) {}

  /** Runs `use` over the baseline of commit-ish `ref` (built when missing); `commit` is the full sha. */
  async with<T>(ref: string, use: (session: QuerySession, commit: string) => T | Promise<T>): Promise<T> {
    const { commit, session } = await this.repository.commitQuery(ref);
    const key = session.info.key;
    const known = this.names.get(key);
    if (known) session.adoptNames(known, []);
    try {
      return await use(session, commit);
    } finally {
      const built = session.builtNames();
      if (built) {
        this.names.delete(key);
        this.names.set(key, built);
        if (this.names.size > NAME_TABLES_KEPT) this.names.delete(this.names.keys().next().value!);
      }
      session.close();
    }
  }
}
