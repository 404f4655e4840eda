// The syntax tier end to end: a real daemon over a real git repository reviews a change in Rust
// and Ruby files. Files tied by a call bound by name form `graph` cohorts marked
// `semanticLevel: "syntax"`; a query about a syntax-tier file says `meta.semanticLevel: "syntax"`
// while one about a TypeScript file stays `full`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scope } from '../helpers/daemon-scope.mjs';
import { call } from '../helpers/daemon.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';

const BASE_FILES = {
  'src/codec.rs': 'pub fn encode(value: u8) -> u8 {\n    value\n}\n',
  'src/store.rs': 'use crate::codec::encode;\n\npub fn put(value: u8) -> u8 {\n    encode(value)\n}\n',
  'lib/format.rb': "def render_table(rows)\n  rows.join(',')\nend\n",
  'lib/report.rb': "require_relative 'format'\n\ndef report(rows)\n  render_table(rows)\nend\n",
  'web/app.ts': 'export function app(): number {\n  return 1;\n}\n',
};

const FEATURE_FILES = {
  'src/codec.rs': 'pub fn encode(value: u8, shift: u8) -> u8 {\n    value << shift\n}\n',
  'src/store.rs': 'use crate::codec::encode;\n\npub fn put(value: u8) -> u8 {\n    encode(value, 1)\n}\n',
  'lib/format.rb': "def render_table(rows, separator = ',')\n  rows.join(separator)\nend\n",
  'lib/report.rb': "require_relative 'format'\n\ndef report(rows)\n  render_table(rows, ';')\nend\n",
};

test('a review of Rust and Ruby changes gives graph cohorts marked syntax', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', BASE_FILES);
  git(repo, 'checkout', '-qb', 'feature');
  writeFiles(repo, FEATURE_FILES);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'feature');
  git(repo, 'checkout', '-q', 'main');
  const daemon = await s.daemon(repo);
  const client = await daemon.client();
  const review = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  const rust = review.cohorts.find((cohort) => cohort.files.includes('src/codec.rs'));
  const ruby = review.cohorts.find((cohort) => cohort.files.includes('lib/format.rb'));
  assert.deepEqual(rust.files, ['src/codec.rs', 'src/store.rs']);
  assert.equal(rust.basis, 'graph');
  assert.equal(rust.semanticLevel, 'syntax');
  assert.ok(rust.symbols.includes('src/codec.rs#encode'), rust.symbols.join(' '));
  assert.deepEqual(ruby.files, ['lib/format.rb', 'lib/report.rb']);
  assert.equal(ruby.basis, 'graph');
  assert.equal(ruby.semanticLevel, 'syntax');

  const card = await call(client, 'symbols.card', { id: 'src/codec.rs#encode' });
  assert.equal(card.meta.semanticLevel, 'syntax');
  const callers = await call(client, 'graph.callers', { id: 'lib/format.rb#render_table' });
  assert.equal(callers.meta.semanticLevel, 'syntax');
  assert.ok(JSON.stringify(callers).includes('lib/report.rb#report'), JSON.stringify(callers));
  const tsCard = await call(client, 'symbols.card', { id: 'web/app.ts#app' });
  assert.equal(tsCard.meta.semanticLevel, 'full');
});

test('a syntax-tier file added to a repository that had none makes answers about it say syntax', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const repo = s.repo('repo', { 'web/app.ts': 'export function app(): number {\n  return 1;\n}\n' });
  const daemon = await s.daemon(repo);
  const client = await daemon.client();
  const before = await call(client, 'symbols.card', { id: 'web/app.ts#app', sync: true });
  assert.equal(before.meta.semanticLevel, 'full');
  writeFiles(repo, { 'src/codec.rs': 'pub fn encode(value: u8) -> u8 {\n    value\n}\n' });
  const card = await call(client, 'symbols.card', { id: 'src/codec.rs#encode', sync: true });
  assert.equal(card.meta.semanticLevel, 'syntax');
  const search = await call(client, 'symbols.search', { query: 'encode' });
  assert.equal(search.meta.semanticLevel, 'syntax');
  const tsCard = await call(client, 'symbols.card', { id: 'web/app.ts#app' });
  assert.equal(tsCard.meta.semanticLevel, 'full');
  // Read from the commit alone (which has no Rust file) the answer is full again.
  const head = git(repo, 'rev-parse', 'HEAD').trim();
  const committed = await call(client, 'symbols.search', { query: 'app', commit: head });
  assert.equal(committed.meta.semanticLevel, 'full');
});
