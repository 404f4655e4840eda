/**
 * The shape of the daemon's method table, derived from protocol's REQUESTS: one entry per
 * declared request method, each a params validator (raw JSON -> the method's declared params,
 * InvalidParams naming the field) and a handler (validated params -> the declared result). A
 * method missing from the table, one the protocol does not declare, or a handler whose params
 * or result differ from the declaration fails `tsc -b`. Owns these types only; the entries are
 * the namespace files' (daemon.ts, index.ts, query.ts, workspace.ts).
 */
import type { ParamsOf, RequestMethod, ResultOf } from '@repograph/protocol';
import type { ClientHandle, DaemonContext } from '../context.js';
import type { Params } from '../params.js';

/** Turns the raw params object into the method's declared params, or throws InvalidParams. Never waits. */
export type ParamsValidator<M extends RequestMethod> = (raw: Params) => ParamsOf<M>;

/** Serves one method: validated params in, the declared result (with `meta`) out. */
export type Handler<M extends RequestMethod> = (context: DaemonContext, client: ClientHandle, params: ParamsOf<M>) => Promise<ResultOf<M>>;

/** One method's entry: how its params are checked, then how it is served. */
export interface MethodEntry<M extends RequestMethod> {
  params: ParamsValidator<M>;
  handle: Handler<M>;
}

/** Every declared request method with its entry; nothing more, nothing less. */
export type MethodTable = { [M in RequestMethod]: MethodEntry<M> };

/** The entries of some methods (a namespace file's part of the table). */
export type MethodTablePart<K extends RequestMethod> = Pick<MethodTable, K>;

/** The params validator of a method that declares none: any object is accepted and ignored. */
export function noParams(): Record<string, never> {
  return {};
}
