/**
 * The rules of an operation's responses, by status (`200`, `2XX`, `default`...; success means
 * 2xx), and of their headers (matched case-insensitively). Response schemas and header schemas
 * are schema rules in the response direction.
 */
import type { ContractRule } from './model.js';
import { rule } from './rule-builders.js';

export const RESPONSE_RULES: readonly ContractRule[] = [
  rule('response-success-status-removed', 'responses', 'status', 'removed', 'breaking', 'A success (2xx) response status removed: clients relying on it get something else.', 'response'),
  rule('response-non-success-status-removed', 'responses', 'status', 'removed', 'breaking', 'A non-success response status (or `default`) removed: clients that handle it get an undocumented response instead.', 'response'),
  rule('response-success-status-added', 'responses', 'status', 'added', 'non-breaking', 'A new success response status. Additive for clients that treat any 2xx as success.', 'response'),
  rule('response-non-success-status-added', 'responses', 'status', 'added', 'non-breaking', 'A new non-success response status (an error now documented). Additive.', 'response'),
  rule('response-description-changed', 'responses', 'description', 'modified', 'informational', 'A response\'s description reworded.', 'response'),
  rule('response-header-added', 'responses', 'header', 'added', 'non-breaking', 'A response header added. Additive.', 'response'),
  rule('response-header-removed', 'responses', 'header', 'removed', 'breaking', 'A response header removed: clients reading it find nothing.', 'response'),
  rule('response-header-became-optional', 'responses', 'required', 'modified', 'breaking', 'A required response header made optional: clients may no longer get it.', 'response'),
  rule('response-header-became-required', 'responses', 'required', 'modified', 'non-breaking', 'An optional response header made required: clients get it always.', 'response'),
  rule('response-header-description-changed', 'responses', 'description', 'modified', 'informational', 'A response header\'s description changed.', 'response'),
  rule('response-header-deprecated', 'responses', 'deprecated', 'modified', 'informational', 'A response header marked deprecated or no longer deprecated.', 'response'),
  rule('response-other-changed', 'responses', 'other', 'modified', 'non-breaking', 'Fallback of the area: any other field of a response or a response header changed (links, a header\'s style or example, x- extensions).', 'response'),
];
