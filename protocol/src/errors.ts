/**
 * The error band: every error the daemon raises on purpose is a JSON-RPC error whose numeric
 * code comes from ERROR_BAND, -33000 down to -33099 (ERROR_BAND_TOP..ERROR_BAND_BOTTOM), and
 * whose `data.code` is the stable name. The band lies outside JSON-RPC's reserved
 * -32768..-32000, where vscode-jsonrpc has its own codes (-32001 UnknownErrorCode, -32002
 * ServerNotInitialized, -32097/-32096 connection faults) and LSP its -32899..-32800, so a client
 * can tell the daemon's errors from the library's. Owns the names, their numbers and the shape
 * of `data`; the message (which says what to do) is the raiser's.
 */

/** The band's first (highest) code. */
export const ERROR_BAND_TOP = -33000;
/** The band's last (lowest) code: -33018..-33099 are free for later names. */
export const ERROR_BAND_BOTTOM = -33099;

/**
 * Application error codes, from -33000 down (protocol 0.3.0; before it they were -32000 down,
 * inside JSON-RPC's reserved range). A number never changes meaning; new names take the next one.
 */
export const ERROR_BAND = {
  /** An unexpected failure inside the daemon: a bug, never an answer to bad input; the message carries the cause. */
  Internal: -33000,
  NotIndexed: -33001,
  SymbolNotFound: -33002,
  FileNotFound: -33003,
  PathOutsideRepo: -33004,
  WorkspaceNotFound: -33005,
  WorkspaceInUse: -33006,
  BaseNotACommit: -33007,
  EditConflict: -33008,
  BudgetExceeded: -33009,
  InvalidParams: -33010,
  Cancelled: -33011,
  ProtocolVersionMismatch: -33012,
  /** The directory given as the repository cannot be served (missing, not a directory). */
  NotARepository: -33013,
  /** The store could not be opened, read or written. */
  StoreError: -33014,
  /** The request is well-formed but not usable as asked (an unknown topic, say). */
  UsageError: -33015,
  /** The client raises it when it cannot reach or start a daemon; a daemon sends it to a connection past its limit. */
  DaemonUnavailable: -33016,
  /** No stored review has the id (compute it with review_studio.compute). @since 0.4.0 */
  ReviewNotFound: -33017,
} as const;

/** The stable `data.code` strings. */
export type ErrorCodeName = keyof typeof ERROR_BAND;

/** Every name of the band, in code order. */
export const ERROR_CODE_NAMES = Object.keys(ERROR_BAND) as ErrorCodeName[];

/** `data` of every application error: the stable name plus details (which field, which id...). */
export interface ErrorData {
  code: ErrorCodeName;
  [detail: string]: unknown;
}

/** `data` of BudgetExceeded: which stage ran out of which unit. */
export interface BudgetExceededData extends ErrorData {
  code: 'BudgetExceeded';
  /** core's BudgetStage. */
  stage: 'materials' | 'analysis' | 'selection' | 'publication' | 'queries' | 'workspaces';
  unit: string;
  used: number;
  adding: number;
  limit: number;
}

/** `data` of InvalidParams: the offending field (a dotted path such as `edits.0.path`). */
export interface InvalidParamsData extends ErrorData {
  code: 'InvalidParams';
  field: string;
}

/** `data` of ProtocolVersionMismatch, answered to `initialize`. */
export interface ProtocolVersionMismatchData extends ErrorData {
  code: 'ProtocolVersionMismatch';
  serverProtocolVersion: string;
  clientProtocolVersion: string;
}

/** The JSON-RPC error code of a name: `errorCodeNumber('SymbolNotFound') === -33002`. */
export function errorCodeNumber(name: ErrorCodeName): number {
  return ERROR_BAND[name];
}

/** The name of an application error code, or undefined for a code outside the band. */
export function errorCodeName(code: number): ErrorCodeName | undefined {
  return ERROR_CODE_NAMES.find((name) => ERROR_BAND[name] === code);
}

/** True when `value` is one of the band's names. */
export function isErrorCodeName(value: unknown): value is ErrorCodeName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_BAND, value);
}

/**
 * JSON-RPC's own faults (and vscode-jsonrpc's connection faults), named so that a client can
 * give every error a `data.code`-style name even when the server sent no `data`.
 */
export const JSONRPC_FAULTS = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  /** Named like the band's InvalidParams: a client tests the name, not the number. */
  InvalidParams: -32602,
  Internal: -32603,
  /** vscode-jsonrpc: the connection closed with the request pending. */
  DaemonUnavailable: -32097,
  /** vscode-jsonrpc: the connection is not listening (closed or disposed). */
  ConnectionInactive: -32096,
  /** vscode-jsonrpc / LSP: the request was cancelled. */
  Cancelled: -32800,
} as const;

/** Every name an error can carry: the band's plus JSON-RPC's. */
export type WireErrorName = ErrorCodeName | 'ParseError' | 'InvalidRequest' | 'MethodNotFound';

/**
 * The name of an error from its JSON-RPC code and data: `data.code` when the server set a
 * known name, else the band's or JSON-RPC's name for the number, else 'Internal'.
 */
export function errorNameOf(code: number, data?: unknown): WireErrorName {
  const named = typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : undefined;
  if (isErrorCodeName(named) || named === 'ParseError' || named === 'InvalidRequest' || named === 'MethodNotFound') return named;
  const banded = errorCodeName(code);
  if (banded) return banded;
  for (const [name, number] of Object.entries(JSONRPC_FAULTS)) {
    if (number === code) return name === 'ConnectionInactive' ? 'DaemonUnavailable' : (name as WireErrorName);
  }
  return 'Internal';
}
