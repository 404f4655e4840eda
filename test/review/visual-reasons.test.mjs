// The visual axis's four unavailable reasons, end to end on real repositories and a real daemon:
// no Widgetbook app; a Widgetbook app but no changed UI component (no golden-testable use case);
// a changed component but no Flutter SDK on the daemon's PATH; and, with a `flutter` on PATH,
// no golden harness to render with (a golden harness error). These machines have no Flutter
// SDK: the last case puts a stand-in executable on PATH, and the render itself never runs here.
// Also: a contract change that is not breaking passes the contract axis, and a verdict read
// after the followed branch moved says stale.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { scope } from '../helpers/daemon-scope.mjs';
import { call } from '../helpers/daemon.mjs';
import { git, writeFiles } from '../helpers/repo.mjs';

const PUBSPEC = 'name: app\ndependencies:\n  flutter:\n    sdk: flutter\ndev_dependencies:\n  widgetbook: ^3.0.0\n';
const WIDGET = "import 'package:flutter/widgets.dart';\n\nclass Button extends StatelessWidget {}\n";
const SPEC = 'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.0.0\npaths:\n  /a:\n    get:\n      responses:\n        \'200\':\n          description: ok\n';

function feature(repo, files) {
  git(repo, 'checkout', '-qb', 'feature');
  writeFiles(repo, files);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'feature');
  git(repo, 'checkout', '-q', 'main');
}

async function visualOf(s, name, base, change, env) {
  const repo = s.repo(name, base);
  feature(repo, change);
  const daemon = await s.daemon(repo, env ? { env } : {});
  const client = await daemon.client();
  const { reviewId } = await call(client, 'review_studio.compute', { base: 'main', head: 'feature' });
  return { repo, client, reviewId, verdict: await call(client, 'review_studio.verdict', { reviewId }) };
}

test('the visual axis says which of its four reasons kept it from running', { timeout: 180_000 }, async (t) => {
  const s = scope(t);
  const none = await visualOf(s, 'plain', { 'src/a.ts': 'export const a = 1;\n' }, { 'src/a.ts': 'export const a = 2;\n' });
  assert.deepEqual([none.verdict.axes.visual.state, none.verdict.axes.visual.reason], ['unavailable', 'no Widgetbook app in the repository']);

  const noUseCase = await visualOf(s, 'nouse', { 'pubspec.yaml': PUBSPEC, 'lib/button.dart': WIDGET, 'README.md': '# a\n' }, { 'README.md': '# b\n' });
  assert.deepEqual([noUseCase.verdict.axes.visual.state, noUseCase.verdict.axes.visual.reason], ['unavailable', 'no golden-testable use case']);

  const emptyPath = join(s.dir, 'empty-bin');
  mkdirSync(emptyPath);
  const noSdk = await visualOf(s, 'nosdk', { 'pubspec.yaml': PUBSPEC, 'lib/button.dart': WIDGET },
    { 'lib/button.dart': WIDGET.replace('Button', 'FancyButton') }, { PATH: `${emptyPath}:/usr/bin:/bin` });
  assert.deepEqual([noSdk.verdict.axes.visual.state, noSdk.verdict.axes.visual.reason], ['unavailable', 'no Flutter SDK on the host']);

  const fakeBin = join(s.dir, 'fake-flutter-bin');
  mkdirSync(fakeBin);
  writeFileSync(join(fakeBin, 'flutter'), '#!/bin/sh\nexit 1\n');
  chmodSync(join(fakeBin, 'flutter'), 0o755);
  const harness = await visualOf(s, 'harness', { 'pubspec.yaml': PUBSPEC, 'lib/button.dart': WIDGET },
    { 'lib/button.dart': WIDGET.replace('Button', 'FancyButton') }, { PATH: `${fakeBin}:/usr/bin:/bin` });
  assert.equal(harness.verdict.axes.visual.state, 'unavailable');
  assert.equal(harness.verdict.axes.visual.reason, 'golden harness error', JSON.stringify(harness.verdict.axes.visual));
  assert.equal(harness.verdict.verdict, 'Hold', 'an axis that could not run holds the verdict');
});

test('a contract change that breaks nothing passes; a verdict read after the branch moved is stale', { timeout: 120_000 }, async (t) => {
  const s = scope(t);
  const additive = SPEC.replace("          description: ok\n", "          description: ok\n  /b:\n    get:\n      responses:\n        '200':\n          description: new\n");
  const { repo, client, reviewId, verdict } = await visualOf(s, 'api', { 'openapi.yaml': SPEC }, { 'openapi.yaml': additive });
  assert.equal(verdict.axes.contract.state, 'pass', JSON.stringify(verdict.axes.contract));
  assert.ok(verdict.axes.contract.findings.length > 0, 'the additive change is listed');
  assert.equal(verdict.stale, false);
  git(repo, 'checkout', '-q', 'feature');
  writeFiles(repo, { 'notes.md': 'moved\n' });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'move');
  git(repo, 'checkout', '-q', 'main');
  assert.equal((await call(client, 'review_studio.verdict', { reviewId })).stale, true);
});
