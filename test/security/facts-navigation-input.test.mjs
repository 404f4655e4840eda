// The entry points of issues 15-17 under bad input, through the daemon: symbols.outline and the
// surfaces.* path filters refuse a path outside the repository however it is spelled (a link to
// a file or folder outside, a dangling link, `..`) with PathOutsideRepo, and a FIFO or a missing
// file with FileNotFound (a binary file has an empty outline); graph.trace and surfaces.* answer hostile entries and
// filters (huge strings, regex syntax, wrong types) with typed errors or empty lists, never
// Internal; a binary file and a huge file holding route-like text neither crash the index nor
// publish facts; and after all of it another client's queries are answered.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';
import { writeFiles } from '../helpers/repo.mjs';

const APP = "const express = require('express');\nconst app = express();\n\nfunction show(req, res) {\n  res.send(process.env.ORDER_TOKEN);\n}\n\napp.get('/orders/:id', show);\n\nmodule.exports = app;\n";

test('outline, surfaces and trace refuse escapes and hostile input with typed errors, and keep serving', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const hugeRoutes = `${"app.get('/x', h);\n".repeat(200_000)}`;
  const repo = s.repo('repo', { 'src/app.js': APP, 'src/huge.js': `const app = require('express')();\n${hugeRoutes}` });
  const outside = join(s.dir, 'outside');
  writeFiles(outside, { 'routes.js': APP.replace('/orders', '/secret') });
  symlinkSync(join(outside, 'routes.js'), join(repo, 'src/leak.js'));
  symlinkSync(outside, join(repo, 'src/linked'));
  symlinkSync(join(outside, 'gone.js'), join(repo, 'src/dangling.js'));
  execFileSync('mkfifo', [join(repo, 'src/pipe.js')]);
  writeFileSync(join(repo, 'src/blob.js'), Buffer.concat([Buffer.from("app.get('/binary', h);\n"), Buffer.alloc(4096, 0)]));

  const daemon = await s.daemon(repo);
  const client = await daemon.client('intruder');
  const other = await daemon.client('bystander');
  await call(client, 'index.status', { sync: true });

  for (const path of ['src/leak.js', 'src/linked/routes.js', 'src/dangling.js', '../outside/routes.js', 'src/../../outside/routes.js']) {
    const outline = await rejection(call(client, 'symbols.outline', { path }), path);
    assert.equal(outline.codeName, 'PathOutsideRepo', `symbols.outline ${path}: ${outline.message}`);
    for (const method of ['surfaces.endpoints', 'surfaces.configKeys', 'surfaces.dbTables']) {
      const error = await rejection(call(client, method, { path }), `${method} ${path}`);
      assert.equal(error.codeName, 'PathOutsideRepo', `${method} ${path}: ${error.message}`);
    }
  }
  for (const path of ['src/pipe.js', 'src/missing.js']) {
    const error = await rejection(call(client, 'symbols.outline', { path }), path);
    assert.equal(error.codeName, 'FileNotFound', `symbols.outline ${path}: ${error.message}`);
  }
  // A binary file is in the manifest but declares nothing.
  const blob = await call(client, 'symbols.outline', { path: 'src/blob.js' });
  assert.deepEqual([blob.symbols, blob.total], [[], 0]);

  // Only the real app's facts are published: nothing from outside, the FIFO or the binary; the
  // huge file is indexed as a document (over the parse bound), so its 200,000 routes are not facts.
  const endpoints = await call(client, 'surfaces.endpoints', {});
  assert.deepEqual(endpoints.endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path} ${endpoint.site.path}`), ['GET /orders/:id src/app.js']);
  const keys = await call(client, 'surfaces.configKeys', { keyPrefix: 'ORDER' });
  assert.deepEqual(keys.configKeys.map((key) => key.key), ['ORDER_TOKEN']);

  // Hostile filters and entries: typed errors or empty answers.
  const regexy = await call(client, 'surfaces.endpoints', { keyPrefix: '/(a+)+$'.repeat(100) });
  assert.deepEqual(regexy.endpoints, [], 'a prefix is compared as text, never compiled');
  for (const params of [{ keyPrefix: 'x'.repeat(7000) }, { limit: 0 }, { limit: 'all' }, { kind: 42 }, { path: 7 }, { keyPrefix: ['x'] }]) {
    const error = await rejection(call(client, 'surfaces.endpoints', params), JSON.stringify(params));
    assert.equal(error.codeName, 'InvalidParams', JSON.stringify(params));
  }
  for (const entry of ['GET /(a+)+$', `GET /${'a'.repeat(100_000)}`, 'POST /orders/1', 'src/app.js#nowhere']) {
    const error = await rejection(call(client, 'graph.trace', { entry }), entry.slice(0, 40));
    assert.ok(['SymbolNotFound', 'InvalidParams'].includes(error.codeName), `${entry.slice(0, 40)}: ${error.codeName} ${error.message}`);
  }
  for (const params of [{}, { entry: 12 }, { entry: 'GET /orders/1', depth: '4' }, { entry: 'GET /orders/1', depth: 1000 }]) {
    const error = await rejection(call(client, 'graph.trace', params), JSON.stringify(params));
    assert.equal(error.codeName, 'InvalidParams', JSON.stringify(params));
  }
  const traced = await call(client, 'graph.trace', { entry: 'GET /orders/7' });
  assert.equal(traced.roots[0].symbol.id, 'src/app.js#show');

  // The other client was never stalled.
  const summary = await call(other, 'repo.summarize', {});
  assert.equal(summary.endpoints.total, 1);
});
