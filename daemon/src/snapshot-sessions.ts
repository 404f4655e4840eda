/**
 * Query sessions per workspace, one per published generation, shared by every request that
 * arrives while it is current. A new generation replaces the current session; the old one closes
 * when its last request finishes, so a query always reads one immutable snapshot and never waits
 * for indexing (invariant 3), and no read transaction outlives its readers. Owns that refcount.
 */
import type { NameEntry, QuerySession, Repository } from '@repograph/engine';

interface Entry {
  session: QuerySession;
  users: number;
  retired: boolean;
}

/** A workspace's last built name table and the paths changed since its generation. */
interface Names {
  table: readonly NameEntry[];
  changed: Set<string>;
}

export class SnapshotSessions {
  private readonly current = new Map<string, Entry>();
  private readonly names = new Map<string, Names>();

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

  /**
   * Marks the workspace's session outdated (a new generation was published). `changedPaths`
   * lists every path whose records changed, so the next session patches the name table instead
   * of reading every symbol; null when that is unknown (a cold start, a delete).
   */
  invalidate(workspace: string, changedPaths: readonly string[] | null = null): void {
    const entry = this.current.get(workspace);
    if (changedPaths === null) {
      this.names.delete(workspace);
    } else {
      const built = entry?.session.builtNames();
      const pending = this.names.get(workspace);
      if (built) this.names.set(workspace, { table: built, changed: new Set(changedPaths) });
      else if (pending) for (const path of changedPaths) pending.changed.add(path);
    }
    if (!entry) return;
    this.current.delete(workspace);
    entry.retired = true;
    if (entry.users === 0) entry.session.close();
  }

  /**
   * Drops everything kept for a deleted workspace: its current session (closed once its last
   * request finishes) and its name table, even one a request in flight would otherwise hand on.
   */
  forgetWorkspace(workspace: string): void {
    this.invalidate(workspace);
    this.names.delete(workspace);
  }

  /** Closes every session (shutdown). */
  closeAll(): void {
    for (const workspace of [...this.current.keys()]) this.invalidate(workspace);
  }

  private acquire(workspace: string): Entry {
    let entry = this.current.get(workspace);
    if (!entry) {
      const session = this.repository.query(workspace);
      const names = this.names.get(workspace);
      if (names) {
        session.adoptNames(names.table, names.changed);
        this.names.delete(workspace);
      }
      entry = { session, users: 0, retired: false };
      this.current.set(workspace, entry);
    }
    entry.users++;
    return entry;
  }
}
