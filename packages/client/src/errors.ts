/**
 * The one error class the client raises: a server's JSON-RPC error (code, `data.code` name,
 * message) or the client's own failure to reach a daemon (`DaemonUnavailable`) or to use its
 * environment (`UsageError`), in the same shape so callers handle one thing.
 */
import { ConnectionError, ResponseError } from 'vscode-jsonrpc';
import { errorNameOf, ERROR_BAND, type ErrorCodeName, type WireErrorName } from '@repograph/protocol';

/** `data` of a RepographRequestError: the stable name plus whatever details the server sent. */
export interface RequestErrorData {
  code: WireErrorName;
  [detail: string]: unknown;
}

export class RepographRequestError extends Error {
  /** The JSON-RPC error code. */
  readonly code: number;
  readonly data: RequestErrorData;

  constructor(code: number, message: string, data: RequestErrorData) {
    super(message);
    this.name = 'RepographRequestError';
    this.code = code;
    this.data = data;
  }

  /** The stable name (`data.code`), e.g. `SymbolNotFound`. */
  get codeName(): WireErrorName {
    return this.data.code;
  }

  /** An error the client raises itself, with a band name. */
  static of(name: ErrorCodeName, message: string, details: Record<string, unknown> = {}): RepographRequestError {
    return new RepographRequestError(ERROR_BAND[name], message, { ...details, code: name });
  }
}

/** True when `error` is a RepographRequestError (by class or by shape). */
export function isRepographRequestError(error: unknown): error is RepographRequestError {
  return error instanceof RepographRequestError ||
    (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'RepographRequestError');
}

/** Converts whatever a vscode-jsonrpc request rejected with into a RepographRequestError. */
export function toRequestError(error: unknown, method: string, socket: string): RepographRequestError {
  if (isRepographRequestError(error)) return error;
  if (error instanceof ResponseError) {
    const name = errorNameOf(error.code, error.data);
    const details = typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
    // vscode-jsonrpc's own DaemonUnavailable (the connection closed with the request pending)
    // gets a message; a daemon's refusal (its band code) keeps the daemon's.
    const message = name === 'DaemonUnavailable' && error.code !== ERROR_BAND.DaemonUnavailable
      ? `The repograph daemon at ${socket} closed the connection before answering ${method}; it may have stopped or crashed (see its log).`
      : error.message;
    return new RepographRequestError(error.code, message, { ...details, code: name });
  }
  // vscode-jsonrpc throws a ConnectionError when the connection is already closed or disposed.
  if (error instanceof ConnectionError) {
    return RepographRequestError.of('DaemonUnavailable',
      `Cannot send ${method}: the connection to the repograph daemon at ${socket} is closed; connect again.`, { socket });
  }
  const message = error instanceof Error ? error.message : String(error);
  return RepographRequestError.of('Internal', `${method} failed: ${message}`);
}
