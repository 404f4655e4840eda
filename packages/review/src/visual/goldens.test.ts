import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goldenConventionOf, goldenFiles } from './goldens.js';

test('Flutter goldens: any png below a folder named goldens', () => {
  assert.equal(goldenConventionOf('test/goldens/button.png'), 'flutter');
  assert.equal(goldenConventionOf('packages/ui/test/goldens/dark/button_pressed.png'), 'flutter');
  assert.equal(goldenConventionOf('test/goldens/button.dart'), null, 'not an image');
  assert.equal(goldenConventionOf('test/golden/button.png'), null, 'the folder is goldens');
});

test('jest-image-snapshot: a png directly in __image_snapshots__, not its diff output', () => {
  assert.equal(goldenConventionOf('src/__image_snapshots__/button-test-ts-renders-1-snap.png'), 'jest-image-snapshot');
  assert.equal(goldenConventionOf('src/__image_snapshots__/__diff_output__/button-diff.png'), null);
});

test('Playwright: a png below a *-snapshots folder', () => {
  assert.equal(goldenConventionOf('tests/a.spec.ts-snapshots/x-chromium-linux.png'), 'playwright');
  assert.equal(goldenConventionOf('e2e/login.spec.ts-snapshots/forms/empty-firefox-darwin.PNG'), 'playwright');
  assert.equal(goldenConventionOf('tests/a.spec.ts-snapshots/notes.txt'), null);
});

test('goldenFiles keeps goldens only, sorted and once each', () => {
  const files = goldenFiles([
    'tests/a.spec.ts-snapshots/x-chromium-linux.png',
    'lib/button.dart',
    'assets/logo.png',
    'test/goldens/button.png',
    'test/goldens/button.png',
    'src/__image_snapshots__/a-snap.png',
  ]);
  assert.deepEqual(files, [
    { path: 'src/__image_snapshots__/a-snap.png', convention: 'jest-image-snapshot' },
    { path: 'test/goldens/button.png', convention: 'flutter' },
    { path: 'tests/a.spec.ts-snapshots/x-chromium-linux.png', convention: 'playwright' },
  ]);
});
