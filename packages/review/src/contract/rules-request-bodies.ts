/**
 * The rules of an operation's request body (3.x requestBody; a Swagger 2.0 `in: body` or
 * formData parameters, read as one). Its media types are media-type rules, its schemas schema
 * rules in the request direction.
 */
import type { ContractRule } from './model.js';
import { rule } from './rule-builders.js';

export const REQUEST_BODY_RULES: readonly ContractRule[] = [
  rule('request-body-added', 'request-body', 'request-body', 'added', 'non-breaking', 'An optional request body where there was none. Additive.', 'request'),
  rule('request-required-body-added', 'request-body', 'request-body', 'added', 'breaking', 'A required request body where there was none: existing clients send no body.', 'request'),
  rule('request-body-removed', 'request-body', 'request-body', 'removed', 'breaking', 'The request body removed: what clients send is no longer part of the contract, and may be refused or ignored.', 'request'),
  rule('request-body-became-required', 'request-body', 'required', 'modified', 'breaking', 'An optional request body made required: clients that send none are refused.', 'request'),
  rule('request-body-became-optional', 'request-body', 'required', 'modified', 'non-breaking', 'A required request body made optional.', 'request'),
  rule('request-body-description-changed', 'request-body', 'description', 'modified', 'informational', 'The request body\'s description added, removed or reworded.', 'request'),
  rule('request-body-other-changed', 'request-body', 'other', 'modified', 'non-breaking', 'Fallback of the area: any other field of a request body changed (x- extensions).', 'request'),
];
