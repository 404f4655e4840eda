import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { declaresWidgetbook, uiComponentFiles, widgetbookApp } from './flutter.js';
import { pathFlutterProbe } from './harness.js';

const WIDGETBOOK_DEV = 'name: app_widgetbook\ndependencies:\n  flutter:\n    sdk: flutter\ndev_dependencies:\n  widgetbook: ^3.10.0\n';

test('a pubspec names widgetbook in dependencies or dev_dependencies', () => {
  assert.equal(declaresWidgetbook(WIDGETBOOK_DEV), true);
  assert.equal(declaresWidgetbook('name: a\ndependencies:\n  widgetbook: ^3.0.0\n'), true);
  assert.equal(declaresWidgetbook('name: a\ndependencies:\n  widgetbook_annotation: ^3.0.0\n'), false);
  assert.equal(declaresWidgetbook('name: a\ndescription: uses widgetbook\n'), false);
  assert.equal(declaresWidgetbook('dependencies: [widgetbook\n'), false, 'malformed yaml declares nothing');
  assert.equal(declaresWidgetbook('- widgetbook\n'), false);
});

test('widgetbookApp is the first declaring pubspec by path', () => {
  const pubspecs = [
    { path: 'widgetbook/pubspec.yaml', text: WIDGETBOOK_DEV },
    { path: 'pubspec.yaml', text: 'name: app\n' },
    { path: 'apps/book/pubspec.yaml', text: WIDGETBOOK_DEV },
  ];
  assert.equal(widgetbookApp(pubspecs), 'apps/book/pubspec.yaml');
  assert.equal(widgetbookApp([{ path: 'pubspec.yaml', text: 'name: app\n' }]), null);
});

test('UI component files are Dart sources under lib/, not generated, not tests', () => {
  assert.deepEqual(uiComponentFiles([
    'lib/widgets/button.dart',
    'packages/ui/lib/card.dart',
    'lib/widgets/button.g.dart',
    'lib/models/user.freezed.dart',
    'test/button_test.dart',
    'lib/button_test.dart',
    'README.md',
    'lib/widgets/button.dart',
  ]), ['lib/widgets/button.dart', 'packages/ui/lib/card.dart']);
});

test('the PATH probe finds an executable flutter, and nothing else', async (t) => {
  if (process.platform === 'win32') return t.skip('POSIX only');
  const folder = await mkdtemp(join(tmpdir(), 'visual-probe-'));
  t.after(() => rm(folder, { recursive: true, force: true }));
  assert.equal(await pathFlutterProbe(folder).hasFlutter(), false);
  assert.equal(await pathFlutterProbe('').hasFlutter(), false);
  await writeFile(join(folder, 'flutter'), '#!/bin/sh\n');
  await chmod(join(folder, 'flutter'), 0o644);
  assert.equal(await pathFlutterProbe(folder).hasFlutter(), false, 'not executable');
  await chmod(join(folder, 'flutter'), 0o755);
  assert.equal(await pathFlutterProbe(`/nonexistent-folder:${folder}`).hasFlutter(), true);
});
