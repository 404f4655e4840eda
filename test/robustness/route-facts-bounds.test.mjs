// The route facts of issue 17's last gaps under hostile input, through the daemon: a file of
// 12,000 inline-handler routes (under the parse bound) publishes the first 2,000 endpoints (what
// a file keeps), each with its handler, and nothing past them; prefix constants that are not
// paths, too long, cyclic through imports or templates of imports stay `*`; queries on all of it
// answer with typed results, never Internal, and another client is answered meanwhile.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { rejection, scope } from '../helpers/daemon-scope.mjs';

const MANY = `const express = require('express');\nconst app = express();\n${
  Array.from({ length: 12_000 }, (_, i) => `app.get('/r${i}', (req, res) => res.send(${i}));`).join('\n')}\napp.listen(1);\n`;
const LONG = `/${'x'.repeat(5000)}`;
const FILES = {
  'package.json': JSON.stringify({ name: 'bounds', version: '1.0.0' }),
  'src/many.js': MANY,
  'src/a.js': "const { B_PATH } = require('./b');\nconst A_PATH = `${B_PATH}/a`;\nmodule.exports.A_PATH = A_PATH;\n",
  'src/b.js': "const { A_PATH } = require('./a');\nconst B_PATH = `${A_PATH}/b`;\nmodule.exports.B_PATH = B_PATH;\n",
  'src/consts.js': `const LONG_PATH = '${LONG}';\nconst WORD = 'not-a-path';\nmodule.exports = { LONG_PATH, WORD };\n`,
  'src/app.js': `const express = require('express');
const { A_PATH } = require('./a');
const { LONG_PATH, WORD } = require('./consts');
const router = require('./router');
const app = express();
app.use(A_PATH, router);
app.use(LONG_PATH, router);
app.use(\`\${WORD}\`, router);
app.get(\`\${A_PATH}\${LONG_PATH}/deep\`, h);
function h(req, res) {}
app.listen(2);
`,
  'src/router.js': "const express = require('express');\nconst router = express.Router();\nrouter.get('/leaf', h);\nfunction h(req, res) {}\nmodule.exports = router;\n",
};

test('many inline handlers and unresolvable prefix constants stay within bounds and answer typed', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('bounds', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('bounds');
  const other = await daemon.client('bystander');
  await call(client, 'index.status', { sync: true });

  const many = await call(client, 'surfaces.endpoints', { path: 'src/many.js', limit: 2000 });
  assert.equal(many.endpoints.length, 2000);
  assert.equal(many.truncated, false, 'a file keeps its first 2,000 facts; nothing past them exists');
  assert.ok(many.endpoints.every((endpoint) => endpoint.handler === `src/many.js#GET ${endpoint.pattern}`), 'every kept endpoint has its handler');
  const last = await call(client, 'graph.trace', { entry: 'GET /r1999' });
  assert.deepEqual(last.roots.map((node) => node.symbol.id), ['src/many.js#GET /r1999']);
  const beyond = await rejection(call(client, 'graph.trace', { entry: 'GET /r2000' }));
  assert.equal(beyond.codeName, 'SymbolNotFound');
  assert.equal((await call(client, 'symbols.card', { id: 'src/many.js#GET /r1999' })).symbol.kind, 'function');
  const unpublished = await rejection(call(client, 'symbols.card', { id: 'src/many.js#GET /r2000' }));
  assert.equal(unpublished.codeName, 'SymbolNotFound', 'no handler is published past the facts a file keeps');

  const leaf = await call(client, 'surfaces.endpoints', { path: 'src/router.js' });
  assert.deepEqual(leaf.endpoints.map((e) => `${e.path} ${e.partial}`).sort(), ['*/leaf true', '*/leaf true', '*/leaf true']);
  const deep = await call(client, 'surfaces.endpoints', { path: 'src/app.js' });
  assert.deepEqual(deep.endpoints.map((e) => `${e.path} ${e.partial}`), ['*/deep true']);

  assert.equal((await call(other, 'index.status', {})).state, 'idle');
});
