/**
 * JSON pointers (RFC 6901): escaping one token, joining, and splitting a pointer or a `#/...`
 * $ref fragment into tokens. Owns the syntax only.
 */

/** Escapes one token: `~` to `~0`, `/` to `~1`. */
export function escapeToken(token: string): string {
  return token.includes('~') || token.includes('/') ? token.replace(/~/g, '~0').replace(/\//g, '~1') : token;
}

/** Appends tokens to a pointer ('' is the root). */
export function joinPointer(pointer: string, ...tokens: ReadonlyArray<string | number>): string {
  let joined = pointer;
  for (const token of tokens) joined += `/${escapeToken(String(token))}`;
  return joined;
}

/** The tokens of a pointer ('' and '/' forms), unescaped. */
export function splitPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(pointer.startsWith('/') ? 1 : 0)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The tokens of a local $ref (`#`, `#/a/b`, percent-encoded or not), or null when the ref is not
 * a local JSON pointer (an anchor such as `#Pet`, or malformed percent-encoding).
 */
export function refTokens(ref: string): string[] | null {
  if (ref === '#') return [];
  if (!ref.startsWith('#/')) return null;
  try {
    return splitPointer(decodeURIComponent(ref.slice(1)));
  } catch {
    return null;
  }
}
