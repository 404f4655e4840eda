/**
 * The messages between the git spawner (git-spawner.ts) and its process (git-spawner-child.ts),
 * over a Node IPC channel with the structured-clone serialization (Buffers cross as bytes).
 */

/** One git command to run: `git <args>` in `cwd`, killed after `timeoutMs` when given. */
export interface SpawnerRequest {
  id: number;
  cwd: string;
  args: string[];
  timeoutMs?: number;
}

/** How it ended: its exit code or signal, or `error` when git could not be started. */
export interface SpawnerResponse {
  id: number;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: Uint8Array;
  /** The first 8 KB of stderr, as text. */
  stderr: string;
  error: { code: string | null; message: string } | null;
}

/** What the spawner process sends: once `{ready: true}` when it listens, then one response per request. */
export type SpawnerMessage = SpawnerResponse | { ready: true };
