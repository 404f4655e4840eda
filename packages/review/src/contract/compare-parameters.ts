/**
 * The parameters of one operation on both sides: added (required or optional), removed, and for
 * a parameter on both, its requiredness, serialization (style and explode compared with their
 * defaults filled in, so writing a default out is no change), allowEmptyValue, deprecation,
 * description, examples, a path parameter's renaming, its schema (request direction), and the
 * fallback for the rest. Owns the parameter comparison.
 */
import { isTrue, objectAt, stringAt } from './json-value.js';
import { note, noteFieldChange, noteFlagChange, noteOtherFields, noteSchemaChanges, type DiffScope } from './changes.js';
import { joinPointer } from './pointer.js';
import type { SpecOperation, SpecParameter } from './spec-view.js';
import { SWAGGER2_SCHEMA_KEYS } from './swagger2.js';

const READ_FIELDS: ReadonlySet<string> = new Set([
  'name', 'in', 'required', 'deprecated', 'description', 'example', 'examples', 'style', 'explode', 'allowReserved',
  'allowEmptyValue', 'schema', 'content', 'collectionFormat', ...SWAGGER2_SCHEMA_KEYS,
]);

function locationOf(parameter: SpecParameter): string {
  return joinPointer('/parameters', parameter.in, parameter.name);
}

function serialization(parameter: SpecParameter): string {
  const node = parameter.node;
  const style = stringAt(node, 'style') ?? (parameter.in === 'query' || parameter.in === 'cookie' ? 'form' : 'simple');
  const explode = typeof node.explode === 'boolean' ? node.explode : style === 'form';
  const collection = stringAt(node, 'collectionFormat') ?? 'csv';
  return `style=${style} explode=${explode} allowReserved=${isTrue(node, 'allowReserved')} collectionFormat=${collection}`;
}

function compareParameter(scope: DiffScope, base: SpecParameter, head: SpecParameter): void {
  const location = locationOf(head);
  const sources = { base: base.source, head: head.source };
  if (head.in === 'path' && base.name !== head.name) note(scope, 'request-path-parameter-renamed', location, `path parameter renamed from '${base.name}' to '${head.name}'`, sources);
  if (base.required !== head.required) {
    note(scope, head.required ? 'request-parameter-became-required' : 'request-parameter-became-optional', location, `parameter '${head.name}' became ${head.required ? 'required' : 'optional'}`, sources);
  }
  const [serializedBefore, serializedAfter] = [serialization(base), serialization(head)];
  if (serializedBefore !== serializedAfter) {
    note(scope, 'request-parameter-serialization-changed', location, `parameter '${head.name}' serialization changed from ${serializedBefore} to ${serializedAfter}`, sources);
  }
  noteFlagChange(scope, { on: 'request-parameter-empty-value-allowed', off: 'request-parameter-empty-value-disallowed' }, base.node, head.node, 'allowEmptyValue', location, sources);
  noteFlagChange(scope, { on: 'request-parameter-deprecated', off: 'request-parameter-deprecation-removed' }, base.node, head.node, 'deprecated', location, sources);
  noteFieldChange(scope, 'request-parameter-description-changed', base.node, head.node, 'description', location, sources);
  noteFieldChange(scope, 'request-parameter-example-changed', base.node, head.node, 'example', location, sources);
  noteFieldChange(scope, 'request-parameter-example-changed', base.node, head.node, 'examples', location, sources);
  const mediaBefore = Object.keys(objectAt(base.node, 'content') ?? {}).join(',');
  const mediaAfter = Object.keys(objectAt(head.node, 'content') ?? {}).join(',');
  if (mediaBefore !== mediaAfter) note(scope, 'request-parameter-other-changed', joinPointer(location, 'content'), `content media type changed from ${mediaBefore || 'none'} to ${mediaAfter || 'none'}`, sources);
  noteOtherFields(scope, 'request-parameter-other-changed', base.node, head.node, READ_FIELDS, location, sources);
  const schemaLocation = joinPointer(location, 'schema');
  const changes = scope.schemas.compare(base.schema, head.schema, 'request', joinPointer(base.source, 'schema'), joinPointer(head.source, 'schema'));
  noteSchemaChanges(scope, schemaLocation, changes);
}

/** Compares the parameters of an operation present on both sides. */
export function compareParameters(scope: DiffScope, base: SpecOperation, head: SpecOperation): void {
  const keys = [...new Set([...base.parameters.keys(), ...head.parameters.keys()])].sort();
  for (const key of keys) {
    const before = base.parameters.get(key);
    const after = head.parameters.get(key);
    if (before && after) compareParameter(scope, before, after);
    else if (after) {
      const ruleId = after.required ? 'request-required-parameter-added' : 'request-optional-parameter-added';
      note(scope, ruleId, locationOf(after), `${after.required ? 'required' : 'optional'} ${after.in} parameter '${after.name}' added`, { head: after.source });
    } else if (before) {
      note(scope, 'request-parameter-removed', locationOf(before), `${before.in} parameter '${before.name}' removed`, { base: before.source });
    }
  }
}
