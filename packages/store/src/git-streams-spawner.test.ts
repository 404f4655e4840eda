/**
 * readBlobs' and the object reader's tests again (git-blobs.test.ts, git-objects.test.ts), with
 * this process's git forked by the spawner as the daemon's is (useGitSpawner): cat-file's stdin,
 * stdout and stderr then cross the spawner's channel (git-spawner-stream.ts), stdout paused and
 * resumed as the consumer reads. Then: cat-file really is the spawner's child, and a spawner that
 * dies under an open reader fails its reads in flight with a StoreError, after which the reader
 * answers again.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { makeRepo, readyGitSpawner } from './fixtures-git.js';
import { readBlobs } from './git-blobs.js';
import { gitObjects } from './git-objects.js';
import { spawnGitStream } from './git-spawner.js';

await readyGitSpawner();
await import('./git-blobs.test.js');
await import('./git-objects.test.js');

/** Command lines of the processes whose parent is `parent` (Linux /proc). */
function childrenOf(parent: number): string[] {
  const found: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== parent) continue;
      found.push(readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim());
    } catch {
      // gone while read
    }
  }
  return found;
}

describe('cat-file through the git spawner', () => {
  // ~1.4 MB in all, far more than a pipe and the reader's buffer hold: git is still writing (so
  // still the spawner's child) when the first blob is handed over. With ~26 KB it could write
  // everything and exit first, and be seen as a zombie with no command line.
  const files: Record<string, string> = {};
  for (let index = 0; index < 80; index++) files[`f${index}.txt`] = `file ${index}\n`.repeat(2000 + index);
  const { root, commit } = makeRepo(files);

  test('readBlobs\' cat-file is the spawner\'s child, not this process\'s', async () => {
    const spawner = await readyGitSpawner();
    const blobIds = await Promise.all(Object.keys(files).map(async (path) => (await gitObjects(root).read(`${commit}:${path}`))!.oid));
    let seen: { spawner: string[]; here: string[] } | null = null;
    const result = await readBlobs(root, blobIds, async () => {
      seen ??= { spawner: childrenOf(spawner), here: childrenOf(process.pid) };
      await new Promise((resolve) => setTimeout(resolve, 1));
    });
    assert.equal(result.read, blobIds.length);
    assert.ok(seen!.spawner.some((line) => line.includes('cat-file --batch --buffer')), JSON.stringify(seen));
    assert.ok(!seen!.here.some((line) => line.includes('cat-file')), JSON.stringify(seen));
  });

  test('a consumer that stops reading pauses git at the spawner: this process holds little of what is still to come', async () => {
    await readyGitSpawner();
    const big: Record<string, Buffer> = {};
    for (let index = 0; index < 40; index++) big[`blob${index}.bin`] = randomBytes(1024 * 1024);
    const repo = makeRepo(big);
    const child = spawnGitStream(repo.root, ['cat-file', '--batch']);
    const closed = new Promise((resolve) => child.on('close', resolve));
    child.stdin.end(Object.keys(big).map((path) => `HEAD:${path}\n`).join(''));
    // Nobody reads for a while: git's 40 MB wait at the spawner, not here.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const held = child.stdout.readableLength;
    assert.ok(held < 8 * 1024 * 1024, `this process held ${(held / 2 ** 20).toFixed(1)} MB of 40 MB unread`);
    let total = 0;
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) total += chunk.length;
    assert.ok(total > 40 * 1024 * 1024, `read ${total} bytes`);
    assert.equal(await closed, 0);
  });

  test('a spawner that dies under an open reader fails the reads in flight; the reader then answers again', async () => {
    const spawner = await readyGitSpawner();
    const objects = gitObjects(root);
    assert.equal((await objects.read(commit))!.oid, commit);
    // Many reads in flight, then the spawner killed: each read is answered or fails with a StoreError.
    const reads = Array.from({ length: 200 }, (_, index) => objects.read(`${commit}:f${index % 80}.txt`).then(
      (object) => ({ ok: object?.type === 'blob', code: undefined as string | undefined }),
      (error: { code?: string }) => ({ ok: false, code: error.code }),
    ));
    process.kill(spawner, 'SIGKILL');
    const outcomes = await Promise.all(reads);
    for (const outcome of outcomes) assert.ok(outcome.ok || outcome.code === 'StoreError', JSON.stringify(outcome));
    assert.equal((await objects.read(`${commit}:f3.txt`))!.bytes.toString(), files['f3.txt']);
  });
});
