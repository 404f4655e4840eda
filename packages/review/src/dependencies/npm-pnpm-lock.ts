/**
 * pnpm-lock.yaml, lockfileVersion 5.x, 6.x and 9.x:
 *   - the direct dependencies are the importers' (a workspace's `importers`, or the root's
 *     top-level dependencies, devDependencies and optionalDependencies in a v5/v6 single-package
 *     lockfile), each a version (v5) or {specifier, version} (v6, v9);
 *   - the resolved packages are the `packages` keys: `/name/1.2.3_peer@1.0.0` (v5),
 *     `/name@1.2.3(peer@1.0.0)` (v6), `name@1.2.3` (v9; its peer variants are in `snapshots`,
 *     not needed here). An entry's own `name` and `version` (tarball and git packages) win over
 *     the key. Peer suffixes are dropped; `link:` versions are workspace links, not packages.
 * Owns this reading only.
 */
import { addDirect, addResolved, emptyReading, type DependencyReading, type ReadOutcome } from './model.js';
import { isRecord, recordAt, stringAt, type UnknownRecord } from './records.js';
import { parseYamlLockfile } from './yaml-text.js';

const IMPORTER_SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;

/** A version without its peer suffix: "1.2.3(react@18.0.0)" and "1.2.3_react@18.0.0" give 1.2.3. */
function withoutPeers(version: string): string {
  const paren = version.indexOf('(');
  const cut = paren >= 0 ? version.slice(0, paren) : version;
  return /^\d/.test(cut) ? cut.split('_')[0] ?? cut : cut;
}

function addImporter(reading: DependencyReading, importer: UnknownRecord): void {
  for (const section of IMPORTER_SECTIONS) {
    const entries = recordAt(importer, section);
    if (!entries) continue;
    for (const [name, value] of Object.entries(entries)) {
      const version = typeof value === 'string' ? value : stringAt(value, 'version');
      if (version !== undefined) addDirect(reading, name, withoutPeers(version));
    }
  }
}

/** Name and version of a `packages` key, or null when the key is a URL or path of its own. */
export function parsePnpmPackageKey(key: string, majorVersion: number): { name: string; version: string } | null {
  const bare = key.startsWith('/') ? key.slice(1) : key;
  const paren = bare.indexOf('(');
  const text = paren > 0 ? bare.slice(0, paren) : bare;
  const at = majorVersion < 6 ? text.lastIndexOf('/') : text.lastIndexOf('@');
  if (at <= 0) return null;
  const name = text.slice(0, at);
  const version = withoutPeers(text.slice(at + 1));
  if (name === '' || version === '' || (majorVersion < 6 && !/^\d/.test(version))) return null;
  return { name, version };
}

export function readPnpmLock(text: string): ReadOutcome {
  const parsed = parseYamlLockfile(text);
  if (!parsed.ok) return parsed;
  const lock = parsed.value;
  if (lock === null || lock === undefined) return { ok: true, reading: emptyReading('npm') };
  if (!isRecord(lock)) return { ok: false, message: 'is not a YAML mapping' };
  const reading = emptyReading('npm');
  const majorVersion = Number.parseFloat(String(lock['lockfileVersion'] ?? '9'));
  if (!Number.isFinite(majorVersion)) reading.diagnostics.push('lockfileVersion is not a number; read as 9');
  const major = Number.isFinite(majorVersion) ? majorVersion : 9;

  const importers = recordAt(lock, 'importers');
  if (importers) {
    for (const importer of Object.values(importers)) if (isRecord(importer)) addImporter(reading, importer);
  } else {
    addImporter(reading, lock);
  }

  let unreadKeys = 0;
  for (const [key, entry] of Object.entries(recordAt(lock, 'packages') ?? {})) {
    const ownName = stringAt(entry, 'name');
    const ownVersion = stringAt(entry, 'version');
    const fromKey = parsePnpmPackageKey(key, major);
    const name = ownName ?? fromKey?.name;
    const version = ownVersion ?? fromKey?.version;
    if (name === undefined || version === undefined) unreadKeys++;
    else if (!version.startsWith('link:')) addResolved(reading, name, version);
  }
  if (unreadKeys > 0) reading.diagnostics.push(`${unreadKeys} packages key(s) give no name and version; skipped`);
  return { ok: true, reading };
}
