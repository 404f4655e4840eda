/**
 * @repograph/client: the typed client of the repograph daemon: find the repository and its
 * daemon, connect (auto-starting it when asked), send typed requests, subscribe with clocks,
 * stream exports; list and stop daemons. Imports @repograph/protocol, vscode-jsonrpc and node
 * builtins only.
 */
export { startDaemonAndConnect, type AutoStartOptions } from './auto-start.js';
export { RepographClient, type SessionOptions, type Subscription } from './client.js';
export { connect, type ConnectOptions } from './connect.js';
export { listDaemons, stopDaemon, type DaemonListing, type ListDaemonsOptions, type StopResult } from './daemons.js';
export { isRepographRequestError, RepographRequestError, type RequestErrorData } from './errors.js';
export { isPidAlive, readLockPid, readRegistry } from './registry.js';
export { dataRootFrom, findRepository, refuseBlockingGitFiles, type RepositoryIdentity } from './repository.js';
export { socketAccepts, tryConnect, type ConnectAttempt } from './socket-probe.js';
