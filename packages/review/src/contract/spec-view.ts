/**
 * The shapes of a spec as the diff reads it: operations keyed by method and path template, each
 * with its parameters keyed by location and name, its request body, responses, media types,
 * headers and effective security, whether the spec is Swagger 2.0 or OpenAPI 3.x. Every piece
 * keeps the node it comes from and that node's JSON pointer in the source. Owns the shapes;
 * building them is operations.ts's (3.x) and swagger2.ts's (2.0).
 */
import type { JsonObject } from './json-value.js';
import type { LoadedSpec } from './load.js';

export interface SpecMedia {
  node: JsonObject;
  schema: JsonObject | undefined;
  source: string;
  /** Where its example is written when not at `<source>/example`: a 2.0 response's `examples/<media type>`. */
  exampleSource?: string;
}

export interface SpecBody {
  node: JsonObject;
  required: boolean;
  content: Map<string, SpecMedia>;
  source: string;
}

export interface SpecHeader {
  /** The name as written on the side it comes from. */
  name: string;
  node: JsonObject;
  schema: JsonObject | undefined;
  required: boolean;
  source: string;
}

export interface SpecResponse {
  node: JsonObject;
  content: Map<string, SpecMedia>;
  /** By lower-cased name. */
  headers: Map<string, SpecHeader>;
  source: string;
}

export interface SpecParameter {
  /** `query:limit`, `header:x-id` (lower-cased), or `path#0` for the first path template slot. */
  key: string;
  in: string;
  name: string;
  node: JsonObject;
  schema: JsonObject | undefined;
  required: boolean;
  source: string;
}

/** One way to authenticate: schemes (by name) with their scopes; no scheme is the anonymous one. */
export interface SecurityAlternative {
  /** Scheme names sorted and joined with `+`; '' for anonymous. */
  key: string;
  schemes: Map<string, string[]>;
}

export interface SpecOperation {
  /** `GET /pets/{}`: method and path with parameter names blanked, what endpoints match by. */
  key: string;
  /** `GET /pets/{petId}`, as written. */
  label: string;
  node: JsonObject;
  pathItem: JsonObject;
  source: string;
  pathItemSource: string;
  parameters: Map<string, SpecParameter>;
  requestBody: SpecBody | undefined;
  /** By status, upper-cased (`200`, `2XX`, `DEFAULT`). */
  responses: Map<string, SpecResponse>;
  /** The effective requirements: never empty (no security is one anonymous alternative). */
  security: SecurityAlternative[];
  /** Server URLs of the operation or its path item (3.x); empty when it inherits the document's. */
  servers: string[];
}

export interface SpecView {
  spec: LoadedSpec;
  positions: (pointer: string) => number;
  operations: Map<string, SpecOperation>;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The source pointer of a node: where it is written, else the fallback (the place it was met). */
export function sourceOf(spec: LoadedSpec, node: unknown, fallback: string): string {
  return typeof node === 'object' && node !== null ? spec.pointers.get(node) ?? fallback : fallback;
}

/** The key a parameter is matched by: its slot in the path template for a path parameter. */
export function parameterKey(path: string, location: string, name: string): string {
  if (location === 'path') {
    const slots = [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]);
    const slot = slots.indexOf(name);
    if (slot >= 0) return `path#${slot}`;
  }
  return `${location}:${location === 'header' ? name.toLowerCase() : name}`;
}
