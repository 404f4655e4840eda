/**
 * Request bodies, responses, their media types and response headers of one operation on both
 * sides. A request body's schemas are compared in the request direction; a response's and its
 * headers' in the response direction. Owns these comparisons; schemas are schema-compare.ts's.
 */
import { objectAt, sameJson, shown } from './json-value.js';
import { note, noteFieldChange, noteFlagChange, noteOtherFields, noteSchemaChanges, type DiffScope } from './changes.js';
import type { ContractDirection } from './model.js';
import { joinPointer } from './pointer.js';
import type { SpecBody, SpecHeader, SpecMedia, SpecOperation, SpecResponse } from './spec-view.js';
import { SWAGGER2_SCHEMA_KEYS } from './swagger2.js';

const BODY_FIELDS: ReadonlySet<string> = new Set(['description', 'required', 'content', 'name', 'in', 'schema']);
const MEDIA_FIELDS: ReadonlySet<string> = new Set(['schema', 'example', 'examples', 'encoding']);
const RESPONSE_FIELDS: ReadonlySet<string> = new Set(['description', 'headers', 'content', 'schema', 'examples']);
const HEADER_FIELDS: ReadonlySet<string> = new Set(['description', 'required', 'deprecated', 'schema', 'content', ...SWAGGER2_SCHEMA_KEYS]);

/** Where a media type's example is written (a 2.0 response writes it under its `examples`). */
function exampleSource(media: SpecMedia): string {
  return media.exampleSource ?? joinPointer(media.source, 'example');
}

function compareMedia(scope: DiffScope, base: SpecMedia, head: SpecMedia, direction: ContractDirection, location: string): void {
  const sources = { base: base.source, head: head.source };
  if (!sameJson(base.node.example, head.node.example)) {
    const message = `example changed from ${shown(base.node.example)} to ${shown(head.node.example)}`;
    note(scope, 'media-type-example-changed', joinPointer(location, 'example'), message, { base: exampleSource(base), head: exampleSource(head) });
  }
  noteFieldChange(scope, 'media-type-example-changed', base.node, head.node, 'examples', location, sources);
  noteFieldChange(scope, direction === 'request' ? 'request-media-type-encoding-changed' : 'media-type-other-changed', base.node, head.node, 'encoding', location, sources);
  noteOtherFields(scope, 'media-type-other-changed', base.node, head.node, MEDIA_FIELDS, location, sources);
  const changes = scope.schemas.compare(base.schema, head.schema, direction, joinPointer(base.source, 'schema'), joinPointer(head.source, 'schema'));
  noteSchemaChanges(scope, joinPointer(location, 'schema'), changes);
}

function compareContent(scope: DiffScope, base: Map<string, SpecMedia>, head: Map<string, SpecMedia>, direction: ContractDirection, location: string): void {
  const types = [...new Set([...base.keys(), ...head.keys()])].sort();
  for (const type of types) {
    const before = base.get(type);
    const after = head.get(type);
    const at = joinPointer(location, type);
    if (before && after) compareMedia(scope, before, after, direction, at);
    else if (after) note(scope, `${direction}-media-type-added`, at, `${direction} media type ${type} added`, { head: after.source });
    else if (before) note(scope, `${direction}-media-type-removed`, at, `${direction} media type ${type} removed`, { base: before.source });
  }
}

function compareBody(scope: DiffScope, base: SpecBody, head: SpecBody): void {
  const location = '/requestBody';
  const sources = { base: base.source, head: head.source };
  if (base.required !== head.required) {
    note(scope, head.required ? 'request-body-became-required' : 'request-body-became-optional', location, `request body became ${head.required ? 'required' : 'optional'}`, sources);
  }
  noteFieldChange(scope, 'request-body-description-changed', base.node, head.node, 'description', location, sources);
  noteOtherFields(scope, 'request-body-other-changed', base.node, head.node, BODY_FIELDS, location, sources);
  compareContent(scope, base.content, head.content, 'request', joinPointer(location, 'content'));
}

/** Compares the request bodies of an operation present on both sides. */
export function compareRequestBodies(scope: DiffScope, base: SpecOperation, head: SpecOperation): void {
  const before = base.requestBody;
  const after = head.requestBody;
  if (before && after) compareBody(scope, before, after);
  else if (after) note(scope, after.required ? 'request-required-body-added' : 'request-body-added', '/requestBody', `${after.required ? 'required' : 'optional'} request body added`, { head: after.source });
  else if (before) note(scope, 'request-body-removed', '/requestBody', 'request body removed', { base: before.source });
}

function compareHeader(scope: DiffScope, base: SpecHeader, head: SpecHeader, location: string): void {
  const sources = { base: base.source, head: head.source };
  if (base.required !== head.required) {
    note(scope, head.required ? 'response-header-became-required' : 'response-header-became-optional', location, `response header '${head.name}' became ${head.required ? 'required' : 'optional'}`, sources);
  }
  noteFieldChange(scope, 'response-header-description-changed', base.node, head.node, 'description', location, sources);
  noteFlagChange(scope, { on: 'response-header-deprecated', off: 'response-header-deprecated' }, base.node, head.node, 'deprecated', location, sources);
  noteOtherFields(scope, 'response-other-changed', base.node, head.node, HEADER_FIELDS, location, sources);
  const [mediaBefore, mediaAfter] = [Object.keys(objectAt(base.node, 'content') ?? {}).join(','), Object.keys(objectAt(head.node, 'content') ?? {}).join(',')];
  if (mediaBefore !== mediaAfter) note(scope, 'response-other-changed', joinPointer(location, 'content'), `content media type changed from ${mediaBefore || 'none'} to ${mediaAfter || 'none'}`, sources);
  const changes = scope.schemas.compare(base.schema, head.schema, 'response', joinPointer(base.source, 'schema'), joinPointer(head.source, 'schema'));
  noteSchemaChanges(scope, joinPointer(location, 'schema'), changes);
}

function compareResponse(scope: DiffScope, base: SpecResponse, head: SpecResponse, location: string): void {
  const sources = { base: base.source, head: head.source };
  noteFieldChange(scope, 'response-description-changed', base.node, head.node, 'description', location, sources);
  noteOtherFields(scope, 'response-other-changed', base.node, head.node, RESPONSE_FIELDS, location, sources);
  const names = [...new Set([...base.headers.keys(), ...head.headers.keys()])].sort();
  for (const name of names) {
    const before = base.headers.get(name);
    const after = head.headers.get(name);
    const at = joinPointer(location, 'headers', after?.name ?? before?.name ?? name);
    if (before && after) compareHeader(scope, before, after, at);
    else if (after) note(scope, 'response-header-added', at, `response header '${after.name}' added`, { head: after.source });
    else if (before) note(scope, 'response-header-removed', at, `response header '${before.name}' removed`, { base: before.source });
  }
  compareContent(scope, base.content, head.content, 'response', joinPointer(location, 'content'));
}

/** Compares the responses of an operation present on both sides. */
export function compareResponses(scope: DiffScope, base: SpecOperation, head: SpecOperation): void {
  const statuses = [...new Set([...base.responses.keys(), ...head.responses.keys()])].sort();
  for (const status of statuses) {
    const before = base.responses.get(status);
    const after = head.responses.get(status);
    const location = joinPointer('/responses', status);
    const kind = status.startsWith('2') ? 'success' : 'non-success';
    if (before && after) compareResponse(scope, before, after, location);
    else if (after) note(scope, `response-${kind}-status-added`, location, `${kind} response ${status} added`, { head: after.source });
    else if (before) note(scope, `response-${kind}-status-removed`, location, `${kind} response ${status} removed`, { base: before.source });
  }
}
