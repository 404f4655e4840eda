/**
 * Refs refused before the startup index: a request that names commits (a review, a diff, a delta
 * since a base) waits for the startup index before it computes, but a ref that names no commit,
 * a range or an option, and a workspace that does not exist, need no index to be found wrong.
 * While the daemon starts up they are checked first, so such a request is refused at once with
 * the error it would get later (BaseNotACommit, WorkspaceNotFound), not after seconds or minutes
 * of indexing. After startup the request checks them in its own order. Owns that check only.
 */
import type { DaemonContext } from '../context.js';

export interface NamedCommits {
  /** Refs that must each name one commit (undefined: not given). */
  refs: ReadonlyArray<string | undefined>;
  /** A workspace the request reads (undefined: not given). */
  workspace?: string | undefined;
}

/** Throws what the request would meet about its refs and workspace, while the startup index runs; nothing after it. */
export async function refuseBadRefsWhileStarting(context: DaemonContext, named: NamedCommits): Promise<void> {
  if (!context.startingUp()) return;
  if (named.workspace !== undefined) context.repository.workspace(named.workspace);
  await Promise.all(named.refs.filter((ref): ref is string => ref !== undefined).map((ref) => context.repository.resolveRef(ref)));
}
