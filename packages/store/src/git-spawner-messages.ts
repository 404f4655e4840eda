/**
 * The messages between the git spawner (git-spawner.ts) and its process (git-spawner-child.ts),
 * over a Node IPC channel with the structured-clone serialization (Buffers cross as bytes).
 */

/**
 * One git command to run: `git <args>` in `cwd`, killed after `timeoutMs` when given. A `stream`
 * command has its stdin piped (SpawnerControl writes it) and its output sent as it comes
 * (SpawnerOutput) instead of with its response.
 */
export interface SpawnerRequest {
  id: number;
  cwd: string;
  args: string[];
  timeoutMs?: number;
  stream?: boolean;
}

/** To a stream command: bytes for its stdin, the end of its stdin, pausing or resuming its stdout, a kill. */
export type SpawnerControl =
  | { id: number; input: Uint8Array }
  | { id: number; endInput: true }
  | { id: number; flow: 'pause' | 'resume' }
  | { id: number; kill: true };

/** What the spawner's parent sends. */
export type SpawnerOrder = SpawnerRequest | SpawnerControl;

/** How it ended: its exit code or signal, or `error` when git could not be started. */
export interface SpawnerResponse {
  id: number;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** All of stdout (empty for a stream command, whose output came as SpawnerOutput). */
  stdout: Uint8Array;
  /** The first 8 KB of stderr, as text. */
  stderr: string;
  error: { code: string | null; message: string } | null;
}

/** From a stream command, before its response: a chunk of its stdout, or of its stderr as text. */
export type SpawnerOutput = { id: number; output: Uint8Array } | { id: number; errorOutput: string };

/** What the spawner process sends: once `{ready: true}` when it listens, then outputs and one response per request. */
export type SpawnerMessage = SpawnerResponse | SpawnerOutput | { ready: true };
