// An endpoint whose handler is written in place (`app.get('/x', (req, res) => ...)`) through the
// real daemon: the handler is a published function named after its route, so surfaces.endpoints
// names it, graph.trace from the route starts at it (with what it calls, reads and queries),
// symbols.card and graph.callers show it, and an edit of the route moves it live.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';

const APP = `const express = require('express');
const { loadOrders, saveOrder } = require('./store');
const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/orders', async (req, res) => {
  const limit = process.env.ORDER_LIMIT;
  const orders = await loadOrders(limit);
  res.json(orders);
});
function mountAdmin(adminRouter) {
  adminRouter.post('/orders', function (req, res) {
    return Promise.resolve(req.body).then((body) => saveOrder(body));
  });
}
app.get('/twice', (req, res) => res.send(loadOrders(1)));
app.get('/twice', (req, res) => res.send(loadOrders(2)));
mountAdmin(app);
app.listen(3000);
`;

const STORE = `const db = require('./db');
async function loadOrders(limit) {
  return db.query('SELECT id FROM orders LIMIT ' + limit);
}
function saveOrder(order) {
  return db.query('INSERT INTO orders VALUES (1)');
}
module.exports = { loadOrders, saveOrder };
`;

const FILES = { 'package.json': JSON.stringify({ name: 'shop', dependencies: { express: '^4.0.0' } }), 'app.js': APP, 'store.js': STORE };

const names = (nodes) => nodes.map((node) => node.symbol.name);

test('an inline handler is a function named after its route: endpoints, trace, card and callers start from it', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('shop', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('inline');
  await call(client, 'index.status', { sync: true });

  const endpoints = await call(client, 'surfaces.endpoints', {});
  const handlers = Object.fromEntries(endpoints.endpoints.map((e) => [`${e.method} ${e.path} ${e.site.line}`, e.handler]));
  assert.deepEqual(handlers, {
    'GET /health 4': 'app.js#GET /health',
    'GET /orders 5': 'app.js#GET /orders',
    // A router passed in that no mount reaches: partial, `*` before the path (as for a named handler).
    'POST */orders 11': 'app.js#mountAdmin.POST /orders',
    'GET /twice 15': 'app.js#GET /twice',
    'GET /twice 16': 'app.js#GET /twice~2',
  });

  const traced = await call(client, 'graph.trace', { entry: 'GET /orders' });
  assert.deepEqual(traced.roots.map((node) => node.symbol.id), ['app.js#GET /orders']);
  const [root] = traced.roots;
  assert.equal(root.symbol.kind, 'function');
  assert.deepEqual([root.symbol.range.start.line, root.symbol.range.end.line], [5, 9]);
  assert.deepEqual(root.endpoints.map((e) => `${e.method} ${e.path}`), ['GET /orders']);
  assert.deepEqual(root.configKeys.map((key) => key.key), ['ORDER_LIMIT'], 'the read inside the handler is the handler\'s');
  assert.deepEqual(names(root.children), ['loadOrders']);
  assert.deepEqual(root.children[0].tables.map((table) => [table.table, table.access]), [['orders', 'read']]);

  // A function expression registered inside a function: its callback's calls are the handler's too.
  const admin = await call(client, 'graph.trace', { entry: 'POST /admin/orders' });
  assert.deepEqual(admin.roots.map((node) => node.symbol.id), ['app.js#mountAdmin.POST /orders']);
  assert.deepEqual(names(admin.roots[0].children), ['saveOrder']);
  assert.equal(admin.roots[0].symbol.container, 'app.js#mountAdmin');
  const both = await call(client, 'graph.trace', { entry: 'GET /twice' });
  assert.deepEqual(both.roots.map((node) => node.symbol.id), ['app.js#GET /twice', 'app.js#GET /twice~2']);

  const card = await call(client, 'symbols.card', { id: 'app.js#GET /orders' });
  assert.deepEqual(card.surfaces.map((f) => `${f.kind} ${f.key}`), ['endpoint /orders', 'config ORDER_LIMIT']);
  const callers = await call(client, 'graph.callers', { id: 'store.js#loadOrders' });
  assert.deepEqual(callers.callers.map((node) => node.symbol.id), ['app.js#GET /orders', 'app.js#GET /twice', 'app.js#GET /twice~2']);
  const found = await call(client, 'symbols.search', { query: 'GET /orders' });
  assert.equal(found.symbols[0]?.id, 'app.js#GET /orders');

  // An edit of the route renames its handler; the trace follows at once.
  writeFileSync(join(repo, 'app.js'), APP.replace("app.get('/orders'", "app.get('/orders/recent'"));
  const after = await call(client, 'surfaces.endpoints', { sync: true, keyPrefix: '/orders' });
  assert.deepEqual(after.endpoints.map((e) => e.handler), ['app.js#GET /orders/recent']);
  const moved = await call(client, 'graph.trace', { entry: 'GET /orders/recent' });
  assert.deepEqual(names(moved.roots[0].children), ['loadOrders']);
});

const GO_MAIN = `package main

import (
	"net/http"
	"os"

	"github.com/gin-gonic/gin"
)

func main() {
	r := gin.Default()
	r.GET("/ping", func(c *gin.Context) {
		c.String(http.StatusOK, greeting(os.Getenv("GREETING")))
	})
	http.HandleFunc("/health", func(w http.ResponseWriter, req *http.Request) {
		check()
	})
	r.Run()
}

func greeting(prefix string) string { return prefix + "pong" }
func check()                        {}
`;

test('a Go function literal handler is a function named after its route, with what it calls and reads', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('svc', { 'go.mod': 'module example.com/svc\n\ngo 1.21\n', 'main.go': GO_MAIN });
  const daemon = await s.daemon(repo);
  const client = await daemon.client('go-inline');
  await call(client, 'index.status', { sync: true });

  const endpoints = await call(client, 'surfaces.endpoints', {});
  assert.deepEqual(endpoints.endpoints.map((e) => [`${e.method} ${e.path}`, e.handler]), [
    ['ANY /health', 'main.go#main.ANY /health'],
    ['GET /ping', 'main.go#main.GET /ping'],
  ]);
  const traced = await call(client, 'graph.trace', { entry: 'GET /ping' });
  const [root] = traced.roots;
  assert.equal(root.symbol.id, 'main.go#main.GET /ping');
  assert.equal(root.symbol.container, 'main.go#main');
  assert.deepEqual(names(root.children), ['greeting']);
  assert.deepEqual(root.configKeys.map((key) => key.key), ['GREETING']);
  const health = await call(client, 'graph.trace', { entry: '/health' });
  assert.deepEqual(names(health.roots[0].children), ['check']);
});
