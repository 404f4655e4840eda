/**
 * @repograph/cli: the `repograph` command. `main` runs it; `connectToDaemon` is how every
 * daemon-backed command (and any script reusing them) reaches the repository's daemon.
 */
export { main, reportError, type CommandOptions } from './main.js';
export { connectToDaemon, daemonMainPath, type DaemonConnectionOptions } from './daemon-connection.js';
