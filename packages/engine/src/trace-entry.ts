/**
 * The entry of graph.trace given as an endpoint, `METHOD /path` (or `/path` alone: any method),
 * matched against the endpoints' full paths (mounts applied). Paths compare segment by segment,
 * empty segments ignored (`/a//b/` is `/a/b`); a parameter segment on either side (`:id`, `{id}`,
 * `{id:[0-9]+}`, `<int:id>`, `[id]`, a partial key's `*`) matches any one segment, and a last
 * catch-all segment (`*path`, `[...slug]`, `[[...slug]]`, `{path...}`, `<path:p>`) matches the rest.
 * Of the endpoints that match, the best are kept: the most segments equal as written (a parameter
 * against a parameter counting half), then a method named exactly over `ANY`. Owns the parsing and the comparison only.
 */
import type { Endpoint } from './architecture-facts.js';

/** An endpoint entry: the method (null: any) and the path as given. */
export interface EndpointEntry {
  method: string | null;
  path: string;
}

const ENTRY = /^\s*(?:([A-Za-z]+)\s+)?(\/\S*)\s*$/;

/** The endpoint an entry names, or null when it is not `METHOD /path` or `/path`. */
export function parseEndpointEntry(entry: string): EndpointEntry | null {
  const match = ENTRY.exec(entry);
  if (!match) return null;
  return { method: match[1] ? match[1].toUpperCase() : null, path: match[2]! };
}

type Segment = { kind: 'literal'; text: string } | { kind: 'param' } | { kind: 'rest' };

function segmentsOf(path: string): Segment[] {
  const parts = path.split('?')[0]!.split('/').filter((part) => part !== '');
  return parts.map((part, index): Segment => {
    const last = index === parts.length - 1;
    if (last && (/^\*\w*$/.test(part) && part.length > 1 || /^\[\[?\.\.\.[^\]]*\]\]?$/.test(part) || /^\{\w+\.\.\.\}$/.test(part) || /^<path:\w+>$/.test(part))) {
      return { kind: 'rest' };
    }
    if (/^[:*]/.test(part) || /^\{[^}]*\}$/.test(part) || /^<[^>]*>$/.test(part) || /^\[[^\]]*\]$/.test(part) || part.includes('*')) return { kind: 'param' };
    return { kind: 'literal', text: part };
  });
}

/** How well `wanted` matches `registered` (2 per literal segment equal as written, 1 per parameter against a parameter), or null when they do not match. */
function pathScore(wanted: Segment[], registered: Segment[]): number | null {
  let score = 0;
  for (let index = 0; index < Math.max(wanted.length, registered.length); index++) {
    const a = wanted[index];
    const b = registered[index];
    if (a?.kind === 'rest' || b?.kind === 'rest') return score;
    if (!a || !b) return null;
    if (a.kind === 'literal' && b.kind === 'literal') {
      if (a.text !== b.text) return null;
      score += 2;
    } else if (a.kind === 'param' && b.kind === 'param') {
      score += 1;
    }
  }
  return score;
}

/** The endpoints that best match the entry, in the order given (empty when none does). */
export function matchEndpoints(entry: EndpointEntry, endpoints: readonly Endpoint[]): Endpoint[] {
  const wanted = segmentsOf(entry.path);
  let best: Array<{ endpoint: Endpoint; score: number }> = [];
  for (const endpoint of endpoints) {
    const method = endpoint.method.toUpperCase();
    if (entry.method !== null && method !== entry.method && method !== 'ANY' && entry.method !== 'ANY') continue;
    const segments = pathScore(wanted, segmentsOf(endpoint.path));
    if (segments === null) continue;
    // A method named exactly ranks above ANY at the same path score.
    const score = segments * 2 + (entry.method !== null && method === entry.method ? 1 : 0);
    if (best.length > 0 && score < best[0]!.score) continue;
    if (best.length > 0 && score > best[0]!.score) best = [];
    best.push({ endpoint, score });
  }
  return best.map((each) => each.endpoint);
}
