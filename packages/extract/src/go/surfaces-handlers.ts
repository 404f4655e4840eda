/**
 * A Go endpoint's handler written as a function literal (`r.GET("/ping", func(c *gin.Context)
 * {...})`, `http.HandleFunc("/x", func(w, r) {...})`) published as a function of its own, as the
 * JS walker does for an inline handler (js/surfaces-handlers.ts): named `<METHODS> <path>` after
 * the route as registered (`GET /ping`, `GET,POST /x` for a gorilla route with two methods), its
 * range the literal's, so the endpoint has a handler id that graph.trace, symbols.card and
 * graph.callers start from. Owns, after the walk: naming and publishing the literal's declaration
 * (the walk made one, unpublished and nameless), its parent (the function around the
 * registration, or an enclosing published literal), and moving the references and facts in its
 * range that came from that parent to it. At most MAX_INLINE_HANDLERS per file, outer ones first.
 * Deliberately absent: anything for literals that are no handler, and any change to declarations
 * nested in the literal (their parents stay).
 */
import type { Range, SurfaceFact } from '@repograph/core';
import type { GoSurfaces } from './surfaces.js';
import type { GoWalker } from './walker.js';

/** At most this many handlers are published per file (as many facts as a JS file keeps). */
export const MAX_INLINE_HANDLERS = 2000;

/** An endpoint whose handler is the function literal declared at `decl`. */
export interface GoInlineHandler {
  decl: number;
  fact: SurfaceFact & { methods?: string[] };
}

/** Publishes each endpoint's literal handler (see the header); call before the facts are finished. */
export function publishGoInlineHandlers(walker: GoWalker, s: GoSurfaces): void {
  const declarations = walker.declarations;
  const pending = [...s.inlineHandlers]
    .sort((a, b) => compare(declarations[a.decl]!.range.start, declarations[b.decl]!.range.start) || a.decl - b.decl)
    .slice(0, MAX_INLINE_HANDLERS);
  const done: Array<{ decl: number; range: Range; base: number }> = [];
  for (const { decl, fact } of pending) {
    const d = declarations[decl]!;
    if (d.published || d.name !== '') continue;
    const base = d.parent;
    let outer: { decl: number; range: Range } | undefined;
    for (const each of done) if (each.base === base && within(d.range.start, each.range) && (outer === undefined || compare(each.range.start, outer.range.start) > 0)) outer = each;
    const parent = outer?.decl ?? base;
    const methods = fact.methods ?? (fact.method !== undefined ? [fact.method] : []);
    const name = `${methods.length > 0 ? methods.join(',') : 'ANY'} ${fact.key}`;
    d.name = name;
    d.qualifiedName = parent >= 0 ? `${declarations[parent]!.qualifiedName}.${name}` : name;
    d.parent = parent;
    d.published = true;
    d.exported = false;
    for (const ref of walker.references) if (ref.from === parent && within(ref, d.range)) ref.from = decl;
    for (const other of s.surfaces) if (other.from === parent && within(other, d.range)) other.from = decl;
    done.push({ decl, range: d.range, base });
  }
}

interface Position {
  line: number;
  column: number;
}

function compare(a: Position, b: Position): number {
  return a.line - b.line || a.column - b.column;
}

function within(at: Position, range: Range): boolean {
  return compare(at, range.start) >= 0 && compare(at, range.end) < 0;
}
