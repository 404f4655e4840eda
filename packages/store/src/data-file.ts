/**
 * A pre-open check of an LMDB data file. LMDB memory-maps the file and trusts what it finds: a
 * garbage or truncated data.mdb crashes the process (SIGSEGV/SIGBUS) instead of failing the open,
 * so the header is checked here first. Owns that check only; it reads two pages and never writes.
 *
 * What it catches: a file that is not LMDB (no meta-page magic), a bad page size, and truncation
 * (a root page of the newest commit lies past the end of the file). What it cannot catch: damage inside
 * data pages, which LMDB itself never produces (its commits are crash-safe) but a disk fault or
 * a stray write could; that needs an offline verification pass.
 */
import { closeSync, openSync, readSync } from 'node:fs';

const META_MAGIC = 0xbeefc0de;
/** Page-header sizes before the meta record: 16 in upstream LMDB, 24 in lmdb-js's LMDB 0.9.90+. */
const PAGE_HEADER_SIZES = [24, 16];
const NO_PAGE = 0xffffffffffffffffn;

/** Meta-record field offsets (upstream MDB_meta: magic, version, address, mapsize, dbs[2], ...). */
const OFFSET = { magic: 0, pageSize: 24, freeRoot: 64, mainRoot: 112, lastPage: 120, txnId: 128 } as const;
const META_RECORD_SIZE = 136;

interface MetaPage {
  pageSize: number;
  lastPage: bigint;
  txnId: bigint;
  roots: bigint[];
}

/**
 * Returns null when the file at `path` (which must exist and be non-empty) looks like a sound
 * LMDB data file, else a sentence saying what is wrong with it.
 */
export function inspectDataFile(path: string, fileSize: number): string | null {
  const head = Buffer.alloc(Math.min(fileSize, 65536 * 2));
  const descriptor = openSync(path, 'r');
  try {
    readSync(descriptor, head, 0, head.length, 0);
  } finally {
    closeSync(descriptor);
  }
  for (const headerSize of PAGE_HEADER_SIZES) {
    const first = readMeta(head, headerSize);
    if (first === null) continue;
    const second = readMeta(head, first.pageSize + headerSize);
    if (second === null || second.pageSize !== first.pageSize) {
      return 'its second meta page is damaged';
    }
    const newest = second.txnId > first.txnId ? second : first;
    for (const root of newest.roots) {
      if (root !== NO_PAGE && root > newest.lastPage) return 'its meta page points past the last page';
    }
    // The file may end before `lastPage`: pages a transaction allocated and freed again before
    // committing ("loose" pages) count in lastPage but are never written. The roots of the last
    // commit are among the last pages written (copy-on-write), so a file cut short loses them.
    const pagesInFile = BigInt(fileSize) / BigInt(newest.pageSize);
    for (const root of newest.roots) {
      if (root !== NO_PAGE && root >= pagesInFile) {
        return `it is truncated (${fileSize} bytes, but its last commit's root page ${root} lies past the end)`;
      }
    }
    return null;
  }
  return 'it is not an LMDB data file (no meta page)';
}

function readMeta(head: Buffer, offset: number): MetaPage | null {
  if (offset + META_RECORD_SIZE > head.length) return null;
  if (head.readUInt32LE(offset + OFFSET.magic) !== META_MAGIC) return null;
  const pageSize = head.readUInt32LE(offset + OFFSET.pageSize);
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return null;
  return {
    pageSize,
    lastPage: head.readBigUInt64LE(offset + OFFSET.lastPage),
    txnId: head.readBigUInt64LE(offset + OFFSET.txnId),
    roots: [head.readBigUInt64LE(offset + OFFSET.freeRoot), head.readBigUInt64LE(offset + OFFSET.mainRoot)],
  };
}
