/**
 * The names of every request method's params, as the wire accepts them: a field not named here is
 * refused (InvalidParams naming it), so a misspelt or misplaced parameter is never ignored in
 * silence (`workspace.create {base}` for `{baseCommit}` would otherwise create a workspace at
 * HEAD). `tsc -b` holds each list to its method's declared params type, both ways: a listed name
 * the type lacks, or a declared field left out, fails the build.
 */
import type { ParamsOf, RequestMethod } from './methods.js';

/** The field names of a params type (each member of a union; none for an open record such as NoParams). */
type FieldsOf<P> = P extends unknown ? (string extends keyof P ? never : keyof P & string) : never;

/** Each method's accepted fields, every one a field of its declared params. */
type FieldLists = { readonly [M in RequestMethod]: readonly FieldsOf<ParamsOf<M>>[] };

/** Every request method's params fields. */
export const PARAM_FIELDS = {
  'initialize': ['clientName', 'protocolVersion'],
  'index.status': ['workspace', 'sync'],
  'index.ensureBaseline': ['commit'],
  'index.listBaselines': [],
  'index.cleanup': ['dryRun'],
  'index.report': ['workspace', 'sync'],
  'index.removeRepo': ['dryRun'],
  'repo.export': ['format', 'exportId', 'workspace', 'sync'],
  'symbols.search': ['query', 'kinds', 'path', 'limit', 'commit', 'workspace', 'sync'],
  'symbols.card': ['id', 'commit', 'workspace', 'sync'],
  'symbols.context': ['maxCallees', 'id', 'commit', 'workspace', 'sync'],
  'code.span': ['path', 'startLine', 'endLine', 'commit', 'workspace', 'sync'],
  'code.searchText': ['pattern', 'regex', 'path', 'limit', 'commit', 'workspace', 'sync'],
  'refs.find': ['kinds', 'id', 'commit', 'workspace', 'sync'],
  'graph.callers': ['followInterface', 'depth', 'id', 'commit', 'workspace', 'sync'],
  'graph.callees': ['depth', 'id', 'commit', 'workspace', 'sync'],
  'types.hierarchy': ['id', 'commit', 'workspace', 'sync'],
  'graph.path': ['from', 'to', 'maxDepth', 'maxPaths', 'commit', 'workspace', 'sync'],
  'symbols.definition': ['id', 'commit', 'workspace', 'sync'],
  'symbols.outline': ['path', 'exportedOnly', 'limit', 'commit', 'workspace', 'sync'],
  'surfaces.endpoints': ['path', 'kind', 'keyPrefix', 'limit', 'commit', 'workspace', 'sync'],
  'surfaces.configKeys': ['path', 'kind', 'keyPrefix', 'limit', 'commit', 'workspace', 'sync'],
  'surfaces.dbTables': ['path', 'kind', 'keyPrefix', 'limit', 'commit', 'workspace', 'sync'],
  'graph.trace': ['entry', 'depth', 'commit', 'workspace', 'sync'],
  'repo.summarize': ['commit', 'workspace', 'sync'],
  'workspace.create': ['id', 'root', 'baseCommit'],
  'workspace.list': [],
  'workspace.refresh': ['id', 'paths', 'contents'],
  'workspace.reset': ['id'],
  'workspace.delete': ['id'],
  'edit.apply': ['edits', 'dryRun', 'renames', 'workspace', 'sync'],
  'delta.since': ['base', 'workspace', 'sync'],
  'index.diff': ['base', 'head', 'workspace'],
  'review_studio.compute': ['base', 'head', 'workspace'],
  'review_studio.get': ['reviewId'],
  'review_studio.cohorts': ['reviewId'],
  'review_studio.blastRadius': ['depth', 'reviewId'],
  'review_studio.cohortImpact': ['key', 'depth', 'reviewId'],
  'review_studio.ciSignals': ['results', 'reviewId'],
  'review_studio.dependencyDiffs': ['reviewId'],
  'review_studio.watchCompute': ['base', 'head', 'workspace', 'since'],
  'review_studio.watchCohorts': ['reviewId', 'since'],
  'review_studio.watchBlastRadius': ['depth', 'reviewId', 'since'],
  'review_studio.watchCohortImpact': ['key', 'depth', 'reviewId', 'since'],
  'review_studio.watchCiSignals': ['results', 'reviewId', 'since'],
  'review_studio.watchDependencyDiffs': ['reviewId', 'since'],
  'review_studio.finalize': ['axes', 'summary', 'reviewId'],
  'review_studio.verdict': ['reviewId'],
  'review_studio.setCohortSummary': ['key', 'markdown', 'reviewId'],
  'review_studio.watchVerdict': ['reviewId', 'since'],
  'review_studio.approveVisual': ['snapshotId', 'reviewId'],
  'review_studio.addReviewDiagram': ['key', 'diagram', 'reviewId'],
  'review_studio.setContractDecision': ['changeId', 'decision', 'note', 'reviewId'],
  'review_studio.axis': ['axis', 'reviewId'],
  'review_studio.watchAxis': ['axis', 'reviewId', 'since'],
  'watch.subscribe': ['topic', 'params', 'since'],
  'watch.unsubscribe': ['subscriptionId'],
  'daemon.stats': [],
  'daemon.shutdown': [],
} as const satisfies FieldLists;

/** The declared fields a list leaves out (never, when every list is complete). */
type Unlisted = { [M in RequestMethod]: Exclude<FieldsOf<ParamsOf<M>>, (typeof PARAM_FIELDS)[M][number]> }[RequestMethod];
/** Fails the build, naming the field, when a method's list leaves out a field its params declare. */
export const PARAM_FIELDS_COMPLETE: [Unlisted] extends [never] ? true : Unlisted = true;

/** The fields `watch.subscribe` accepts inside its `params` (the topic's scope). */
export const TOPIC_PARAM_FIELDS = ['workspace'] as const;
