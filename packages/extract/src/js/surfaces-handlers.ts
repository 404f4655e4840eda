/**
 * An endpoint's inline handler published as a declaration of its own: in
 * `app.get('/x', (req, res) => send(load()))` the arrow is anonymous, so before this the endpoint
 * had no handler and graph.trace from `GET /x` had no root. The handler becomes a published
 * `function` named `<METHOD> <path>` (the route as registered, `GET /x`: no identifier has a
 * space, so the name never takes the id of a declaration the file already has), whose range is the
 * function's and whose selection is the path argument. Owns, after finishFacts:
 * - adding the declaration (appended, so no index of the finished facts moves) with the innermost
 *   published declaration around the registration as its parent, or an enclosing inline handler;
 * - moving the references inside the handler's range that belonged to that parent to it (those
 *   of a published declaration nested in the handler stay that declaration's);
 * - the owner of a fact at a position (`ownerAt`): the innermost such handler around it.
 * A named function expression the file calls (already published) is used as it is. Deliberately
 * absent: parameters, a signature and a fingerprint (the arrow's own walk kept none, and without a
 * fingerprint the handler is no duplicate candidate), and any change to the qualified names of
 * declarations nested in the handler (their ids stay what they were).
 */
import type { DeclarationFact } from '@repograph/core';
import { MAX_SURFACES } from './surfaces.js';
import type { SurfaceContext } from './surfaces.js';

/** A published inline handler: its offsets, the declaration around its registration, its index. */
export interface InlineHandler {
  start: number;
  end: number;
  /** The innermost published declaration (finished index) around the registration, or -1. */
  base: number;
  index: number;
  /** The innermost handler around this one, whatever its base (published before it), or null. */
  outer: InlineHandler | null;
}

/** At most this many handlers are published per file: those of the first endpoints (the ones MAX_SURFACES keeps). */
export const MAX_INLINE_HANDLERS = MAX_SURFACES;

/** What finishRoutes knows of an inline handler it found. */
export interface InlineHandlerSite {
  method: string;
  /** The path as registered (the key's text). */
  path: string;
  /** The function's offsets. */
  start: number;
  end: number;
  /** The path argument's offsets (the selection), or -1 when it is no literal. */
  keyStart: number;
  keyEnd: number;
  /** The innermost published declaration around the registration (ctx.fromOf), or -1. */
  base: number;
}

/**
 * Publishes the handlers (the first MAX_INLINE_HANDLERS in source order; outer ones first, so a
 * handler registered inside another one is that one's child) and returns each one's finished
 * declaration index in the order given, -1 for one not published.
 */
export function publishInlineHandlers(ctx: SurfaceContext, sites: readonly InlineHandlerSite[]): number[] {
  const order = sites.map((_, i) => i).sort((a, b) => sites[a]!.start - sites[b]!.start || a - b).slice(0, MAX_INLINE_HANDLERS);
  const indexes = new Array<number>(sites.length).fill(-1);
  const functionsByStart = new Map<string, number>();
  ctx.facts.declarations.forEach((d, i) => {
    if (d.published && d.kind === 'function') functionsByStart.set(`${d.range.start.line}:${d.range.start.column}`, i);
  });
  for (const i of order) indexes[i] = publishOne(ctx, sites[i]!, functionsByStart);
  return indexes;
}

/** The owner of a fact at offset `at` whose enclosing walk declaration is `encl` (see the header). */
export function ownerAt(ctx: SurfaceContext, encl: number, at: number): number {
  const base = ctx.fromOf(encl);
  const around = innermostHandler(ctx.inlineHandlers, at);
  return around !== null && around.base === base ? around.index : base;
}

function publishOne(ctx: SurfaceContext, site: InlineHandlerSite, functionsByStart: ReadonlyMap<string, number>): number {
  const declarations = ctx.facts.declarations;
  const start = ctx.position(site.start);
  // A named function expression the file calls is published already: it is the handler.
  const existing = functionsByStart.get(`${start.line}:${start.column}`);
  if (existing !== undefined) return existing;
  const outer = innermostHandler(ctx.inlineHandlers, site.start);
  // Registered in the outer handler's own body (not in a declaration nested in it): its child.
  const parent = outer !== null && outer.base === site.base ? outer.index : site.base;
  const name = `${site.method} ${site.path}`;
  const end = ctx.position(site.end);
  const selection = site.keyStart >= 0 && site.keyEnd > site.keyStart
    ? { start: ctx.position(site.keyStart), end: ctx.position(site.keyEnd) }
    : { start, end: start };
  const fact: DeclarationFact = {
    kind: 'function', name, qualifiedName: parent >= 0 ? `${declarations[parent]!.qualifiedName}.${name}` : name,
    range: { start, end }, selection, parent, scope: 'local', published: true, exported: false,
  };
  const index = declarations.push(fact) - 1;
  moveReferences(ctx, start, end, parent, index);
  // Handlers are published in order of their start, so the list stays sorted by it.
  ctx.inlineHandlers.push({ start: site.start, end: site.end, base: site.base, index, outer });
  return index;
}

/** References between `start` and `end` whose `from` is `parent` now come from `index`. */
function moveReferences(ctx: SurfaceContext, start: Position, end: Position, parent: number, index: number): void {
  const refs = ctx.facts.references;
  // References are in source order (finish.ts): find the first one at or after `start`.
  let low = 0;
  let high = refs.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (before(refs[mid]!, start)) low = mid + 1;
    else high = mid;
  }
  for (let i = low; i < refs.length && before(refs[i]!, end); i++) {
    if (refs[i]!.from === parent) refs[i]!.from = index;
  }
}

interface Position {
  line: number;
  column: number;
}

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.column < b.column);
}

/**
 * The innermost handler whose range holds `at`, or null. Handlers are sorted by start and either
 * nested or apart, so it is the one that starts last at or before `at`, or one around that one.
 */
function innermostHandler(handlers: readonly InlineHandler[], at: number): InlineHandler | null {
  let low = 0;
  let high = handlers.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (handlers[mid]!.start <= at) low = mid + 1;
    else high = mid;
  }
  for (let handler = low > 0 ? handlers[low - 1]! : null; handler !== null; handler = handler.outer) {
    if (at < handler.end) return handler;
  }
  return null;
}
