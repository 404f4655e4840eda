// Route prefixes held in constants imported from another file, through the real daemon: a mount
// `app.use(BASE_API_PATH, router)` and a route `${urls.BASE_API_PATH}/site` whose constant lives in
// another file (CommonJS, as Ghost writes it) get their full paths, graph.trace finds them by that
// path, an edit of the constant moves them live, and a prefix the graph cannot follow stays `*`.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';

const URLS = "const BASE_API_PATH = '/ghost/api';\nmodule.exports.BASE_API_PATH = BASE_API_PATH;\n";
const FILES = {
  'package.json': JSON.stringify({ name: 'blog', dependencies: { express: '^4.0.0' } }),
  'shared/url-utils.js': URLS,
  'web/app.js': `const express = require('express');
const { BASE_API_PATH } = require('../shared/url-utils');
const urls = require('../shared/url-utils');
const { UNKNOWN_PREFIX } = require('some-package');
const admin = require('./admin');
const app = express();
app.use(BASE_API_PATH, admin);
app.use(UNKNOWN_PREFIX, admin);
app.get(\`\${urls.BASE_API_PATH}/site\`, function site(req, res) { return res.json({}); });
app.listen(2368);
`,
  'web/admin.js': "const express = require('express');\nconst router = express.Router();\nrouter.get('/posts', listPosts);\nfunction listPosts(req, res) { return res.json([]); }\nmodule.exports = router;\n",
};

const routes = (answer) => answer.endpoints.map((e) => `${e.method} ${e.path}${e.partial ? ' (partial)' : ''}`);

test('a prefix imported from another file is filled in, follows edits, and stays * where it cannot be followed', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('blog', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client('prefixes');
  await call(client, 'index.status', { sync: true });

  const endpoints = await call(client, 'surfaces.endpoints', {});
  assert.deepEqual(routes(endpoints), ['GET */posts (partial)', 'GET /ghost/api/posts', 'GET /ghost/api/site']);
  const posts = endpoints.endpoints.find((e) => e.path === '/ghost/api/posts');
  assert.deepEqual([posts.pattern, posts.handler, posts.mounts.map((m) => [m.prefix, m.site.path])], ['/posts', 'web/admin.js#listPosts', [['/ghost/api', 'web/app.js']]]);
  const traced = await call(client, 'graph.trace', { entry: 'GET /ghost/api/site' });
  assert.deepEqual(traced.endpoints.map((e) => [e.path, e.pattern]), [['/ghost/api/site', '/ghost/api/site']]);

  writeFileSync(join(repo, 'shared/url-utils.js'), URLS.replace("'/ghost/api'", "'/blog/api'"));
  const after = await call(client, 'surfaces.endpoints', { sync: true });
  assert.deepEqual(routes(after), ['GET */posts (partial)', 'GET /blog/api/posts', 'GET /blog/api/site']);
});
