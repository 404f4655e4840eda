/**
 * What the raw (not yet dereferenced) value of a spec says about itself: the JSON pointer of
 * every object in it (so a node met anywhere in the dereferenced spec can name where it is
 * written), and its $ref problems. A $ref is a problem when it is external (a file or a URL:
 * external references are never fetched, so they are never resolved) or when it is local and
 * points at nothing (a missing pointer, an anchor such as `#Pet`, malformed percent-encoding).
 * Owns the scan only; dereferencing is load.ts's, through @readme/openapi-parser.
 */
import { isObject } from './json-value.js';
import { joinPointer, refTokens } from './pointer.js';

/** A $ref that cannot be resolved, at the pointer of the object holding it. */
export interface RefProblem {
  pointer: string;
  message: string;
}

export interface SourceScan {
  /** Every object and array of the raw value, by identity, to the pointer where it is written. */
  pointers: WeakMap<object, string>;
  problems: RefProblem[];
}

const MAX_REF_HOPS = 64;

/** The raw value at these tokens, following $refs met on the way (as a dereferencer would). */
function resolveTokens(root: unknown, tokens: readonly string[]): boolean {
  let node = root;
  let hops = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as string;
    if (Array.isArray(node)) {
      node = /^\d+$/.test(token) ? node[Number(token)] : undefined;
    } else if (isObject(node)) {
      if (!Object.hasOwn(node, token) && typeof node.$ref === 'string' && hops++ < MAX_REF_HOPS) {
        const target = refTokens(node.$ref);
        if (target === null) return false;
        node = root;
        tokens = [...target, ...tokens.slice(index)];
        index = -1;
        continue;
      }
      node = node[token];
    } else {
      return false;
    }
    if (node === undefined) return false;
  }
  return true;
}

function refProblem(root: unknown, ref: string): string | null {
  if (!ref.startsWith('#')) {
    return `has an external $ref "${ref}", which is not resolved: external files and URLs are never fetched (bundle the spec into one file)`;
  }
  const tokens = refTokens(ref);
  if (tokens === null) return `has a $ref "${ref}" that is not a JSON pointer into this file (anchors are not resolved)`;
  return resolveTokens(root, tokens) ? null : `has an unresolvable $ref "${ref}": nothing is at that pointer`;
}

/** Scans the raw value once: pointers of every object, and the $ref problems (in no set order). */
export function scanSource(root: unknown): SourceScan {
  const pointers = new WeakMap<object, string>();
  const problems: RefProblem[] = [];
  const values: unknown[] = [root];
  const paths: string[] = [''];
  while (values.length > 0) {
    const value = values.pop();
    const pointer = paths.pop() as string;
    if (typeof value !== 'object' || value === null || pointers.has(value)) continue;
    pointers.set(value, pointer);
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const child: unknown = value[index];
        if (typeof child === 'object' && child !== null) {
          values.push(child);
          paths.push(`${pointer}/${index}`);
        }
      }
      continue;
    }
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const child = record[key];
      if (key === '$ref' && typeof child === 'string') {
        const message = refProblem(root, child);
        if (message) problems.push({ pointer, message });
      } else if (typeof child === 'object' && child !== null) {
        values.push(child);
        paths.push(joinPointer(pointer, key));
      }
    }
  }
  return { pointers, problems };
}
