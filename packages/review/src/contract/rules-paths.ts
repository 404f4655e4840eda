/**
 * The rules of endpoints (an operation: HTTP method and path) and their operation-level fields.
 * An endpoint is matched by method and path template with parameter names blanked out
 * (`/pets/{id}` and `/pets/{petId}` are one endpoint), so renaming a path parameter is not a
 * removal. operationId: generated clients name their methods after it, so removing or changing
 * it breaks their callers' code although nothing changes on the wire; adding one is harmless.
 */
import type { ContractRule } from './model.js';
import { rule } from './rule-builders.js';

export const PATH_RULES: readonly ContractRule[] = [
  rule('endpoint-added', 'paths', 'endpoint', 'added', 'non-breaking', 'A new operation (method and path). Additive: no existing client calls it.'),
  rule('endpoint-removed', 'paths', 'endpoint', 'removed', 'breaking', 'An operation removed that was not deprecated: its callers get errors with no warning.'),
  rule('deprecated-endpoint-removed', 'paths', 'endpoint', 'removed', 'breaking', 'A deprecated operation removed. Callers were warned, but any still calling it break, so it still needs a decision.'),
  rule('endpoint-deprecated', 'paths', 'deprecated', 'added', 'informational', 'An operation marked deprecated: a deprecation note, it still works.'),
  rule('endpoint-deprecation-removed', 'paths', 'deprecated', 'removed', 'informational', 'An operation no longer marked deprecated.'),
  rule('operation-id-added', 'paths', 'operation-id', 'added', 'informational', 'An operationId given to an operation that had none.'),
  rule('operation-id-removed', 'paths', 'operation-id', 'removed', 'breaking', 'An operationId removed: clients generated from the spec lose the method named after it.'),
  rule('operation-id-changed', 'paths', 'operation-id', 'modified', 'breaking', 'An operationId changed: clients generated from the spec rename the method, breaking code that calls it.'),
  rule('endpoint-summary-changed', 'paths', 'summary', 'modified', 'informational', 'An operation\'s summary added, removed or reworded.'),
  rule('endpoint-description-changed', 'paths', 'description', 'modified', 'informational', 'An operation\'s description added, removed or reworded.'),
  rule('endpoint-tag-added', 'paths', 'tag', 'added', 'informational', 'A tag added to an operation (it groups operations in documentation).'),
  rule('endpoint-tag-removed', 'paths', 'tag', 'removed', 'informational', 'A tag removed from an operation.'),
  rule('endpoint-external-docs-changed', 'paths', 'external-docs', 'modified', 'informational', 'An operation\'s externalDocs added, removed or changed.'),
  rule('endpoint-server-added', 'paths', 'server', 'added', 'non-breaking', 'A server URL added to an operation or its path item (3.x `servers`): another place to call it.'),
  rule('endpoint-server-removed', 'paths', 'server', 'removed', 'breaking', 'A server URL removed from an operation or its path item: clients calling it there fail.'),
  rule('endpoint-other-changed', 'paths', 'other', 'modified', 'non-breaking',
    'Fallback of the area: any other field of an operation or its path item changed (callbacks, a path item\'s summary or description, 2.0 `schemes`, x- extensions). Callbacks are not diffed field by field (oasdiff does not check them either), so the change is listed without a breaking claim.'),
];
