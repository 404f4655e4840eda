/**
 * Query sessions per workspace, one per published generation, shared by every request that
 * arrives while it is current. A new generation replaces the current session; the old one closes
 * when its last request finishes, so a query always reads one immutable snapshot and never waits
 * for indexing (invariant 3), and no read transaction outlives its readers. Owns that refcount.
 */
import type { QuerySession, Repository } from '@repograph/engine';

interface Entry {
  session: QuerySession;
  users: number;
  retired: boolean;
}

export class SnapshotSessions {
  private readonly current = new Map<string, Entry>();

  constructor(private readonly repository: Repository) {}

  /** Runs `use` over the workspace's current session. */
  async with<T>(workspace: string, use: (session: QuerySession) => T | Promise<T>): Promise<T> {
    const entry = this.acquire(workspace);
    try {
      return await use(entry.session);
    } finally {
      entry.users--;
      if (entry.retired && entry.users === 0) entry.session.close();
    }
  }

  /** Marks the workspace's session outdated (a new generation was published). */
  invalidate(workspace: string): void {
    const entry = this.current.get(workspace);
    if (!entry) return;
    this.current.delete(workspace);
    entry.retired = true;
    if (entry.users === 0) entry.session.close();
  }

  /** Closes every session (shutdown). */
  closeAll(): void {
    for (const workspace of [...this.current.keys()]) this.invalidate(workspace);
  }

  private acquire(workspace: string): Entry {
    let entry = this.current.get(workspace);
    if (!entry) {
      entry = { session: this.repository.query(workspace), users: 0, retired: false };
      this.current.set(workspace, entry);
    }
    entry.users++;
    return entry;
  }
}
