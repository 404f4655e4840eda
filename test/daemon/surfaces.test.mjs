// Architecture facts through the real daemon on a real repository: surfaces.endpoints with mounts
// composed across files (an Express router mounted from app.js, a Flask blueprint registered under
// a prefix, a gin group passed to a registering function in another Go file), surfaces.configKeys (one entry per key, every site, defaults), surfaces.dbTables
// (a Sequelize model and SQL text), the filters, limit and `truncated`, the facts on symbols.card;
// the live update (a new route is in the next graph.delta's `surfaces.added` and in
// surfaces.endpoints with `sync: true`), committed mode, and bad params refused by name.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';
import { git } from '../helpers/repo.mjs';

const USERS = `const express = require('express');
const router = express.Router();
const { list, show } = require('../handlers');
router.get('/', list);
router.get('/:id', show);
module.exports = router;
`;

const FILES = {
  'package.json': JSON.stringify({ name: 'shop', version: '1.0.0' }),
  'app.js': `const express = require('express');
const users = require('./routes/users');
const app = express();
app.use('/users', users);
app.get('/health', (req, res) => res.send('ok'));
app.listen(process.env.PORT || 3000);
`,
  'routes/users.js': USERS,
  'handlers.js': `function list(req, res) {
  res.json([]);
}
function show(req, res) {
  res.json({ secret: process.env.SECRET_KEY });
}
module.exports = { list, show };
`,
  'db.js': `const { Sequelize, DataTypes } = require('sequelize');
const sequelize = new Sequelize(process.env.DATABASE_URL);
const Order = sequelize.define('orders', { id: DataTypes.INTEGER });
async function recent(db) {
  return db.query('SELECT id FROM orders JOIN users ON users.id = orders.user_id');
}
module.exports = { Order, recent };
`,
  'py/__init__.py': '',
  'py/app.py': `import os
from flask import Flask
from py.users import bp
app = Flask(__name__)
app.register_blueprint(bp, url_prefix='/api')
PORT = os.environ.get('PORT', '8000')
`,
  'go.mod': 'module example.com/shop\n\ngo 1.21\n',
  'cmd/server/main.go': `package main

import "github.com/gin-gonic/gin"

func main() {
	r := gin.Default()
	api := r.Group("/api")
	registerUsers(api)
	r.GET("/ping", ping)
	r.Run()
}

func ping(c *gin.Context) {}
`,
  'cmd/server/users.go': `package main

import "github.com/gin-gonic/gin"

func registerUsers(g *gin.RouterGroup) {
	g.GET("/users", listUsers)
	g.POST("/users", createUser)
}

func listUsers(c *gin.Context) {}
func createUser(c *gin.Context) {}
`,
  'py/users.py': `from flask import Blueprint
bp = Blueprint('users', __name__)
@bp.route('/people')
def people():
    return []
`,
};

const routes = (answer) => answer.endpoints.map((e) => `${e.method} ${e.path}`);

test('surfaces.* list endpoints with mounts composed, config keys and tables, filtered and bounded', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('shop', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('surfaces');
  assert.ok(client.server.capabilities.includes('surfaces'), `capabilities: ${client.server.capabilities}`);
  await call(client, 'index.status', { sync: true });

  const endpoints = await call(client, 'surfaces.endpoints', {});
  assert.deepEqual(routes(endpoints), ['GET /api/people', 'GET /api/users', 'POST /api/users', 'GET /health', 'GET /ping', 'GET /users', 'GET /users/:id']);
  assert.equal(endpoints.truncated, false);
  assert.equal(endpoints.meta.workspace, 'default');
  const list = endpoints.endpoints.find((e) => e.path === '/users');
  // Columns are the extractor's (the key literal's position); lines and the rest are checked here.
  assert.deepEqual({ ...list, mounts: undefined, site: undefined }, {
    method: 'GET', path: '/users', pattern: '/', framework: 'express', partial: false, handler: 'handlers.js#list',
    owner: 'routes/users.js', site: undefined, mounts: undefined,
  });
  assert.deepEqual([list.site.path, list.site.line], ['routes/users.js', 4]);
  assert.deepEqual(list.mounts.map((m) => [m.prefix, m.site.path, m.site.line]), [['/users', 'app.js', 4]]);
  const people = endpoints.endpoints.find((e) => e.path === '/api/people');
  assert.equal(people.handler, 'py/users.py#people');
  assert.equal(people.framework, 'flask');
  assert.deepEqual(people.mounts.map((m) => m.site.path), ['py/app.py']);

  assert.deepEqual(routes(await call(client, 'surfaces.endpoints', { kind: 'flask' })), ['GET /api/people']);
  // Go: a router passed to a function of another file, mounted through the call with the group's prefix.
  const gin = await call(client, 'surfaces.endpoints', { kind: 'gin' });
  assert.deepEqual(routes(gin), ['GET /api/users', 'POST /api/users', 'GET /ping']);
  assert.deepEqual(gin.endpoints.map((e) => e.handler), ['cmd/server/users.go#listUsers', 'cmd/server/users.go#createUser', 'cmd/server/main.go#ping']);
  assert.deepEqual(gin.endpoints[0].mounts.map((m) => [m.prefix, m.site.path]), [['/api', 'cmd/server/main.go']]);
  assert.equal(gin.endpoints[0].unmounted, undefined);
  assert.deepEqual(routes(await call(client, 'surfaces.endpoints', { kind: 'post' })), ['POST /api/users']);
  assert.deepEqual(routes(await call(client, 'surfaces.endpoints', { keyPrefix: '/users/' })), ['GET /users/:id']);
  assert.deepEqual(routes(await call(client, 'surfaces.endpoints', { path: 'routes' })), ['GET /users', 'GET /users/:id']);
  const cut = await call(client, 'surfaces.endpoints', { limit: 1 });
  assert.deepEqual([routes(cut), cut.truncated], [['GET /api/people'], true]);

  const config = await call(client, 'surfaces.configKeys', {});
  assert.deepEqual(config.configKeys.map((k) => k.key), ['DATABASE_URL', 'PORT', 'SECRET_KEY']);
  const port = config.configKeys.find((k) => k.key === 'PORT');
  assert.deepEqual(port.sites.map((site) => [site.site.path, site.access, site.default]), [['app.js', 'process.env', '3000'], ['py/app.py', 'os.environ.get', "'8000'"]]);
  assert.equal(port.partial, false);
  assert.deepEqual((await call(client, 'surfaces.configKeys', { kind: 'os.environ.get' })).configKeys.map((k) => k.key), ['PORT']);
  assert.equal(config.configKeys.find((k) => k.key === 'SECRET_KEY').sites[0].owner, 'handlers.js#show');

  const tables = await call(client, 'surfaces.dbTables', {});
  const orders = tables.dbTables.find((entry) => entry.table === 'orders');
  assert.deepEqual(orders.access, ['model', 'read']);
  assert.deepEqual(orders.sites.map((site) => [site.access, site.framework, site.owner]), [['model', 'sequelize', 'db.js#Order'], ['read', 'sql', 'db.js#recent']]);
  assert.deepEqual((await call(client, 'surfaces.dbTables', { kind: 'read' })).dbTables.map((entry) => entry.table), ['orders', 'users']);
  assert.deepEqual((await call(client, 'surfaces.dbTables', { keyPrefix: 'us' })).dbTables.map((entry) => entry.table), ['users']);

  // The handler's card lists the endpoint it serves; its context too.
  const card = await call(client, 'symbols.card', { id: 'handlers.js#show' });
  assert.deepEqual(card.surfaces.map((f) => `${f.kind} ${f.method ?? ''} ${f.key}`), ['endpoint GET /users/:id', 'config  SECRET_KEY']);
  const context = await call(client, 'symbols.context', { id: 'handlers.js#list' });
  assert.deepEqual(context.surfaces.map((f) => f.key), ['/users']);
  assert.equal((await call(client, 'symbols.card', { id: 'db.js#recent' })).surfaces.length, 2);

  // Bad params, each named.
  for (const [method, params, field] of [
    ['surfaces.endpoints', { limit: 0 }, 'limit'],
    ['surfaces.endpoints', { limit: 2001 }, 'limit'],
    ['surfaces.configKeys', { kind: 7 }, 'kind'],
    ['surfaces.dbTables', { kind: 'delete' }, 'kind'],
    ['surfaces.endpoints', { keyPrefix: 'x'.repeat(5000) }, 'keyPrefix'],
    ['surfaces.dbTables', { commit: 'HEAD', workspace: 'default' }, 'commit'],
    ['surfaces.endpoints', { path: '' }, 'path'],
  ]) {
    const error = await rejection(call(client, method, params), `${method} ${JSON.stringify(params).slice(0, 80)}`);
    assert.deepEqual([error.codeName, error.data.field], ['InvalidParams', field], `${method} ${field}: ${error.message}`);
  }
  const outside = await rejection(call(client, 'surfaces.endpoints', { path: '../elsewhere' }));
  assert.equal(outside.codeName, 'PathOutsideRepo');
  const missing = await rejection(call(client, 'surfaces.endpoints', { workspace: 'nope' }));
  assert.equal(missing.codeName, 'WorkspaceNotFound');
});

test('a new route reaches the next graph.delta and surfaces.endpoints with sync; committed mode reads the commit', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('shop', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('live');
  await call(client, 'index.status', { sync: true });
  const events = [];
  let wake = () => undefined;
  await client.subscribe('graph.delta', undefined, (event) => { events.push(event); wake(); });

  writeFileSync(join(repo, 'routes/users.js'), USERS.replace("module.exports", "router.delete('/:id', show);\nmodule.exports"));
  const after = await call(client, 'surfaces.endpoints', { sync: true });
  assert.deepEqual(routes(after), ['GET /api/people', 'GET /api/users', 'POST /api/users', 'GET /health', 'GET /ping', 'GET /users', 'DELETE /users/:id', 'GET /users/:id']);
  const deleted = after.endpoints.find((e) => e.method === 'DELETE');
  assert.equal(deleted.handler, 'handlers.js#show');

  const deadline = Date.now() + 20_000;
  while (!events.some((e) => e.payload.surfaces?.added.length > 0) && Date.now() < deadline) {
    await new Promise((resolve) => { wake = resolve; setTimeout(resolve, 200); });
  }
  const event = events.find((e) => e.payload.surfaces?.added.length > 0);
  assert.ok(event, `a graph.delta with surfaces: ${JSON.stringify(events.map((e) => e.payload.surfaces))}`);
  assert.deepEqual(event.payload.surfaces.added.map((f) => `${f.kind} ${f.method} ${f.key} ${f.site.path}:${f.site.line}`), ['endpoint DELETE /:id routes/users.js:6']);
  assert.deepEqual(event.payload.surfaces.removed, [], 'the routes that only moved down a line are no change');

  // The card of `show` now lists both routes; committed mode still sees the commit's one route.
  assert.deepEqual((await call(client, 'symbols.card', { id: 'handlers.js#show' })).surfaces.filter((f) => f.kind === 'endpoint').map((f) => f.method), ['DELETE', 'GET']);
  const committed = await call(client, 'surfaces.endpoints', { commit: 'HEAD', keyPrefix: '/users' });
  assert.deepEqual(routes(committed), ['GET /users', 'GET /users/:id']);
  assert.equal(committed.meta.workspace, `commit:${git(repo, 'rev-parse', 'HEAD').trim()}`);

  // A removed route leaves the list and is in the delta's `removed`.
  writeFileSync(join(repo, 'app.js'), FILES['app.js'].replace("app.get('/health', (req, res) => res.send('ok'));\n", ''));
  assert.deepEqual(routes(await call(client, 'surfaces.endpoints', { sync: true, keyPrefix: '/h' })), []);
  const until = Date.now() + 20_000;
  while (!events.some((e) => e.payload.surfaces?.removed.length > 0) && Date.now() < until) {
    await new Promise((resolve) => { wake = resolve; setTimeout(resolve, 200); });
  }
  const removal = events.find((e) => e.payload.surfaces?.removed.length > 0);
  assert.deepEqual(removal.payload.surfaces.removed.map((f) => `${f.method} ${f.key}`), ['GET /health']);
});
