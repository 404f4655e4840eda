/**
 * Clocked subscriptions, after watchman's subscribe/since: `watch.subscribe`,
 * `watch.unsubscribe` and the `watch.event` notification, with each topic's parameters and
 * payload. The clock is the generation the payload describes; a client that resubscribes with
 * `since: clock` receives what changed after it, and when the daemon cannot say (it restarted,
 * or the client's queue overflowed) the next event has `isFreshInstance: true` and the client
 * must resync: never a silent loss.
 */
import { NotificationType, RequestType } from 'vscode-jsonrpc';
import type { StructuralDelta } from './delta.js';
import type { ErrorData } from './errors.js';
import type { WithMeta } from './shapes.js';

export const TOPICS = ['index.progress', 'graph.delta', 'workspace.changed'] as const;
export type Topic = (typeof TOPICS)[number];

/** What a subscriber may narrow each topic by. */
export interface TopicParams {
  'index.progress': { workspace?: string };
  'graph.delta': { workspace?: string };
  'workspace.changed': { workspace?: string };
}

/** Progress of a build under way. */
export interface IndexProgressPayload {
  workspace: string;
  /** The stage (`scan`, `extract`, `bind`, `publish`, ...). */
  phase: string;
  done: number;
  total: number;
}

/** One structural delta per published generation of the workspace. */
export interface GraphDeltaPayload extends StructuralDelta {
  workspace: string;
  generation: number;
}

/** A workspace was created, refreshed, reset, deleted, or went stale. */
export interface WorkspaceChangedPayload {
  workspace: string;
  change: 'created' | 'refreshed' | 'reset' | 'deleted' | 'stale';
  generation?: number;
}

export interface TopicPayload {
  'index.progress': IndexProgressPayload;
  'graph.delta': GraphDeltaPayload;
  'workspace.changed': WorkspaceChangedPayload;
}

export interface WatchSubscribeParams<T extends Topic = Topic> {
  topic: T;
  params?: TopicParams[T];
  /** A clock from an earlier event or subscription: receive what changed after it. */
  since?: number;
}

export interface WatchSubscribePayload {
  subscriptionId: string;
  /** The generation current when the subscription started. */
  clock: number;
}
export type WatchSubscribeResult = WithMeta<WatchSubscribePayload>;

export const WatchSubscribeMethod = 'watch.subscribe';
export const WatchSubscribeRequest = new RequestType<WatchSubscribeParams, WatchSubscribeResult, ErrorData>(WatchSubscribeMethod);

export interface WatchUnsubscribeParams {
  subscriptionId: string;
}

export interface WatchUnsubscribePayload {
  subscriptionId: string;
  /** False when there was no such subscription on this connection. */
  removed: boolean;
}
export type WatchUnsubscribeResult = WithMeta<WatchUnsubscribePayload>;

export const WatchUnsubscribeMethod = 'watch.unsubscribe';
export const WatchUnsubscribeRequest = new RequestType<WatchUnsubscribeParams, WatchUnsubscribeResult, ErrorData>(WatchUnsubscribeMethod);

export interface WatchEvent<T extends Topic = Topic> {
  subscriptionId: string;
  topic: T;
  /** The generation the payload describes. */
  clock: number;
  /** True when events may have been missed: the client must resync from a fresh query. */
  isFreshInstance: boolean;
  payload: TopicPayload[T];
}

export const WatchEventMethod = 'watch.event';
export const WatchEventNotification = new NotificationType<WatchEvent>(WatchEventMethod);

/** True when `value` names a topic. */
export function isTopic(value: unknown): value is Topic {
  return typeof value === 'string' && (TOPICS as readonly string[]).includes(value);
}
