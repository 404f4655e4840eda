/**
 * Params validators of the session and daemon methods (initialize, daemon.*, watch.*): raw
 * JSON in, the protocol's declared params out, InvalidParams naming the field otherwise. Run by
 * the session before the handler, so nothing waits on a bad request. Owns these checks only.
 */
import { isTopic, PROTOCOL_VERSION, TOPIC_PARAM_FIELDS, type Clock, type InitializeParams, type WatchSubscribeParams, type WatchUnsubscribeParams } from '@repograph/protocol';
import { invalid, optionalString, requiredString, type Params } from '../params.js';
import { refuseUnknownFields } from '../unknown-fields.js';

/** `clientName` defaults to 'unnamed' and `protocolVersion` to the daemon's own (older clients sent neither). */
export function initializeParams(raw: Params): InitializeParams {
  return {
    clientName: optionalString(raw, 'clientName') ?? 'unnamed',
    protocolVersion: optionalString(raw, 'protocolVersion') ?? PROTOCOL_VERSION,
  };
}

export function watchSubscribeParams(raw: Params): WatchSubscribeParams {
  const topic = requiredString(raw, 'topic');
  if (!isTopic(topic)) throw invalid('topic', `'${topic}' is not a topic; use index.progress, graph.delta or workspace.changed.`);
  if (topic.startsWith('review_studio.')) {
    const twin = `review_studio.watch${topic.charAt('review_studio.'.length).toUpperCase()}${topic.slice('review_studio.'.length + 1)}`;
    throw invalid('topic', `'${topic}' is subscribed through its watch twin; call ${twin} with the method's params.`);
  }
  const topicParams = raw.params;
  if (topicParams !== undefined && topicParams !== null && (typeof topicParams !== 'object' || Array.isArray(topicParams))) {
    throw invalid('params', 'must be an object such as {workspace: "id"}.');
  }
  refuseUnknownFields((topicParams ?? {}) as Params, TOPIC_PARAM_FIELDS, `watch.subscribe's params for ${topic}`, 'params.');
  const workspace = optionalString((topicParams ?? {}) as Params, 'workspace');
  const since = sinceClock(raw.since);
  return { topic, ...(workspace !== undefined ? { params: { workspace } } : {}), ...(since !== undefined ? { since } : {}) };
}

export function watchUnsubscribeParams(raw: Params): WatchUnsubscribeParams {
  return { subscriptionId: requiredString(raw, 'subscriptionId') };
}

/**
 * A string or a number is a clock, maybe one the daemon cannot vouch for (a bare number, from
 * protocol 0.1, is kept as its text and gets a fresh instance); anything else is not a clock.
 */
function sinceClock(since: unknown): Clock | undefined {
  if (since === undefined || since === null) return undefined;
  if (typeof since === 'string') return optionalString({ since }, 'since');
  if (Number.isSafeInteger(since) && (since as number) >= 0) return String(since);
  throw invalid('since', 'must be a clock such as "c:<store>:<generation>" from an earlier watch.subscribe answer or watch.event.');
}
