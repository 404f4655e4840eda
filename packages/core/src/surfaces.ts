/**
 * Architecture facts (issue 17): the HTTP endpoints a file registers, the configuration keys it
 * reads and the database tables it declares or touches, and the mounts that put one router's
 * routes under a prefix. Owns their shapes at both ends: `SurfaceFact`/`MountFact` as extraction
 * writes them into FileFacts (expressions still unbound), `SurfaceRecord`/`MountRecord` as
 * assembly publishes them on the file's symbol (expressions bound to symbol ids). It does not own
 * how they are found (packages/extract) or how prefixes compose across files (packages/engine).
 */
import type { ValueExpr } from './facts.js';

/** What a surface fact is about. */
export type SurfaceKind = 'endpoint' | 'config' | 'table';

/**
 * One architecture fact found at a site.
 * - endpoint: `key` is the path pattern as registered at the site, with the prefixes the file
 *   itself shows already applied (a `Blueprint(url_prefix=...)`, a Go subrouter made in the same
 *   function); `method` the upper-case HTTP method, `ANY` where every method is routed; `target`
 *   the handler expression; `router` the router or app object it is registered on, where another
 *   file may mount that object under a prefix (absent: the file's own module is the router, as a
 *   Django `urls.py`); `routerParam` instead of `router` where the object is parameter `n` of the
 *   enclosing function `from` (Go `func routes(r *mux.Router)`).
 * - config: `key` the configuration key (`DATABASE_URL`, `db.host`); `access` the form that read
 *   it (`process.env`, `import.meta.env`, `os.environ`, `os.environ.get`, `os.getenv`,
 *   `os.Getenv`, `os.LookupEnv`, `viper.GetString`, `config.get`, ...); `default` the default
 *   value's source text where the site writes one.
 * - table: `key` the table name; `access` `model` (a declaration maps it: Prisma model, TypeORM
 *   entity, SQLAlchemy/Django model, GORM model), `read` or `write` (SQL text passed to a query
 *   call); `target` the model class where it is not `from` itself.
 * `partial` marks a key that is only partly known: the known part is kept as written and each
 * computed part is written `*` (`/users/*`, `PREFIX_*`); a partial key is never completed by guessing.
 */
export interface SurfaceFact {
  kind: SurfaceKind;
  key: string;
  /** Which form found it: `express`, `fastify`, `koa-router`, `hono`, `nestjs`, `nextjs`, `flask`, `fastapi`, `django`, `net/http`, `gorilla/mux`, `gin`, `echo`, `chi`, `env`, `viper`, `prisma`, `typeorm`, `sequelize`, `drizzle`, `sqlalchemy`, `gorm`, `sql`, ... */
  framework: string;
  method?: string;
  access?: string;
  default?: string;
  partial?: boolean;
  /** The innermost enclosing published declaration (index into declarations), -1 for the file. */
  from: number;
  target?: ValueExpr;
  router?: ValueExpr;
  routerParam?: number;
  /** Position of the key's literal (or of the call, where the key is not a literal). */
  line: number;
  column: number;
}

/**
 * A mount: the routes registered on `mounted` are served under `prefix` on `on` (absent: on the
 * application root). `mounted` may be a module (`{k: 'module'}` for Django's `include('app.urls')`,
 * an import of a module for Express `app.use('/x', require('./x'))`); `mountedParam` instead names
 * the router passed as argument `param` of a call of `callee` (Go `routes(api)`), whose endpoints
 * carry `routerParam`. `partial`: the prefix is only partly known.
 */
export interface MountFact {
  prefix: string;
  framework: string;
  partial?: boolean;
  mounted?: ValueExpr;
  mountedParam?: { callee: ValueExpr; param: number };
  on?: ValueExpr;
  from: number;
  line: number;
  column: number;
}

/**
 * A surface fact as published (on the file symbol's `surfaces`): `owner` the id of the innermost
 * enclosing symbol (or the path), `target` the bound handler or model id (null where the
 * expression binds to nothing in the tree), `router` the bound router identity: a symbol id, a
 * module's path, or `<function id>(<n>)` for a router parameter. The site's path is the file's.
 */
export interface SurfaceRecord {
  kind: SurfaceKind;
  key: string;
  framework: string;
  method?: string;
  access?: string;
  default?: string;
  partial?: boolean;
  owner: string;
  target?: string | null;
  /** The target's name as written, kept when it does not bind. */
  targetName?: string;
  router?: string;
  line: number;
  column: number;
}

/** A mount as published (on the file symbol's `mounts`), its expressions bound like SurfaceRecord's. */
export interface MountRecord {
  prefix: string;
  framework: string;
  partial?: boolean;
  /** The mounted router's identity (a symbol id, a module path, `<function id>(<n>)`), null if unbound. */
  mounted: string | null;
  /** The parent router's identity; absent: the application root. */
  on?: string | null;
  owner: string;
  line: number;
  column: number;
}
