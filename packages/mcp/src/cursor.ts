/**
 * Cursors: what a cut answer hands back so the rest can be fetched. A cursor names the tool,
 * the offset of the first record left out and the first page's generation, and carries the
 * call's arguments: inline when they are small (base64url JSON, so the bridge keeps no state),
 * else by digest into a bounded table of recent arguments (a CI report of megabytes never rides
 * in a cursor). A cursor for another tool, one that does not decode, or one whose arguments
 * were evicted is refused by name with what to do.
 */
import { createHash } from 'node:crypto';

export interface CursorState {
  tool: string;
  args: Record<string, unknown>;
  offset: number;
  /** The generation the first page was read at: a later page says when the graph moved on. */
  generation: number | null;
  /** A write's kept answer (its later pages are read from it, never by writing again). */
  answerKey?: string;
}

/** Arguments longer than this (as JSON) are kept in the table rather than in the cursor. */
const INLINE_ARGS_CHARS = 300;
/** How many sets of large arguments are kept for cursors. */
const KEPT_ARGS = 64;
const keptArgs = new Map<string, Record<string, unknown>>();

export function encodeCursor(state: CursorState): string {
  const json = JSON.stringify(state.args);
  let args: unknown = state.args;
  let digest: string | undefined;
  if (json.length > INLINE_ARGS_CHARS) {
    digest = createHash('sha256').update(json).digest('hex').slice(0, 32);
    keptArgs.delete(digest);
    keptArgs.set(digest, state.args);
    if (keptArgs.size > KEPT_ARGS) keptArgs.delete(keptArgs.keys().next().value!);
    args = undefined;
  }
  if (state.answerKey !== undefined) {
    digest = undefined;
    args = {};
  }
  return Buffer.from(JSON.stringify({
    t: state.tool, ...(digest ? { d: digest } : { a: args }), o: state.offset, g: state.generation, ...(state.answerKey ? { k: state.answerKey } : {}),
  }), 'utf8').toString('base64url');
}

const NOT_OURS = 'cursor: not a cursor this bridge made; pass the `cursor` value of an earlier answer unchanged.';

/** The state of `cursor`, or an Error naming what is wrong with it. */
export function decodeCursor(cursor: string, tool: string): CursorState | Error {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return new Error(NOT_OURS);
  }
  const value = raw as { t?: unknown; a?: unknown; d?: unknown; o?: unknown; g?: unknown; k?: unknown };
  if (typeof value !== 'object' || value === null || typeof value.t !== 'string' || !Number.isSafeInteger(value.o) || (value.o as number) < 0) {
    return new Error(NOT_OURS);
  }
  if (value.t !== tool) return new Error(`cursor: this cursor continues ${value.t}, not ${tool}; call ${value.t} with it.`);
  let args: Record<string, unknown> | undefined;
  if (typeof value.d === 'string') {
    args = keptArgs.get(value.d);
    if (!args) return new Error(`cursor: the arguments of this cursor are no longer kept (this bridge keeps the last ${KEPT_ARGS} large ones, and forgets them when it restarts); call ${tool} again without the cursor.`);
  } else if (typeof value.a === 'object' && value.a !== null && !Array.isArray(value.a)) {
    args = value.a as Record<string, unknown>;
  } else {
    return new Error(NOT_OURS);
  }
  return {
    tool: value.t, args, offset: value.o as number, generation: typeof value.g === 'number' ? value.g : null,
    ...(typeof value.k === 'string' ? { answerKey: value.k } : {}),
  };
}
