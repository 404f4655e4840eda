/**
 * @repograph/protocol: the wire contract of PROTOCOL.md. One declaration per method and
 * notification (a method-name constant and a vscode-jsonrpc RequestType/NotificationType with
 * typed params, result and error data), the shapes they carry, the error band, the protocol
 * version and capability names, the daemon's endpoint names, and the git files both sides check
 * before they run git on a repository (git-blocking.ts). Imports vscode-jsonrpc and node
 * builtins only.
 */
export * from './capabilities.js';
export * from './delta.js';
export * from './endpoint.js';
export * from './errors.js';
export * from './git-blocking.js';
export * from './methods.js';
export * from './param-fields.js';
export * from './methods-daemon.js';
export * from './methods-export.js';
export * from './methods-index.js';
export * from './methods-navigation.js';
export * from './methods-query.js';
export * from './methods-review.js';
export * from './methods-summarize.js';
export * from './methods-surfaces.js';
export * from './methods-trace.js';
export * from './methods-workspace.js';
export * from './shapes.js';
export * from './subscriptions.js';
