/**
 * @repograph/protocol: the wire contract (method declarations, error band, PROTOCOL_VERSION).
 * The methods arrive with the daemon; for now this package holds the version and the error band
 * that the command line already reports.
 */

/** The wire protocol's version; clients test capabilities, not this number. @since 0.1 */
export const PROTOCOL_VERSION = '0.1.0';

/** Application error codes, from -32000 down (JSON-RPC's reserved range is left alone). */
export const ERROR_BAND = {
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
} as const;
