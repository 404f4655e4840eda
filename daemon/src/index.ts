/**
 * @repograph/daemon: the only long-running process. Nothing imports it (DESIGN.md); the entry
 * for tests and hosts that embed it is startDaemon.
 */
export { startDaemon, SERVER_VERSION, type DaemonOptions, type RunningDaemon } from './server.js';
