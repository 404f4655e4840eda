/**
 * Query sessions per workspace, one per published generation, shared by every request that
 * arrives while it is current. A new generation replaces the current session; the old one closes
 * when its last request finishes, so a query always reads one immutable snapshot and never waits
 * for indexing (invariant 3), and no read transaction outlives its readers. Owns that refcount,
 * and the warming of each new generation's surface index (`warm`): after a publish and at
 * startup the index is built off the request path, reading in slices of 8 ms between which
 * queued requests run, so the first symbols.card or surfaces.* of a baseline does not pay for it
 * (80-300 ms on large repositories), once the review computes clients wait on are done
 * (`yieldTo`). One warming per workspace at a time; none after closeAll, and `warmingStopped()`
 * resolves once those under way have stopped, so shutdown closes the store only after that (a
 * warming stops at its next pause, with the store still open).
 */
import { nextTurn } from '@repograph/core';
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
  /** Workspaces being warmed, and those to warm again once that ends (a newer generation came). */
  private readonly warming = new Set<string>();
  private readonly warmAgain = new Set<string>();
  private readonly warmings = new Set<Promise<void>>();
  private closed = false;
  /** Resolves at closeAll, so a warming waiting to start stops waiting. */
  private readonly closing: Promise<void>;
  private resolveClosing!: () => void;

  /**
   * `yieldTo` resolves when foreground work a client waits on is done (the daemon passes its
   * review computes': a warming during a cold review's last steps only lengthened its answer).
   */
  constructor(
    private readonly repository: Repository,
    private readonly log: (message: string) => void = () => undefined,
    private readonly yieldTo: () => Promise<void> = () => Promise.resolve(),
  ) {
    this.closing = new Promise((resolve) => { this.resolveClosing = resolve; });
  }

  /**
   * Builds the surface index of the workspace's current generation on later turns of the event
   * loop (see the header). Failures are logged, never thrown: a query builds what it needs itself.
   */
  warm(workspace: string): void {
    if (this.closed) return;
    if (this.warming.has(workspace)) {
      this.warmAgain.add(workspace);
      return;
    }
    this.warming.add(workspace);
    // After the computes, one more turn: the last one's answer is written before the first slice.
    const task = nextTurn().then(() => Promise.race([this.yieldTo(), this.closing])).then(nextTurn).then(() => this.warmNow(workspace));
    this.warmings.add(task);
    void task.finally(() => this.warmings.delete(task));
  }

  /** Resolves once no warming runs (after closeAll: once those under way have stopped). */
  async warmingStopped(): Promise<void> {
    while (this.warmings.size > 0) await Promise.all([...this.warmings]);
  }

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

  /** Closes every session (shutdown); a warming under way stops before it reads again. */
  closeAll(): void {
    this.closed = true;
    this.resolveClosing();
    for (const workspace of [...this.current.keys()]) this.invalidate(workspace);
  }

  private async warmNow(workspace: string): Promise<void> {
    try {
      if (!this.closed && this.repository.isIndexed(workspace)) {
        await this.with(workspace, (session) => session.warmSurfaceIndex(() => this.closed));
      }
    } catch (error) {
      if (!this.closed) this.log(`warming the surface index of workspace ${workspace}: ${(error as Error).message}`);
    } finally {
      this.warming.delete(workspace);
      if (this.warmAgain.delete(workspace)) this.warm(workspace);
    }
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
