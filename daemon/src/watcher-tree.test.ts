import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { DirectoryTree } from './watcher-tree.js';

const temps: string[] = [];
after(() => { for (const dir of temps) rmSync(dir, { recursive: true, force: true }); });

/** A tree of `top` folders of `below` folders each, plus an ignored folder of as many. */
function makeTree(top: number, below: number): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'repograph-watcher-tree-')));
  temps.push(root);
  for (let i = 0; i < top; i++) for (let j = 0; j < below; j++) mkdirSync(join(root, `d${i}`, `e${j}`), { recursive: true });
  for (let j = 0; j < below; j++) mkdirSync(join(root, 'ignored', `e${j}`), { recursive: true });
  return root;
}

test('the initial walk watches every admitted directory, in slices: the event loop turns while it runs', { timeout: 60_000 }, async () => {
  const root = makeTree(30, 100);
  const touched: string[] = [];
  const errors: Error[] = [];
  const tree = new DirectoryTree({
    root,
    ignores: (path) => path === 'ignored' || path.startsWith('ignored/'),
    reports: () => false,
    onTouch: (path) => touched.push(path),
    onError: (error) => errors.push(error),
  });
  // One tick per turn of the loop: a walk that held the thread to its end would see none.
  let turns = 0;
  let counting = true;
  const tick = (): void => { if (counting) { turns++; setImmediate(tick); } };
  setImmediate(tick);
  try {
    await tree.start();
    counting = false;
    assert.equal(tree.size, 1 + 30 + 30 * 100, 'the root, 30 folders and 3,000 below them, none of the ignored ones');
    assert.ok(turns >= 2, `the event loop turned ${turns} time(s) during a walk of 3,031 directories`);
    assert.equal(touched.length, 0, 'the initial walk touches no path');
    assert.deepEqual(errors, []);

    // Watched for real: a file written in the deepest folder is touched.
    const seen = new Promise<void>((resolve) => {
      const poll = setInterval(() => { if (touched.includes('d29/e99/new.ts')) { clearInterval(poll); resolve(); } }, 5);
    });
    writeFileSync(join(root, 'd29', 'e99', 'new.ts'), 'export const n = 1;\n');
    await seen;
  } finally {
    counting = false;
    await tree.close();
  }
});
