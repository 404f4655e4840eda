/**
 * The rules of media types: a request body's or a response's `content` keys (3.x), or the
 * consumes and produces lists of Swagger 2.0, which the diff reads as the same keys.
 */
import type { ContractRule } from './model.js';
import { rule } from './rule-builders.js';

export const MEDIA_TYPE_RULES: readonly ContractRule[] = [
  rule('request-media-type-added', 'media-types', 'media-type', 'added', 'non-breaking', 'A request body accepts one more media type. Additive.', 'request'),
  rule('request-media-type-removed', 'media-types', 'media-type', 'removed', 'breaking', 'A request body no longer accepts a media type: clients sending it are refused.', 'request'),
  rule('response-media-type-added', 'media-types', 'media-type', 'added', 'non-breaking', 'A response can be had in one more media type. Clients asking for the old ones get them still.', 'response'),
  rule('response-media-type-removed', 'media-types', 'media-type', 'removed', 'breaking', 'A response no longer comes in a media type: clients that ask for or expect it break.', 'response'),
  rule('request-media-type-encoding-changed', 'media-types', 'encoding', 'modified', 'breaking', 'The encoding of a multipart or form request body changed: clients keep encoding the old way.', 'request'),
  rule('media-type-example-changed', 'media-types', 'example', 'modified', 'informational', 'A media type\'s example or examples changed.'),
  rule('media-type-other-changed', 'media-types', 'other', 'modified', 'non-breaking', 'Fallback of the area: any other field of a media type object changed (a response\'s encoding, x- extensions).'),
];
