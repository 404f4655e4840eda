/**
 * Daemon handlers: initialize (version check, capabilities), daemon.stats, daemon.shutdown,
 * watch.subscribe and watch.unsubscribe. Owns these conversions.
 */
import { RepographError } from '@repograph/core';
import { DEFAULT_WORKSPACE, gitSpawnerStatus } from '@repograph/engine';
import { CAPABILITIES, isProtocolCompatible, PROTOCOL_VERSION, type DaemonStatsPayload } from '@repograph/protocol';
import { metaOf } from '../context.js';
import { processRssBytes } from '../process-memory.js';
import { initializeParams, watchSubscribeParams, watchUnsubscribeParams } from './daemon-params.js';
import { noParams, type MethodTablePart } from './table.js';

type DaemonMethod = 'initialize' | 'daemon.stats' | 'daemon.shutdown' | 'watch.subscribe' | 'watch.unsubscribe';

/** The git spawner's pid, readiness and memory, or null while git runs from the daemon itself. */
function gitSpawnerStats(): DaemonStatsPayload['gitSpawner'] {
  const status = gitSpawnerStatus();
  return status === null ? null : { ...status, rssBytes: processRssBytes(status.pid) };
}

/** The session and daemon methods' part of the method table. */
export const daemonMethods: MethodTablePart<DaemonMethod> = {
  initialize: { params: initializeParams, handle: async (context, client, params) => {
    const started = performance.now();
    const { clientName, protocolVersion: version } = params;
    if (!isProtocolCompatible(version, PROTOCOL_VERSION)) {
      throw new RepographError('ProtocolVersionMismatch',
        `this daemon speaks protocol ${PROTOCOL_VERSION} and the client ${version}; upgrade the older side (or stop the daemon with \`repograph stop\` so a matching one starts).`,
        { serverProtocolVersion: PROTOCOL_VERSION, clientProtocolVersion: version });
    }
    client.clientName = clientName;
    return {
      serverVersion: context.serverVersion, protocolVersion: PROTOCOL_VERSION, repoRoot: context.repository.root,
      capabilities: [...CAPABILITIES],
      meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started),
    };
  } },
  'daemon.stats': { params: noParams, handle: async (context) => {
    const started = performance.now();
    return {
      pid: process.pid,
      uptimeS: Math.round((Date.now() - context.startedAt) / 1000),
      rssBytes: process.memoryUsage.rss(),
      heapUsedBytes: process.memoryUsage().heapUsed,
      clients: context.clientCount(),
      workspaces: context.repository.listWorkspaces().length,
      queueDepth: context.live.queueDepth(),
      watchedDirectories: context.live.watchedDirectories(),
      inotifyWatches: context.live.inotifyWatches(),
      subscriptions: context.hub.count,
      gitSpawner: gitSpawnerStats(),
      meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started),
    };
  } },
  'daemon.shutdown': { params: noParams, handle: async (context) => {
    const started = performance.now();
    context.requestShutdown('daemon.shutdown was requested');
    return { stopping: true as const, meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started) };
  } },
  'watch.subscribe': { params: watchSubscribeParams, handle: async (context, client, params) => {
    const started = performance.now();
    // Review topics come through their watch twins (the validator refuses them here).
    const workspace = (params.params as { workspace?: string } | undefined)?.workspace;
    if (workspace !== undefined) {
      context.repository.workspace(workspace);
      client.workspaces.add(workspace);
    }
    const subscribed = context.hub.subscribe(params.topic, workspace, client.outbox, params.since);
    return { ...subscribed, meta: metaOf(context.hub.clock(), workspace ?? DEFAULT_WORKSPACE, started) };
  } },
  'watch.unsubscribe': { params: watchUnsubscribeParams, handle: async (context, client, params) => {
    const started = performance.now();
    const { subscriptionId } = params;
    const removed = context.hub.unsubscribe(subscriptionId, client.outbox);
    return { subscriptionId, removed, meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started) };
  } },
};
