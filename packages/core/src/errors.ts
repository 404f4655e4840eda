/**
 * The error base class: every error repograph raises on purpose carries a stable code string,
 * typed data and a message that says what to do. Owns the codes; the protocol maps them to
 * JSON-RPC numbers.
 */

/** Stable error codes (PROTOCOL.md "Errors"). */
export const ERROR_CODES = [
  'NotIndexed', 'SymbolNotFound', 'FileNotFound', 'PathOutsideRepo', 'WorkspaceNotFound',
  'WorkspaceInUse', 'BaseNotACommit', 'EditConflict', 'BudgetExceeded', 'InvalidParams',
  'Cancelled', 'ProtocolVersionMismatch', 'NotARepository', 'StoreError', 'UsageError', 'ReviewNotFound',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An error with a code, a message that says what to do, and structured data. */
export class RepographError extends Error {
  readonly code: ErrorCode;
  readonly data: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, data: Record<string, unknown> = {}) {
    super(message);
    this.name = 'RepographError';
    this.code = code;
    this.data = data;
  }
}

/** True when `error` is a RepographError (also across realms/workers, by shape). */
export function isRepographError(error: unknown): error is RepographError {
  return error instanceof RepographError ||
    (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'RepographError');
}
