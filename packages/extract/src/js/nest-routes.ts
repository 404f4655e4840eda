/**
 * Facts declared by decorators: NestJS endpoints (`@Controller('users')` or
 * `@Controller({ path: 'users' })` on a class, `@Get(':id')`, `@Post()`, ... `@All()` on its
 * methods; key `/` + controller path + method path as Nest joins them, the handler the method
 * declaration) and TypeORM entities (`@Entity()`, `@Entity('name')`, `@Entity({ name })`,
 * `@ViewEntity`: a table of access `model`; unnamed, the key is TypeORM's default naming: the
 * class name in snake_case, `UserProfile` -> `user_profile`; a custom namingStrategy or
 * entityPrefix is configuration this file does not show). The decorators must be imported from
 * `@nestjs/common` and `typeorm`. A global prefix (`app.setGlobalPrefix`) and RouterModule paths
 * are not applied. Owns only the reading of the collected decorator calls.
 */
import type { Decl } from '../model.js';
import * as S from './syntax.js';
import { importSpecifierOf } from './surfaces.js';
import type { DecoratorSite, SurfaceContext } from './surfaces.js';
import { keyOf } from './surfaces-text.js';
import type { KeyText } from './surfaces-text.js';

const NEST_METHODS: Record<string, string> = {
  Get: 'GET', Post: 'POST', Put: 'PUT', Patch: 'PATCH', Delete: 'DELETE', Options: 'OPTIONS', Head: 'HEAD', All: 'ANY',
};

/** Reads the collected decorators for Nest endpoints and TypeORM entities. */
export function finishDecorators(ctx: SurfaceContext, decorators: readonly DecoratorSite[]): void {
  const w = ctx.w;
  const controllers = new Map<number, KeyText>();
  for (const site of decorators) {
    if (site.name !== 'Controller') continue;
    const ref = w.refs[site.ref]!;
    if (importSpecifierOf(w, ref.target) !== '@nestjs/common' || ref.encl < 0 || w.decls[ref.encl]!.kind !== 'class') continue;
    const path = decoratorPath(ctx, site, 'path');
    if (path !== null) controllers.set(ref.encl, path);
  }
  for (const site of decorators) {
    const ref = w.refs[site.ref]!;
    const decl = ref.encl;
    if (decl < 0) continue;
    const method = NEST_METHODS[site.name];
    if (method !== undefined) {
      const d = w.decls[decl]!;
      const prefix = controllers.get(d.container);
      if (prefix === undefined || d.kind !== 'method' || importSpecifierOf(w, ref.target) !== '@nestjs/common') continue;
      const path = decoratorPath(ctx, site, 'path');
      if (path === null) continue;
      const parts = [prefix.text, path.text].map((part) => part.replace(/^\/+|\/+$/g, '')).filter((part) => part !== '');
      const joined = { text: `/${parts.join('/')}`, partial: prefix.partial || path.partial };
      const key = joined.text;
      const out = ctx.outputDecl(decl);
      const first = site.args[0];
      const position = ctx.position(first !== undefined && first.kind === S.K_STRING ? first.start + 1 : site.site);
      ctx.addSurface({
        kind: 'endpoint', key, framework: 'nestjs', method, ...(joined.partial ? { partial: true } : {}),
        from: ctx.fromOf(decl), ...(out >= 0 ? { target: { k: 'decl', decl: out } } : {}),
        line: position.line, column: position.column,
      });
    } else if (site.name === 'Entity' || site.name === 'ViewEntity') {
      const d = w.decls[decl]!;
      if (d.kind !== 'class' || importSpecifierOf(w, ref.target) !== 'typeorm') continue;
      const named = decoratorPath(ctx, site, 'name');
      if (named !== null && named.partial) continue;
      const key = named !== null && named.text !== '' ? named.text : snakeCase(d);
      if (key === '') continue;
      const first = site.args[0];
      const position = ctx.position(first !== undefined && first.kind === S.K_STRING ? first.start + 1 : site.site);
      ctx.addSurface({ kind: 'table', key, framework: 'typeorm', access: 'model', from: ctx.fromOf(decl), line: position.line, column: position.column });
    }
  }
}

/** The decorator's path: its string (or constant) argument, `{ [field]: '...' }`, or '' without one; null when computed. */
function decoratorPath(ctx: SurfaceContext, site: DecoratorSite, field: string): KeyText | null {
  const first = site.args[0];
  if (first === undefined) return { text: '', partial: false };
  if (first.kind === S.K_OBJECT) {
    const m = new RegExp(`\\b${field}\\s*:\\s*(['"\`])([^'"\`$\\\\\\n]*)\\1`).exec(first.text ?? '');
    if (m !== null) return { text: m[2]!, partial: false };
    return new RegExp(`\\b${field}\\b`).test(first.text ?? '') ? null : { text: '', partial: false };
  }
  const name = first.kind === S.K_IDENT && first.value.k === 'name' ? first.value.name : null;
  return keyOf(ctx.w, first.kind, first.text, name, ctx.w.moduleScope);
}

/** TypeORM's default table name of an entity class: its name in snake_case. */
function snakeCase(d: Decl): string {
  return d.name
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z\d]+)/g, '$1_$2')
    .toLowerCase();
}
