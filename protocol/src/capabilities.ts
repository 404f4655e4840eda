/**
 * What client and server agree on at `initialize`: the protocol version (compatible while the
 * major number matches, and before 1.0 the minor number too) and the names of optional
 * capabilities the server declares. Clients test capabilities, not version numbers.
 */

/**
 * The wire protocol's version; clients test capabilities, not this number. History: 0.1, the
 * first; 0.2, subscription clocks are strings `c:<storeId>:<generation>` (they were bare numbers);
 * 0.3, the error band moved to -33000..-33099 (out of JSON-RPC's reserved range; the `data.code`
 * names are unchanged), `edit.apply` declares `renames`, `index.listBaselines` always fills
 * `createdAt` and `bytes`, and `workspace.list` `stale` follows the root's HEAD; 0.4, `index.diff`
 * and the review studio's `review_studio.*` (error ReviewNotFound); 0.4.1, `review_studio.axis`
 * and `watchAxis`, and `index.status` answers the root's HEAD as git has it now, with `stale`;
 * 0.4.2, navigation facts: `types.hierarchy`, `graph.path`, `symbols.definition`, `graph.callers`
 * `followInterface` (nodes marked `via`), `commit` instead of `workspace` on every query (the
 * commit's baseline; `meta.workspace` `commit:<sha>`), `index.removeRepo`, and `index.status`
 * `git` (dirty files, upstream, ahead/behind); 0.4.3 (additive), `symbols.outline`; 0.4.4
 * (additive), Java and the syntax tier: `meta.semanticLevel` `syntax` on answers about a
 * syntax-tier file, and a review cohort's `semanticLevel`; architecture facts: `surfaces.endpoints`, `surfaces.configKeys`,
 * `surfaces.dbTables`, `surfaces` on `symbols.card`/`symbols.context`, and the structural delta's
 * `surfaces` (facts added and removed); `graph.trace` (a call tree with each node's facts) and
 * `repo.summarize` (the repository's overview).
 */
export const PROTOCOL_VERSION = '0.4.4';

/** Optional features a server may declare in its `initialize` result. */
export const CAPABILITIES = [
  /** `watch.subscribe` / `watch.unsubscribe` / `watch.event`. */
  'subscriptions',
  /** `workspace.*`, and the `workspace` parameter of queries. */
  'workspaces',
  /** `sync: true` on queries (a barrier through the watcher). */
  'sync',
  /** `repo.export` streaming through `repo.exportChunk`. */
  'export.stream',
  /** `index.ensureBaseline`, `index.listBaselines`, `index.cleanup` (and `index.removeRepo` @since 0.4.2). */
  'baselines',
  /** `edit.apply`. */
  'edits',
  /** `delta.since`, `workspace.refresh` deltas and the `graph.delta` topic. */
  'delta',
  /** `index.diff` and `review_studio.*`. @since 0.4.0 */
  'review',
  /** `types.hierarchy`, `graph.path`, `symbols.definition` and `graph.callers` `followInterface` (@since 0.4.2); `symbols.outline` (@since 0.4.3). */
  'navigation',
  /** `commit` (a commit's baseline) instead of `workspace` on queries. @since 0.4.2 */
  'commits',
  /** `surfaces.endpoints`, `surfaces.configKeys`, `surfaces.dbTables`; facts on cards and in deltas. @since 0.4.4 */
  'surfaces',
  /** `graph.trace` and `repo.summarize`. @since 0.4.4 */
  'overview',

] as const;
export type CapabilityName = (typeof CAPABILITIES)[number];

/** The major number of a `major.minor.patch` version, or NaN when it is not one. */
export function protocolMajor(version: string): number {
  return protocolParts(version)[0];
}

/**
 * True when a client speaking `clientVersion` may talk to a server speaking `serverVersion`: the
 * same major number, and while it is 0 the same minor number (a 0.x minor may change the wire).
 */
export function isProtocolCompatible(clientVersion: string, serverVersion: string): boolean {
  const [clientMajor, clientMinor] = protocolParts(clientVersion);
  const [serverMajor, serverMinor] = protocolParts(serverVersion);
  if (Number.isNaN(clientMajor) || clientMajor !== serverMajor) return false;
  return clientMajor !== 0 || clientMinor === serverMinor;
}

function protocolParts(version: string): [number, number] {
  const match = /^(\d+)\.(\d+)\.\d+(?:[-+].*)?$/.exec(version);
  return match ? [Number(match[1]), Number(match[2])] : [Number.NaN, Number.NaN];
}
