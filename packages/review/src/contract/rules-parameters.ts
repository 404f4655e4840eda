/**
 * The rules of an operation's parameters (path, query, header and cookie; Swagger 2.0 body and
 * formData parameters are request bodies). A parameter is matched by where it is and its name
 * (header names case-insensitively); a path parameter by its place in the path template. Changes
 * to a parameter's schema are schema rules in the request direction.
 */
import type { ContractRule } from './model.js';
import { rule } from './rule-builders.js';

export const PARAMETER_RULES: readonly ContractRule[] = [
  rule('request-parameter-removed', 'parameters', 'parameter', 'removed', 'breaking', 'A parameter removed: clients that send it may be refused, and what it controlled is gone.', 'request'),
  rule('request-required-parameter-added', 'parameters', 'parameter', 'added', 'breaking', 'A new required parameter: existing clients do not send it.', 'request'),
  rule('request-optional-parameter-added', 'parameters', 'parameter', 'added', 'non-breaking', 'A new optional parameter. Additive.', 'request'),
  rule('request-parameter-became-required', 'parameters', 'required', 'modified', 'breaking', 'An optional parameter made required: clients that leave it out are refused.', 'request'),
  rule('request-parameter-became-optional', 'parameters', 'required', 'modified', 'non-breaking', 'A required parameter made optional. Widens what is accepted.', 'request'),
  rule('request-parameter-serialization-changed', 'parameters', 'serialization', 'modified', 'breaking',
    'How a parameter is written on the wire changed (style, explode, allowReserved, or 2.0 collectionFormat): clients keep writing the old form.', 'request'),
  rule('request-parameter-empty-value-disallowed', 'parameters', 'allow-empty-value', 'removed', 'breaking', 'allowEmptyValue turned off: clients sending an empty value are refused.', 'request'),
  rule('request-parameter-empty-value-allowed', 'parameters', 'allow-empty-value', 'added', 'non-breaking', 'allowEmptyValue turned on. Widens what is accepted.', 'request'),
  rule('request-parameter-deprecated', 'parameters', 'deprecated', 'added', 'informational', 'A parameter marked deprecated.', 'request'),
  rule('request-parameter-deprecation-removed', 'parameters', 'deprecated', 'removed', 'informational', 'A parameter no longer marked deprecated.', 'request'),
  rule('request-parameter-description-changed', 'parameters', 'description', 'modified', 'informational', 'A parameter\'s description added, removed or reworded.', 'request'),
  rule('request-parameter-example-changed', 'parameters', 'example', 'modified', 'informational', 'A parameter\'s example or examples changed.', 'request'),
  rule('request-path-parameter-renamed', 'parameters', 'name', 'modified', 'informational', 'A path parameter renamed in the template and its definition: the URL clients build is the same.', 'request'),
  rule('request-parameter-other-changed', 'parameters', 'other', 'modified', 'non-breaking',
    'Fallback of the area: any other field of a parameter changed (x- extensions, the media type key of a `content` parameter).', 'request'),
];
