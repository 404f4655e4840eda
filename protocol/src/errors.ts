/**
 * The error band: every error the daemon raises on purpose is a JSON-RPC error whose numeric
 * code comes from ERROR_BAND (from -32000 down; -32700..-32603 stay JSON-RPC's own protocol
 * faults) and whose `data.code` is the stable name. Owns the names, their numbers and the shape
 * of `data`; the message (which says what to do) is the raiser's.
 */

/** Application error codes, from -32000 down (JSON-RPC's reserved range is left alone). */
export const ERROR_BAND = {
  /** An unexpected failure inside the daemon; the message carries the cause. */
  Internal: -32000,
  NotIndexed: -32001,
  SymbolNotFound: -32002,
  FileNotFound: -32003,
  PathOutsideRepo: -32004,
  WorkspaceNotFound: -32005,
  WorkspaceInUse: -32006,
  BaseNotACommit: -32007,
  EditConflict: -32008,
  BudgetExceeded: -32009,
  InvalidParams: -32010,
  Cancelled: -32011,
  ProtocolVersionMismatch: -32012,
  /** The directory given as the repository cannot be served (missing, not a directory). */
  NotARepository: -32013,
  /** The store could not be opened, read or written. */
  StoreError: -32014,
  /** The request is well-formed but not usable as asked (an unknown topic, say). */
  UsageError: -32015,
  /** The client raises it when it cannot reach or start a daemon; a daemon sends it to a connection past its limit. */
  DaemonUnavailable: -32016,
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
  stage: string;
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

/** The JSON-RPC error code of a name: `errorCodeNumber('SymbolNotFound') === -32002`. */
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
