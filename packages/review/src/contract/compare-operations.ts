/**
 * Endpoints on both sides: added, removed (deprecated or not), and for one on both sides its
 * operation-level fields (deprecation, operationId, summary, description, tags, externalDocs,
 * servers, the fallback), then its parameters, request body, responses and security. A side
 * that is absent (a spec added or removed as a whole) makes every endpoint of the other side
 * added or removed. Owns the endpoint comparison.
 */
import { arrayAt, stringAt } from './json-value.js';
import { note, noteFieldChange, noteFlagChange, noteOtherFields, type DiffScope, type PendingChange } from './changes.js';
import { compareRequestBodies, compareResponses } from './compare-content.js';
import { compareParameters } from './compare-parameters.js';
import { compareEndpointSecurity } from './compare-security.js';
import { joinPointer } from './pointer.js';
import type { SchemaComparer } from './schema-compare.js';
import { HTTP_METHODS, type SpecOperation, type SpecView } from './spec-view.js';

const OPERATION_FIELDS: ReadonlySet<string> = new Set([
  'tags', 'summary', 'description', 'externalDocs', 'operationId', 'parameters', 'requestBody', 'responses', 'deprecated',
  'security', 'servers', 'consumes', 'produces',
]);
const PATH_ITEM_FIELDS: ReadonlySet<string> = new Set([...HTTP_METHODS, 'parameters', 'servers', '$ref']);

function compareOperationId(scope: DiffScope, base: SpecOperation, head: SpecOperation, sources: { base: string; head: string }): void {
  const before = stringAt(base.node, 'operationId');
  const after = stringAt(head.node, 'operationId');
  if (before === after) return;
  const ruleId = before === undefined ? 'operation-id-added' : after === undefined ? 'operation-id-removed' : 'operation-id-changed';
  const at = { base: joinPointer(sources.base, 'operationId'), head: joinPointer(sources.head, 'operationId') };
  note(scope, ruleId, '/operationId', `operationId changed from ${before ?? 'none'} to ${after ?? 'none'}`, at);
}

function compareSets(scope: DiffScope, rules: { added: string; removed: string }, before: string[], after: string[], location: string, what: string, sources: { base: string; head: string }): void {
  const was = new Set(before);
  const now = new Set(after);
  for (const item of [...now].sort()) if (!was.has(item)) note(scope, rules.added, joinPointer(location, item), `${what} '${item}' added`, sources);
  for (const item of [...was].sort()) if (!now.has(item)) note(scope, rules.removed, joinPointer(location, item), `${what} '${item}' removed`, sources);
}

function tagsOf(operation: SpecOperation): string[] {
  return arrayAt(operation.node, 'tags').filter((tag): tag is string => typeof tag === 'string');
}

function compareOperation(scope: DiffScope, base: SpecOperation, head: SpecOperation): void {
  const sources = { base: base.source, head: head.source };
  noteFlagChange(scope, { on: 'endpoint-deprecated', off: 'endpoint-deprecation-removed' }, base.node, head.node, 'deprecated', '', sources);
  compareOperationId(scope, base, head, sources);
  noteFieldChange(scope, 'endpoint-summary-changed', base.node, head.node, 'summary', '', sources);
  noteFieldChange(scope, 'endpoint-description-changed', base.node, head.node, 'description', '', sources);
  noteFieldChange(scope, 'endpoint-external-docs-changed', base.node, head.node, 'externalDocs', '', sources);
  compareSets(scope, { added: 'endpoint-tag-added', removed: 'endpoint-tag-removed' }, tagsOf(base), tagsOf(head), '/tags', 'tag', sources);
  compareSets(scope, { added: 'endpoint-server-added', removed: 'endpoint-server-removed' }, base.servers, head.servers, '/servers', 'server', sources);
  noteOtherFields(scope, 'endpoint-other-changed', base.node, head.node, OPERATION_FIELDS, '', sources);
  const pathItemSources = { base: base.pathItemSource, head: head.pathItemSource };
  noteOtherFields(scope, 'endpoint-other-changed', base.pathItem, head.pathItem, PATH_ITEM_FIELDS, '/path-item', pathItemSources);
  compareParameters(scope, base, head);
  compareRequestBodies(scope, base, head);
  compareResponses(scope, base, head);
  compareEndpointSecurity(scope, base, head);
}

/** Compares the endpoints of two sides (either may be null: a spec added or removed whole). */
export function compareEndpoints(base: SpecView | null, head: SpecView | null, schemas: SchemaComparer, emit: (change: PendingChange) => void): void {
  const keys = [...new Set([...(base?.operations.keys() ?? []), ...(head?.operations.keys() ?? [])])].sort();
  for (const key of keys) {
    const before = base?.operations.get(key);
    const after = head?.operations.get(key);
    const scope: DiffScope = { operation: (after ?? before)?.label, emit, schemas };
    if (before && after) compareOperation(scope, before, after);
    else if (after) note(scope, 'endpoint-added', '', `endpoint ${after.label} added`, { head: after.source });
    else if (before) {
      const deprecated = before.node.deprecated === true;
      note(scope, deprecated ? 'deprecated-endpoint-removed' : 'endpoint-removed', '', `${deprecated ? 'deprecated ' : ''}endpoint ${before.label} removed`, { base: before.source });
    }
  }
}
