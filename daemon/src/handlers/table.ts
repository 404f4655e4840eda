/**
 * The shape of a handler table: method name -> handler over (daemon, calling connection,
 * validated params object). Results are plain objects that carry `meta`.
 */
import type { ClientHandle, DaemonContext } from '../context.js';
import type { Params } from '../params.js';

export type Handler = (context: DaemonContext, client: ClientHandle, params: Params) => Promise<object>;
export type HandlerTable = Record<string, Handler>;
