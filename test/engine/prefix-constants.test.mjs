// Route prefixes held in constants imported from another file (extract surfaces-text.ts holes,
// graph surfaces-bind.ts): a change of the constant's file re-binds the files that use it, and
// every step equals a fresh build. TypeScript over real git, LMDB and the worker pool.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { freshDigest, suiteRepository } from '../helpers/engine.mjs';

const FILES = {
  'package.json': '{"name": "prefixes", "version": "1.0.0"}\n',
  'src/paths.ts': "export const API = '/api';\nexport const V2 = `${API}/v2`;\n",
  'src/app.ts': "import express from 'express';\nimport { API, V2 } from './paths';\nimport users from './users';\nconst app = express();\napp.use(API, users);\napp.get(`${V2}/health`, health);\nfunction health(): void {}\napp.listen(3000);\n",
  'src/users.ts': "import express from 'express';\nconst router = express.Router();\nrouter.get('/users', list);\nfunction list(): void {}\nexport default router;\n",
};

describe('a prefix constant imported from another file', () => {
  const suite = suiteRepository(FILES);
  const endpoints = () => {
    const query = suite.repository.query('default');
    try {
      return query.endpoints({}).endpoints.map((e) => `${e.method} ${e.path}${e.partial ? ' (partial)' : ''}`);
    } finally {
      query.close();
    }
  };
  const step = async (path, text) => {
    writeFileSync(suite.path(path), text);
    const result = await suite.repository.refresh('default', { paths: [path] });
    assert.equal(result.digest, await freshDigest(suite.root), `${path}: equal to a fresh build`);
    return result;
  };

  test('is filled in where the import binds to it', () => {
    assert.deepEqual(endpoints(), ['GET /api/users', 'GET /api/v2/health']);
  });

  test('a new value re-binds the file that uses it', async () => {
    const result = await step('src/paths.ts', "export const API = '/public';\nexport const V2 = `${API}/v2`;\n");
    assert.ok(result.change.paths.includes('src/app.ts'), result.change.paths.join(' '));
    assert.deepEqual(endpoints(), ['GET /public/users', 'GET /public/v2/health']);
  });

  test('a constant that is no longer a path, or gone, leaves the prefix partial', async () => {
    await step('src/paths.ts', "export const API = 'public';\nexport const V2 = '/v2';\n");
    assert.deepEqual(endpoints(), ['GET */users (partial)', 'GET /v2/health']);
    await step('src/paths.ts', "export const V2 = '/v2';\n");
    assert.deepEqual(endpoints(), ['GET */users (partial)', 'GET /v2/health']);
  });
});
