// Text beyond ASCII through the real daemon: names, paths, doc comments and routes with Latin-1
// characters, curly quotes, CJK and emoji come back exactly as written, in answers large enough
// to span several socket reads, and every frame's Content-Length is its body's UTF-8 length (a
// raw peer reads the frames by that length alone, so a wrong count would garble the next frame).
// The store keeps texts of a block that holds a wide character as one-byte strings where they are
// Latin-1 (store streams.ts); this checks that nothing of the text changes on the way.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from '../helpers/daemon.mjs';
import { scope } from '../helpers/daemon-scope.mjs';
import { rawConnect } from '../helpers/raw-client.mjs';

const ROUTES = Array.from({ length: 300 }, (_, i) => `app.get('/café/${i}', (req, res) => res.send('ok'));`).join('\n');
const FILES = {
  'package.json': JSON.stringify({ name: 'wide', version: '1.0.0' }),
  'src/café.ts': `/** Says it\u2019s ready \u2014 «prêt» 中文 😀. */\nexport function prêt(): string {\n  return 'ünïcode \u2019 😀';\n}\n`
    + Array.from({ length: 200 }, (_, i) => `/** Plain doc ${i}. */\nexport function plain${i}(): number {\n  return ${i};\n}\n`).join(''),
  'src/ascii.ts': Array.from({ length: 200 }, (_, i) => `export function plainAscii${i}(): number {\n  return ${i};\n}\n`).join(''),
  'server.js': `const express = require('express');\nconst app = express();\n${ROUTES}\napp.get('/日本/\u2019quote', (req, res) => res.send('ok'));\napp.listen(3000);\n`,
};

test('answers carry wide and Latin-1 text exactly, framed by their UTF-8 length', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', FILES);
  const daemon = await s.daemon(repo);
  const client = await daemon.client();
  await call(client, 'index.status', { sync: true });

  const card = await call(client, 'symbols.card', { id: 'src/café.ts#prêt' });
  assert.equal(card.symbol.path, 'src/café.ts');
  assert.equal(card.symbol.name, 'prêt');
  assert.match(card.symbol.doc ?? '', /it\u2019s ready \u2014 «prêt» 中文 😀/);

  const search = await call(client, 'symbols.search', { query: 'plain', limit: 1000 });
  assert.equal(search.symbols.length, 400);
  assert.equal(search.symbols.filter((symbol) => symbol.path === 'src/café.ts').length, 200);
  assert.ok(search.symbols.some((symbol) => symbol.doc === 'Plain doc 7.'), 'a doc of the wide block, exact');

  const endpoints = await call(client, 'surfaces.endpoints', { limit: 2000 });
  assert.equal(endpoints.endpoints.length, 301);
  assert.ok(endpoints.endpoints.some((endpoint) => endpoint.path === '/café/299'));
  assert.ok(endpoints.endpoints.some((endpoint) => endpoint.path === '/日本/\u2019quote'));

  // The same answers read frame by frame by a raw peer: each body is exactly its announced length.
  const raw = await rawConnect(daemon.endpoint.socket);
  s.defer(() => raw.close());
  const rawSearch = await raw.request('symbols.search', { query: 'plain', limit: 1000 });
  const rawEndpoints = await raw.request('surfaces.endpoints', { limit: 2000 });
  const rawCard = await raw.request('symbols.card', { id: 'src/café.ts#prêt' });
  assert.deepEqual(rawSearch.result.symbols, search.symbols);
  assert.deepEqual(rawEndpoints.result.endpoints, endpoints.endpoints);
  assert.equal(rawCard.result.symbol.doc, card.symbol.doc);
});
