// The surface index warmed off the request path (daemon snapshot-sessions.ts): after a publish and
// at startup the daemon builds the new generation's index in slices. What a user sees: every answer
// is the generation's own (a route committed a moment ago is in the first card and list after it),
// and a daemon stopped while it warms exits cleanly and leaves a store the next daemon serves.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { scope, within } from '../helpers/daemon-scope.mjs';
import { git } from '../helpers/repo.mjs';

const ROUTE_FILES = {};
for (let i = 0; i < 300; i++) {
  ROUTE_FILES[`routes/r${i}.js`] = `const express = require('express');\nconst router = express.Router();\n`
    + Array.from({ length: 5 }, (_, j) => `router.get('/r${i}/e${j}', function h${j}(req, res) { return res.send(process.env.KEY_${i % 7}); });\n`).join('')
    + 'module.exports = router;\n';
}
const APP = `const express = require('express');\nconst app = express();\n${Object.keys(ROUTE_FILES).map((file, i) => `app.use('/m${i}', require('./${file.replace(/\.js$/, '')}'));`).join('\n')}\napp.listen(3000);\n`;
const FILES = { 'package.json': JSON.stringify({ name: 'many', version: '1.0.0' }), 'app.js': APP, ...ROUTE_FILES };

test('after a commit the first card and list are the new generation\'s', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('many', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('warm');
  await call(client, 'index.status', { sync: true });
  writeFileSync(join(repo, 'routes/r0.js'), ROUTE_FILES['routes/r0.js'].replace('module.exports', "router.post('/r0/added', function added(req, res) { return res.send(process.env.ADDED_KEY); });\nmodule.exports"));
  git(repo, 'commit', '-qam', 'a route');
  const card = await call(client, 'symbols.card', { id: 'routes/r0.js#POST /r0/added', sync: true });
  assert.deepEqual(card.surfaces.map((fact) => `${fact.kind} ${fact.method ?? ''} ${fact.key}`), ['endpoint POST /m0/r0/added', 'config  ADDED_KEY']);
  const list = await call(client, 'surfaces.endpoints', { keyPrefix: '/m0/' });
  assert.deepEqual(list.endpoints.map((e) => `${e.method} ${e.path}`), ['POST /m0/r0/added', ...[0, 1, 2, 3, 4].map((j) => `GET /m0/r0/e${j}`)]);
  const keys = await call(client, 'surfaces.configKeys', {});
  assert.deepEqual(keys.configKeys.map((key) => key.key), ['ADDED_KEY', ...[0, 1, 2, 3, 4, 5, 6].map((k) => `KEY_${k}`)]);
});

test('a daemon stopped while it warms exits cleanly, and the next one serves the store', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('many', FILES);
  const first = await s.daemon(repo);
  await call(await first.client('first'), 'index.status', { sync: true });
  // A new baseline to warm, then a stop at once.
  writeFileSync(join(repo, 'app.js'), `${APP}// edit\n`);
  git(repo, 'commit', '-qam', 'edit');
  await call(await first.client('second'), 'index.status', { sync: true });
  first.child.kill('SIGTERM');
  assert.deepEqual(await within(first.exited, 30_000, 'the daemon to exit'), { code: 0, signal: null });
  assert.doesNotMatch(first.output(), /warming the surface index|failed|Error/, first.output());

  const next = await s.daemon(repo);
  const client = await next.client('next');
  const endpoints = await call(client, 'surfaces.endpoints', { limit: 2000 });
  assert.equal(endpoints.endpoints.length, 1500);
  assert.equal(endpoints.truncated, false);
  await call(client, 'daemon.shutdown', {});
  assert.deepEqual(await within(next.exited, 30_000, 'the next daemon to exit'), { code: 0, signal: null });
  assert.doesNotMatch(next.output(), /warming the surface index/, next.output());
});
