// Unit tests of the JS-family architecture facts that depend on the file's path (Next.js routes)
// or on inputs too large for snapshot fixtures; the other forms are snapshot fixtures
// (test/fixtures/extract/input/surfaces-*.{ts,js}).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractFile } from '../in-process.js';

const encode = (text: string) => new TextEncoder().encode(text);

test('Next.js app routes: one endpoint per exported method, groups dropped, [id] kept', () => {
  const facts = extractFile('web/src/app/(shop)/users/[id]/route.ts', encode([
    'export async function GET(req: Request) { return Response.json({}); }',
    'const post = async () => new Response();',
    'export { post as POST };',
    'export const revalidate = 60;',
  ].join('\n')));
  assert.deepEqual(facts.surfaces?.map((s) => [s.framework, s.method, s.key, s.from, s.target?.k]), [
    ['nextjs', 'GET', '/users/[id]', 0, 'decl'],
    ['nextjs', 'POST', '/users/[id]', 2, 'decl'],
  ]);
  assert.equal(facts.mounts, undefined);
});

test('Next.js pages API routes: the default export, method ANY, index dropped', () => {
  const facts = extractFile('pages/api/orders/index.ts', encode('export default function handler(req, res) { res.end(); }\n'));
  assert.deepEqual(facts.surfaces?.map((s) => [s.method, s.key]), [['ANY', '/api/orders']]);
  const nested = extractFile('pages/api/orders/[...slug].js', encode('module.exports = (req, res) => res.end();\nexport default function h() {}\n'));
  assert.deepEqual(nested.surfaces?.map((s) => [s.method, s.key]), [['ANY', '/api/orders/[...slug]']]);
  const notApi = extractFile('pages/about.tsx', encode('export default function About() { return null; }\n'));
  assert.equal(notApi.surfaces, undefined);
});

test('a file with no facts has neither list', () => {
  const facts = extractFile('src/plain.ts', encode('export const a = new Map().get("/x");\nconsole.log(process.argv);\n'));
  assert.equal(facts.surfaces, undefined);
  assert.equal(facts.mounts, undefined);
});

test('huge strings and many sites stay bounded: keys cut at 1,024 characters, at most 2,000 facts', () => {
  const huge = 'SELECT * FROM big WHERE x IN (' + '1, '.repeat(200_000) + '1)';
  const lines = [
    `db.query(${JSON.stringify(huge)});`,
    `app.get(${JSON.stringify('/' + 'a'.repeat(100_000))}, handler);`,
    `const k = process.env[${JSON.stringify('K'.repeat(100_000))}];`,
  ];
  for (let i = 0; i < 5000; i++) lines.push(`app.get('/r${i}', handler); process.env.K${i};`);
  const facts = extractFile('src/big.js', encode(lines.join('\n')));
  assert.equal(facts.surfaces?.[0]?.key, 'big');
  assert.equal(facts.surfaces?.length, 2000);
  assert.ok(!facts.surfaces?.some((s) => s.key.length > 1024));
});

test('routerKind and returned routers: app factories, Router(), parameters, imports, routers a function returns', () => {
  const facts = extractFile('src/routes.js', encode([
    "const express = require('express');",
    "const wrap = require('./wrap');",
    "const otherRouter = require('./other');",
    'const app = express();',
    "app.get('/a', h);",
    "otherRouter.get('/b', h);",
    "function make() { const r = wrap.Router('x'); r.get('/c', h); return r; }",
    "function setup(router) { router.get('/d', h); }",
    "function notMade() { const otherApp = wrap('y'); otherApp.get('/e', h); }",
    "app.use('/m', make());",
  ].join('\n')));
  assert.deepEqual(facts.surfaces?.map((s) => [s.key, s.routerKind, s.routerParam]), [
    ['/a', 'app', undefined], ['/b', 'router', undefined], ['/c', 'router', -1], ['/d', 'router', 0], ['/e', undefined, undefined],
  ]);
  assert.deepEqual(facts.mounts?.map((m) => [m.prefix, m.mountedParam?.param, m.mountedParam?.callee.k]), [['/m', -1, 'decl']]);
});
