/**
 * What a full git object id looks like: 40 hex digits (SHA-1) or 64 (SHA-256), lower case, as
 * git prints them. One test for every place that must tell an id from a ref name or an
 * abbreviation (an id names one object for good; a ref moves).
 */
const FULL_OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** True when `text` is a full object id. */
export function isFullObjectId(text: string): boolean {
  return FULL_OBJECT_ID.test(text);
}
