/**
 * Opening one repository's LMDB environment: the directory (mode 0700), the pre-open file check,
 * the open itself, the format and schema check, wipe-and-rebuild on an older schema, and the
 * store's random identity (what subscription clocks name). Owns that lifecycle and the StoreError messages for it; the layout lives in layout.ts and the
 * operations in the modules that use the returned environment.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { open, type RootDatabase } from 'lmdb';
import { RepographError } from '@repograph/core';
import { inspectDataFile } from './data-file.js';
import { DEFAULT_TUNING, MAX_DATABASES, openDatabases, type Databases, type StoreTuning } from './layout.js';
import type { KeptManifest } from './manifest.js';
import { BlockCache } from './block-cache.js';
import { FactsQueue } from './facts-queue.js';
import { SharedFacts } from './shared-facts.js';
import { MIGRATIONS, SCHEMA_VERSION, STORE_FORMAT } from './versions.js';

/** An open environment and its sub-databases. */
export interface StoreEnvironment {
  path: string;
  root: RootDatabase;
  databases: Databases;
  /** The largest encoded key the environment accepts. */
  maxKeySize: number;
  readOnly: boolean;
  tuning: StoreTuning;
  /** The store's random identity (meta `storeId`): a wiped or another store has another. */
  storeId: string;
  /** Decoded run blocks of this environment's snapshots (runs.ts). */
  cache: BlockCache;
  /**
   * The manifest entries (all complete) of the last committed snapshot without a base, so that the
   * overlay published on it next (the worktree after its baseline) need not read them back, nor
   * any reader of its manifest (layer.ts). Shared: nothing may change them.
   */
  lastManifest: KeptManifest | null;
  /** Decoded facts, one object per blob while anyone holds it (shared-facts.ts). */
  sharedFacts: SharedFacts;
  /** Facts waiting for the cache's write-behind (facts-queue.ts); its writer is set by repo-store.ts. */
  factsQueue: FactsQueue;
}

/**
 * Decoded blocks (and run keys) kept per environment. A decoded block takes 10-15 KB of heap, so
 * this is at most about 15 MB; it holds all of core-js's runs (900 blocks), two thirds of three's.
 */
const BLOCK_CACHE_CAPACITY = 1024;

/** Store ids are file names: letters, digits, '.', '_' and '-', not starting with '.'. */
const REPO_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The directory of one repository's store under a data root. */
export function storeDirectory(dataRoot: string, repoId: string): string {
  return join(dataRoot, 'stores', repoId);
}

/** What openEnvironment opens, and how. */
export interface EnvironmentOptions {
  dataRoot: string;
  repoId: string;
  readOnly: boolean;
  /** Physical options; DEFAULT_TUNING except in the measurement script. */
  tuning?: StoreTuning;
}

/**
 * Opens (creating when writable) the environment of `repoId` under `dataRoot`. Throws a
 * RepographError: `StoreError` for a bad data root, a damaged, foreign or newer store or an OS
 * error; `NotIndexed` for a read-only open of a store that does not exist yet.
 */
export async function openEnvironment(options: EnvironmentOptions): Promise<StoreEnvironment> {
  const { dataRoot, repoId, readOnly, tuning = DEFAULT_TUNING } = options;
  if (!isAbsolute(dataRoot)) {
    throw storeError(`the data root "${dataRoot}" is not an absolute path; set REPOGRAPH_HOME to an absolute directory`,
      { dataRoot });
  }
  if (!REPO_ID_PATTERN.test(repoId)) {
    throw storeError(`"${repoId}" is not a valid repository id; derive it with repoIdFor()`, { repoId });
  }
  const path = storeDirectory(dataRoot, repoId);
  prepareDirectory(path, readOnly);
  let root = openRoot(path, readOnly, tuning);
  const state = readSchemaState(root, path);
  if (state.kind === 'fresh') {
    if (readOnly) {
      await root.close();
      throw notIndexed(path);
    }
    initialize(root);
  } else if (state.schemaVersion > SCHEMA_VERSION) {
    await root.close();
    throw storeError(`the store at ${path} has schema ${state.schemaVersion}, newer than this repograph's ` +
      `${SCHEMA_VERSION}; upgrade repograph, or delete ${path} to rebuild it with this version`,
      { path, schemaVersion: state.schemaVersion });
  } else if (state.schemaVersion < SCHEMA_VERSION) {
    if (readOnly) {
      await root.close();
      throw storeError(`the store at ${path} has the older schema ${state.schemaVersion}; start the daemon ` +
        `(a writable open) to migrate or rebuild it`, { path, schemaVersion: state.schemaVersion });
    }
    if (canMigrate(state.schemaVersion)) {
      migrate(root, state.schemaVersion);
    } else {
      // Everything in the store is a cache (facts, baselines, overlays), so rebuilding is safe.
      await root.close();
      wipe(path);
      root = openRoot(path, readOnly, tuning);
      initialize(root);
    }
  }
  const databases = openDatabases(root, tuning);
  if (databases === undefined) {
    await root.close();
    throw storeError(`the store at ${path} is incomplete (a sub-database is missing); delete ${path} to rebuild it`,
      { path });
  }
  const maxKeySize = (databases.symbols as unknown as { maxKeySize?: number }).maxKeySize ?? 1978;
  const storeId = ensureStoreId(root, readOnly);
  return {
    path, root, databases, maxKeySize, readOnly, tuning, storeId, cache: new BlockCache(BLOCK_CACHE_CAPACITY), lastManifest: null,
    sharedFacts: new SharedFacts(), factsQueue: new FactsQueue(),
  };
}

/** A StoreError with a message that says what to do. */
export function storeError(message: string, data: Record<string, unknown> = {}, cause?: unknown): RepographError {
  const error = new RepographError('StoreError', message, data);
  if (cause !== undefined) (error as Error & { cause?: unknown }).cause = cause;
  return error;
}

function notIndexed(path: string): RepographError {
  return new RepographError('NotIndexed',
    `no store exists at ${path}; index the repository first (start the daemon or run repograph index)`, { path });
}

function prepareDirectory(path: string, readOnly: boolean): void {
  const dataFile = join(path, 'data.mdb');
  let size: number | null = null;
  try {
    size = statSync(dataFile).size;
  } catch (error) {
    if (!isMissing(error)) throw osError(error, `cannot read ${dataFile}`, path);
  }
  if (size === null) {
    if (readOnly) throw notIndexed(path);
    try {
      mkdirSync(path, { recursive: true, mode: 0o700 });
      const mode = statSync(path).mode & 0o777;
      if (mode !== 0o700) chmodSync(path, 0o700);
    } catch (error) {
      throw osError(error, `cannot create the store directory ${path}`, path);
    }
    return;
  }
  if (size === 0) {
    if (readOnly) throw notIndexed(path);
    return;
  }
  let problem: string | null;
  try {
    problem = inspectDataFile(dataFile, size);
  } catch (error) {
    throw osError(error, `cannot read ${dataFile}`, path);
  }
  if (problem !== null) {
    throw storeError(`the store file ${dataFile} is damaged or foreign: ${problem}; delete ${path} ` +
      `(it is a cache) and repograph will rebuild it`, { path, file: dataFile, problem });
  }
}

function openRoot(path: string, readOnly: boolean, tuning: StoreTuning): RootDatabase {
  try {
    return open({ path, noSubdir: false, maxDbs: MAX_DATABASES, pageSize: tuning.pageSize, readOnly });
  } catch (error) {
    throw osError(error, `cannot open the LMDB environment at ${path}`, path);
  }
}

type SchemaState = { kind: 'fresh' } | { kind: 'existing'; schemaVersion: number };

function readSchemaState(root: RootDatabase, path: string): SchemaState {
  let names: unknown[];
  let format: unknown;
  let schemaVersion: unknown;
  try {
    names = [...root.getKeys()];
    if (names.length === 0) return { kind: 'fresh' };
    const meta = names.includes('meta') ? root.openDB({ name: 'meta' }) : undefined;
    format = meta?.get('format');
    schemaVersion = meta?.get('schemaVersion');
  } catch (error) {
    void root.close();
    throw storeError(`cannot read the store at ${path}: ${messageOf(error)}; delete ${path} (it is a cache) ` +
      `and repograph will rebuild it`, { path }, error);
  }
  if (format !== STORE_FORMAT || typeof schemaVersion !== 'number') {
    void root.close();
    throw storeError(`${path} holds an LMDB environment that is not a repograph store; move it away or ` +
      `delete it, and repograph will create its store there`, { path, databases: names.map(String) });
  }
  return { kind: 'existing', schemaVersion };
}

function initialize(root: RootDatabase): void {
  const meta = root.openDB({ name: 'meta' });
  root.transactionSync(() => {
    meta.put('format', STORE_FORMAT);
    meta.put('schemaVersion', SCHEMA_VERSION);
    meta.put('generation', 0);
    meta.put('snapshotSequence', 0);
    meta.put('storeId', newStoreId());
  });
}

/**
 * The store's identity in meta `storeId`: made with the store (and given to a store made before
 * there were ids, on its first writable open), so a wiped store or another data root has another.
 * A read-only open of a store without one gets an id of its own for that open.
 */
function ensureStoreId(root: RootDatabase, readOnly: boolean): string {
  const meta = root.openDB({ name: 'meta' });
  const stored = meta.get('storeId');
  if (typeof stored === 'string' && STORE_ID_PATTERN.test(stored)) return stored;
  const id = newStoreId();
  if (!readOnly) root.transactionSync(() => meta.put('storeId', id));
  return id;
}

const STORE_ID_PATTERN = /^[0-9a-f]{16,64}$/;

function newStoreId(): string {
  return randomBytes(8).toString('hex');
}

function canMigrate(from: number): boolean {
  for (let version = from; version < SCHEMA_VERSION; version++) if (!MIGRATIONS.has(version)) return false;
  return true;
}

function migrate(root: RootDatabase, from: number): void {
  const meta = root.openDB({ name: 'meta' });
  root.transactionSync(() => {
    for (let version = from; version < SCHEMA_VERSION; version++) MIGRATIONS.get(version)!(root);
    meta.put('schemaVersion', SCHEMA_VERSION);
  });
}

function wipe(path: string): void {
  for (const file of ['data.mdb', 'lock.mdb']) {
    try {
      rmSync(join(path, file), { force: true });
    } catch (error) {
      throw osError(error, `cannot remove the outdated store file ${join(path, file)}`, path);
    }
  }
}

function osError(error: unknown, what: string, path: string): RepographError {
  if (error instanceof RepographError) return error;
  const code = (error as { code?: unknown }).code;
  const advice = code === 'EACCES' || code === 'EPERM'
    ? `permission denied; make ${path} readable and writable by this user (mode 0700)`
    : code === 'ENOSPC' ? 'the disk is full; free space and retry'
    : `${messageOf(error)}; if the store is damaged, delete ${path} (it is a cache) to rebuild it`;
  return storeError(`${what}: ${advice}`, { path, osCode: typeof code === 'string' ? code : null }, error);
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'ENOENT';
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
