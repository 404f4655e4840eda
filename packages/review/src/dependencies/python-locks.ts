/**
 * Python lockfiles through smol-toml, both an array of [[package]] tables with name and version:
 *   - poetry.lock: every package is resolved; it does not say which are direct (the
 *     pyproject.toml beside it does).
 *   - uv.lock: the project and its workspace members are the packages whose `source` is
 *     `virtual` or `editable`; they are not dependencies, and their `dependencies`,
 *     `optional-dependencies` and `dev-dependencies` name the direct ones. A package without a
 *     version (a dynamic one) is skipped.
 * Owns these readings only.
 */
import { tomlLibrary } from '../libraries.js';
import { addDirect, addResolved, emptyReading, type DependencyReading, type ReadOutcome } from './model.js';
import { normalizeDependencyName } from './names.js';
import { arrayAt, isRecord, messageOf, recordAt, stringAt, type UnknownRecord } from './records.js';

function packagesOf(text: string): { ok: true; packages: UnknownRecord[] } | { ok: false; message: string } {
  let document: UnknownRecord;
  try {
    document = tomlLibrary().parse(text);
  } catch (error) {
    return { ok: false, message: `is not valid TOML (${messageOf(error)})` };
  }
  return { ok: true, packages: (arrayAt(document, 'package') ?? []).filter(isRecord) };
}

function addNamed(reading: DependencyReading, list: unknown): void {
  if (!Array.isArray(list)) return;
  for (const item of list) {
    const name = stringAt(item, 'name');
    if (name !== undefined) addDirect(reading, normalizeDependencyName('python', name), '*');
  }
}

export function readPoetryLock(text: string): ReadOutcome {
  const parsed = packagesOf(text);
  if (!parsed.ok) return parsed;
  const reading = emptyReading('python');
  for (const entry of parsed.packages) {
    const name = stringAt(entry, 'name');
    const version = stringAt(entry, 'version');
    if (name !== undefined && version !== undefined) addResolved(reading, normalizeDependencyName('python', name), version);
  }
  return { ok: true, reading };
}

export function readUvLock(text: string): ReadOutcome {
  const parsed = packagesOf(text);
  if (!parsed.ok) return parsed;
  const reading = emptyReading('python');
  for (const entry of parsed.packages) {
    const name = stringAt(entry, 'name');
    if (name === undefined) continue;
    const source = recordAt(entry, 'source');
    if (source && ('virtual' in source || 'editable' in source)) {
      addNamed(reading, entry['dependencies']);
      for (const key of ['optional-dependencies', 'dev-dependencies'] as const) {
        for (const list of Object.values(recordAt(entry, key) ?? {})) addNamed(reading, list);
      }
      continue;
    }
    const version = stringAt(entry, 'version');
    if (version !== undefined) addResolved(reading, normalizeDependencyName('python', name), version);
  }
  return { ok: true, reading };
}
