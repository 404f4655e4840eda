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
 *   enclosing function `from` (Go `func routes(r *mux.Router)`), or `-1` where it is the router
 *   the enclosing function `from` returns (`function routes() { const r = Router(); r.get(...);
 *   return r; }`), bound like a parameter as `<from's id>(-1)`.
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
  /**
   * endpoint: what the router object is, where the site shows it: `app`, an application object
   * made by the framework's app factory (`express()`, `Flask(__name__)`, `gin.Default()`), whose
   * routes are served at their own path unless it is itself mounted; `router`, a sub-router
   * (`express.Router()`, a Blueprint, an `APIRouter`, a router parameter), whose routes are served
   * under whatever mounts it. JS: `express()`, `fastify()`, a `new Hono()` the file serves
   * (`app.fetch`, `serve(app)`) are `app`; `Router()` calls and `new Router()` (koa-router, a
   * project's own `x.Router()` wrapper), imported routers, router parameters and routers the
   * enclosing function returns (made by no app factory) are `router`; a module-level object of
   * unknown make, `this.x` and other Hono instances are absent. An endpoint on a `router` that no mount reaches is
   * published with its path marked partial (`*` before it), never as if served at the root; so is
   * one on a function's returned router or parameter of any kind (an `app` included) that no mount
   * and no serving site (MountFact.serves) reaches.
   */
  routerKind?: 'app' | 'router';
  /**
   * endpoint: the leading part of `key` that came from the router's own constructor prefix (a
   * Flask `Blueprint(url_prefix=...)`), which a mount that replaces it (MountFact.replacesPrefix)
   * takes off before putting its own prefix on.
   */
  routerPrefix?: string;
  /** See KeyHoles: what each `*` of `key` stands for, where one is a constant of another file. */
  holes?: KeyHoles;
  /** Position of the key's literal (or of the call, where the key is not a literal). */
  line: number;
  column: number;
}

/**
 * A mount: the routes registered on `mounted` are served under `prefix` on `on` (absent: on the
 * application root). `mounted` may be a module (`{k: 'module'}` for Django's `include('app.urls')`,
 * an import of a module for Express `app.use('/x', require('./x'))`); `mountedParam` instead names
 * the router passed as argument `param` of a call of `callee` (Go `routes(api)`), or with `param`
 * -1 the router a call of `callee` returns (`app.use('/x', makeRouter())`), whose endpoints carry
 * the same `routerParam`. `onParam` instead of `on` names the parent router like `routerParam`
 * does: parameter `n` of the enclosing function `from`, -1 the router `from` returns (`const
 * apiApp = express(); apiApp.use(routes()); return apiApp;`), bound as `<from's id>(<n>)`.
 * `onKind` is the parent's SurfaceFact.routerKind where the site shows it: a chain of mounts that
 * ends at a parent nothing mounts is served at the root only when that parent is not a sub-router
 * (`router`, or a parameter/returned router not known to be an `app`); otherwise it is partial.
 * `replacesPrefix`: the mount's prefix replaces the mounted router's own constructor prefix
 * (SurfaceFact.routerPrefix) instead of going before it (Flask `register_blueprint(bp,
 * url_prefix=...)`). `partial`: the prefix is only partly known.
 * `serves`: not a mount under a prefix but a serving site, which puts `mounted` at the application
 * root (`prefix` is empty, `on` absent): JS `http.createServer(x)`, `https.createServer(opts, x)`,
 * `http2.createServer(x)`/`createSecureServer(opts, x)` (Node's own http, https and http2 only) and
 * `x.listen(...)`, where `x` is the result of calling a function of the file or a relative import
 * (`createApp()`, `await createApp()`) or a variable bound to such a result; `mountedParam` then
 * names that function's returned router (`param` -1). A function's returned app (`<fn>(-1)`) is
 * served at the root only where a serving site reaches it or a mount puts it under another router;
 * otherwise its routes are partial (engine surfaces-compose.ts).
 */
export interface MountFact {
  prefix: string;
  framework: string;
  partial?: boolean;
  mounted?: ValueExpr;
  mountedParam?: { callee: ValueExpr; param: number };
  on?: ValueExpr;
  onParam?: number;
  onKind?: 'app' | 'router';
  replacesPrefix?: boolean;
  serves?: true;
  /** See KeyHoles: what each `*` of `prefix` stands for, where one is a constant of another file. */
  holes?: KeyHoles;
  from: number;
  line: number;
  column: number;
}

/**
 * JS: one entry per `*` of a key or prefix, in order, present only when a part of it is a name
 * imported from another file (`${API_PREFIX}/users`, `app.use(API_PREFIX, router)`): that name's
 * expression (an import, or a member of one), which binding replaces by the string the constant it
 * binds to holds (DeclarationFact.value), else leaves `*`; `{k: 'unknown'}` for any other computed
 * part; null for a `*` written in the path itself. The bound record is partial while an entry
 * other than null stays `*`.
 */
export type KeyHoles = Array<ValueExpr | null>;

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
  routerKind?: 'app' | 'router';
  routerPrefix?: string;
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
  /** The parent router's identity (`<function id>(<n>)` for MountFact.onParam); absent: the mount file's module. */
  on?: string | null;
  onKind?: 'app' | 'router';
  replacesPrefix?: boolean;
  /** A serving site (MountFact.serves): `mounted` is served at the application root. */
  serves?: true;
  owner: string;
  line: number;
  column: number;
}
