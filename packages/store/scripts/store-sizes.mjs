// Where the bytes of a store go: per sub-database, its entries, its LMDB pages (branch, leaf,
// overflow) and the raw bytes of its keys and values as stored (compressed values stay compressed),
// plus the environment's file size, last page and free pages. Read-only; works on any schema.
// Run: node packages/store/scripts/store-sizes.mjs <store directory or data root> [--json]
// A data root ($REPOGRAPH_HOME) is searched for stores/<repoId>/; each store is reported.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { open } from 'lmdb';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const target = args.find((arg) => !arg.startsWith('--'));
if (target === undefined) {
  console.error('usage: node packages/store/scripts/store-sizes.mjs <store directory or data root> [--json]');
  process.exit(2);
}

const directories = existsSync(join(target, 'data.mdb')) ? [target]
  : readdirSync(join(target, 'stores')).map((name) => join(target, 'stores', name));
const reports = directories.map(measureStore);
if (asJson) console.log(JSON.stringify(reports, null, 2));
else for (const report of reports) printReport(report);

function measureStore(path) {
  const root = open({ path, noSubdir: false, maxDbs: 32, readOnly: true });
  const names = [...root.getKeys()].map(String);
  const rootStats = root.getStats();
  const pageSize = rootStats.pageSize;
  const databases = {};
  for (const name of names) {
    const database = root.openDB({ name, encoding: 'binary', keyEncoding: 'binary' });
    const stats = database.getStats();
    let keyBytes = 0;
    let valueBytes = 0;
    for (const { key, value } of database.getRange({})) {
      keyBytes += key.length;
      valueBytes += value.length;
    }
    const pages = stats.treeBranchPageCount + stats.treeLeafPageCount + stats.overflowPages;
    databases[name] = {
      entries: stats.entryCount, pages, bytes: pages * pageSize, keyBytes, valueBytes,
      branchPages: stats.treeBranchPageCount, leafPages: stats.treeLeafPageCount, overflowPages: stats.overflowPages,
    };
  }
  const fileBytes = statSync(join(path, 'data.mdb')).size;
  const usedPages = rootStats.lastPageNumber + 1;
  // Pages up to the last written one that no database holds: the two meta pages, the main
  // database's and the free list's own pages, and free pages (freed, not yet reused).
  const rootPages = rootStats.treeBranchPageCount + rootStats.treeLeafPageCount + rootStats.overflowPages;
  const heldPages = Object.values(databases).reduce((sum, d) => sum + d.pages, 0);
  const otherPages = usedPages - heldPages - rootPages;
  void root.close();
  return { path, pageSize, fileBytes, usedBytes: usedPages * pageSize, otherPages, databases };
}

function printReport(report) {
  const mb = (bytes) => (bytes / 1e6).toFixed(2);
  console.log(`${report.path}\n  data.mdb ${mb(report.fileBytes)} MB, used ${mb(report.usedBytes)} MB, ` +
    `page ${report.pageSize} B, ${report.otherPages} pages meta/free`);
  console.log('  database          entries     pages     MB   keys MB  values MB');
  const rows = Object.entries(report.databases).sort((a, b) => b[1].bytes - a[1].bytes);
  for (const [name, d] of rows) {
    console.log(`  ${name.padEnd(16)} ${String(d.entries).padStart(8)} ${String(d.pages).padStart(9)} ` +
      `${mb(d.bytes).padStart(6)} ${mb(d.keyBytes).padStart(9)} ${mb(d.valueBytes).padStart(10)}`);
  }
}
