/**
 * The rules of the document around the operations: info, servers (2.0 schemes, host and
 * basePath read as server URLs), tag definitions, externalDocs, the spec version, and component
 * definitions added or removed. A component's contents are not diffed here: each operation that
 * uses it reports what changed under it, so a change to an unused component is invisible, as it
 * is to clients.
 */
import type { ContractRule } from './model.js';
import { rule } from './rule-builders.js';

export const METADATA_RULES: readonly ContractRule[] = [
  rule('info-title-changed', 'metadata', 'title', 'modified', 'informational', 'The API\'s title changed.'),
  rule('info-version-changed', 'metadata', 'version', 'modified', 'informational', 'The API\'s version (info.version) changed.'),
  rule('info-description-changed', 'metadata', 'description', 'modified', 'informational', 'The API\'s description changed.'),
  rule('info-other-changed', 'metadata', 'info', 'modified', 'informational', 'Fallback for info: contact, license, terms of service, summary or an x- extension changed.'),
  rule('server-added', 'metadata', 'server', 'added', 'non-breaking', 'A server URL added (or, in 2.0, a scheme or host): another place to call the API.'),
  rule('server-removed', 'metadata', 'server', 'removed', 'breaking', 'A server URL removed (in 2.0 a scheme, the host or the basePath changed): clients calling it there fail.'),
  rule('server-description-changed', 'metadata', 'description', 'modified', 'informational', 'A server\'s description changed.'),
  rule('server-other-changed', 'metadata', 'server', 'modified', 'non-breaking', 'Fallback for servers: a server\'s variables or x- extensions changed.'),
  rule('tag-added', 'metadata', 'tag', 'added', 'informational', 'A tag defined at the top level.'),
  rule('tag-removed', 'metadata', 'tag', 'removed', 'informational', 'A top-level tag definition removed.'),
  rule('tag-description-changed', 'metadata', 'tag', 'modified', 'informational', 'A top-level tag\'s description or externalDocs changed.'),
  rule('external-docs-changed', 'metadata', 'external-docs', 'modified', 'informational', 'The document\'s externalDocs changed.'),
  rule('spec-version-changed', 'metadata', 'spec-version', 'modified', 'informational', 'The spec\'s own version changed (swagger 2.0 to openapi 3.0, 3.0.3 to 3.1.0). What it changes in operations is reported by their rules.'),
  rule('component-added', 'metadata', 'component', 'added', 'informational', 'A reusable component defined (components.*, or 2.0 definitions, parameters, responses).'),
  rule('component-removed', 'metadata', 'component', 'removed', 'informational', 'A reusable component removed. Operations that used it report what that changed.'),
  rule('document-other-changed', 'metadata', 'other', 'modified', 'informational', 'Fallback of the document: any other top-level field changed (webhooks, jsonSchemaDialect, x- extensions). Webhooks are not diffed operation by operation.'),
];
