/**
 * Next.js file routes, read from the path and the exports: a `route.(ts|js|...)` file under an
 * `app/` folder (or `src/app/`) exporting `GET`, `POST`, ... gives one endpoint per exported
 * method; a file under `pages/api/` with a default export gives one endpoint of method `ANY`.
 * The key is the folder path as Next writes it: dynamic segments stay `[id]`, `[...slug]`,
 * `[[...slug]]`; route groups `(x)` and parallel-route slots `@x` are dropped; `pages/api/a/index.ts`
 * is `/api/a`. The first `app` (or `pages`) folder of the path is taken for Next's. The handler is
 * the export's value; `from` the exported declaration when the export names one.
 */
import type { SurfaceContext } from './surfaces.js';

const APP_ROUTE = /(?:^|\/)app\/((?:[^/]+\/)*)route\.(?:ts|js|mjs|tsx|jsx)$/;
const PAGES_API = /(?:^|\/)pages\/(api(?:\/[^/]+)*?)(?:\/index)?\.(?:ts|js|mjs|tsx|jsx)$/;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

/** Whether the path can be a Next.js route file at all (the cheap test). */
export function mayBeNextRoute(path: string): boolean {
  return path.endsWith('route.ts') || path.endsWith('route.js') || path.includes('pages/api/') || /route\.(mjs|tsx|jsx)$/.test(path);
}

/** Adds the file's Next.js endpoints. */
export function finishNextRoutes(ctx: SurfaceContext): void {
  const path = ctx.path.replace(/\\/g, '/');
  const app = APP_ROUTE.exec(path);
  if (app !== null) {
    const key = routeKey(app[1]!.split('/'));
    for (const exp of ctx.facts.exports) {
      if (exp.style !== 'local' || !METHODS.has(exp.exported)) continue;
      addEndpoint(ctx, key, exp.exported, exp);
    }
    return;
  }
  const pages = PAGES_API.exec(path);
  if (pages === null) return;
  const exp = ctx.facts.exports.find((e) => e.style === 'local' && e.exported === 'default');
  if (exp !== undefined) addEndpoint(ctx, routeKey(pages[1]!.split('/')), 'ANY', exp);
}

function routeKey(segments: string[]): string {
  const kept = segments.filter((s) => s !== '' && !(s.startsWith('(') && s.endsWith(')')) && !s.startsWith('@'));
  return `/${kept.join('/')}`;
}

function addEndpoint(ctx: SurfaceContext, key: string, method: string, exp: SurfaceContext['facts']['exports'][number]): void {
  const value = exp.value;
  ctx.addSurface({
    kind: 'endpoint', key, framework: 'nextjs', method,
    from: value !== undefined && value.k === 'decl' ? value.decl : -1,
    ...(value !== undefined ? { target: value } : {}),
    line: exp.line, column: exp.column,
  });
}
