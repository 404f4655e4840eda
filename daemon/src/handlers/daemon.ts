/**
 * Daemon handlers: initialize (version check, capabilities), daemon.stats, daemon.shutdown,
 * watch.subscribe and watch.unsubscribe. Owns these conversions.
 */
import { RepographError } from '@repograph/core';
import { DEFAULT_WORKSPACE } from '@repograph/engine';
import { CAPABILITIES, isProtocolCompatible, isTopic, PROTOCOL_VERSION } from '@repograph/protocol';
import { metaOf } from '../context.js';
import { invalid, optionalString, requiredString } from '../params.js';
import type { HandlerTable } from './table.js';

export const daemonHandlers: HandlerTable = {
  initialize: async (context, client, params) => {
    const started = performance.now();
    const clientName = optionalString(params, 'clientName') ?? 'unnamed';
    const version = optionalString(params, 'protocolVersion') ?? PROTOCOL_VERSION;
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
  },
  'daemon.stats': async (context) => {
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
      meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started),
    };
  },
  'daemon.shutdown': async (context) => {
    const started = performance.now();
    context.requestShutdown('daemon.shutdown was requested');
    return { stopping: true, meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started) };
  },
  'watch.subscribe': async (context, client, params) => {
    const started = performance.now();
    const topic = requiredString(params, 'topic');
    if (!isTopic(topic)) throw invalid('topic', `'${topic}' is not a topic; use index.progress, graph.delta or workspace.changed.`);
    const topicParams = params.params;
    if (topicParams !== undefined && (typeof topicParams !== 'object' || topicParams === null || Array.isArray(topicParams))) {
      throw invalid('params', 'must be an object such as {workspace: "id"}.');
    }
    const workspace = optionalString((topicParams ?? {}) as Record<string, unknown>, 'workspace');
    if (workspace !== undefined) {
      context.repository.workspace(workspace);
      client.workspaces.add(workspace);
    }
    const since = params.since;
    // A string or number is a clock, maybe one the daemon cannot vouch for (a fresh instance then);
    // anything else is not a clock at all.
    if (since !== undefined && typeof since !== 'string' && !(Number.isSafeInteger(since) && (since as number) >= 0)) {
      throw invalid('since', 'must be a clock such as "c:<store>:<generation>" from an earlier watch.subscribe answer or watch.event.');
    }
    const subscribed = context.hub.subscribe(topic, workspace, client.outbox, since);
    return { ...subscribed, meta: metaOf(context.hub.clock(), workspace ?? DEFAULT_WORKSPACE, started) };
  },
  'watch.unsubscribe': async (context, client, params) => {
    const started = performance.now();
    const subscriptionId = requiredString(params, 'subscriptionId');
    const removed = context.hub.unsubscribe(subscriptionId, client.outbox);
    return { subscriptionId, removed, meta: metaOf(context.hub.clock(), DEFAULT_WORKSPACE, started) };
  },
};
