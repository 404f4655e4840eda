/**
 * Tests of the kept manifest (StoreEnvironment.lastManifest, layer.ts): a reader of the baseline
 * just published, and of an overlay on it, gets from the entries kept in memory exactly what
 * decoding the stored blocks gives, for every field shape the manifest stores.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { openEnvironment, type StoreEnvironment } from './environment.js';
import { makeFileEntry, makeReport } from './fixtures-graph.js';
import { cleanupTempDirs, makeTempDir } from './fixtures-git.js';
import { publishSnapshot } from './publish.js';
import { openReader } from './reader.js';
import type { FileEntry } from './types.js';

after(cleanupTempDirs);

const BASE = 'baseline:c1';
const OVERLAY = 'workspace:main';

function files(environment: StoreEnvironment, key: string): FileEntry[] {
  const reader = openReader(environment, key, () => {})!;
  try {
    return [...reader.files()];
  } finally {
    reader.close();
  }
}

describe('the kept manifest', () => {
  const plain: FileEntry[] = [
    { ...makeFileEntry('a.ts', 'ab'.repeat(32)), mtimeMs: 0, ino: 0 },
    { ...makeFileEntry('b.ts', ''), blobId: null, size: 0, language: 'kotlin' as FileEntry['language'] },
    { ...makeFileEntry('c.ts', 'NOT-HEX'), mtimeMs: 1_700_000_000_000.5, status: 'document', generated: true },
    { ...makeFileEntry('d.ts'), language: null, ino: 2 ** 50 },
  ];
  const worktree = (base: FileEntry[]): FileEntry[] =>
    [{ ...base[0]!, mtimeMs: 12, ino: 3 }, base[1]!, { ...base[3]!, size: 7 }, makeFileEntry('e.ts')];

  /** The files of the baseline and the overlay read with the kept manifest, then decoded, and whether it was readable. */
  async function readBoth(base: FileEntry[]): Promise<{ kept: unknown; decoded: unknown; readable: boolean }> {
    const environment = await openEnvironment({ dataRoot: makeTempDir('repograph-kept-'), repoId: 'kept', readOnly: false });
    try {
      const snapshot = (key: string, baseKey: string | null, entries: FileEntry[]) => publishSnapshot(environment, {
        key, base: baseKey, files: entries, groups: [], report: makeReport(key), digest: key, meta: {},
      });
      await snapshot(BASE, null, base);
      await snapshot(OVERLAY, BASE, worktree(base));
      const readable = environment.lastManifest?.readable === true;
      const kept = { base: files(environment, BASE), overlay: files(environment, OVERLAY) };
      environment.lastManifest = null;
      return { kept, decoded: { base: files(environment, BASE), overlay: files(environment, OVERLAY) }, readable };
    } finally {
      await environment.root.close();
    }
  }

  test('is read in place of the stored blocks, and gives what they hold', async () => {
    const { kept, decoded, readable } = await readBoth(plain);
    assert.equal(readable, true);
    assert.deepEqual(kept, decoded);
    assert.deepEqual(decoded, { base: plain, overlay: worktree(plain) });
  });

  test('is not read when the blocks would give other values (-0, unknown fields, a lone surrogate)', async () => {
    for (const odd of [{ size: -0 }, { extra: { nested: [1, 'two'] } }, { groupHash: 'x\uD800' }, { path: 'd\uDC00.ts' }]) {
      const base = [...plain.slice(0, 3), { ...plain[3]!, ...odd } as FileEntry];
      const { kept, decoded, readable } = await readBoth(base);
      assert.equal(readable, false, JSON.stringify(odd));
      assert.deepEqual(kept, decoded);
    }
  });
});
