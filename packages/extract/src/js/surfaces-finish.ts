/**
 * The step after finishFacts that turns the walk's surface candidates (surfaces.ts) into the
 * file's `surfaces` and `mounts`: routes and mounts first (the calls they use are no table or
 * config candidates), then tables, config keys, decorators and Next.js file routes; both lists in
 * source order, absent when empty. Owns only the order and the indexes the forms share.
 */
import type { MountFact, SurfaceFact } from '@repograph/core';
import type { Expr } from '../model.js';
import type { LineTable } from '../positions.js';
import type { FinishedFacts } from '../finish.js';
import type { Walker } from './walker.js';
import { MAX_SURFACES, SurfaceContext } from './surfaces.js';
import type { CallSite, NewSite } from './surfaces.js';
import { finishRoutes } from './surfaces-routes.js';
import { finishTables } from './surfaces-tables.js';
import { configCall, finishConfig } from './surfaces-config.js';
import { finishDecorators } from './nest-routes.js';
import { finishNextRoutes, mayBeNextRoute } from './next-routes.js';

/** The file's architecture facts, or null when it has none. */
export function finishSurfaces(
  w: Walker, facts: FinishedFacts, lines: LineTable, path: string,
): { surfaces?: SurfaceFact[]; mounts?: MountFact[] } | null {
  const collected = w.surfaces;
  const next = mayBeNextRoute(path);
  if (collected === null && !next) return null;
  const ctx = new SurfaceContext(w, facts, lines, path);
  if (collected !== null) {
    const callsByResult = new Map<Expr, CallSite>();
    const childrenOf = new Map<Expr, CallSite[]>();
    for (const call of collected.calls) {
      callsByResult.set(call.result, call);
      if (call.callee.k === 'member' && call.callee.object.k === 'call') {
        const list = childrenOf.get(call.callee.object);
        if (list === undefined) childrenOf.set(call.callee.object, [call]);
        else list.push(call);
      }
    }
    const newsByResult = new Map<Expr, NewSite>();
    for (const made of collected.news) newsByResult.set(made.result, made);
    const used = finishRoutes(ctx, collected.calls, newsByResult, callsByResult);
    for (const call of collected.calls) if (!used.has(call) && configCall(ctx, call)) used.add(call);
    finishTables(ctx, collected.calls, used, childrenOf);
    finishConfig(ctx);
    finishDecorators(ctx, collected.decorators);
  }
  if (next) finishNextRoutes(ctx);
  const byPosition = (a: { line: number; column: number }, b: { line: number; column: number }): number => a.line - b.line || a.column - b.column;
  const out: { surfaces?: SurfaceFact[]; mounts?: MountFact[] } = {};
  if (ctx.surfaces.length > 0) out.surfaces = ctx.surfaces.sort(byPosition).slice(0, MAX_SURFACES);
  if (ctx.mounts.length > 0) out.mounts = ctx.mounts.sort(byPosition).slice(0, MAX_SURFACES);
  return out.surfaces === undefined && out.mounts === undefined ? null : out;
}
