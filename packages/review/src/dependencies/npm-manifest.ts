/**
 * package.json: its direct dependencies with the spec each gives, from dependencies,
 * optionalDependencies, devDependencies and peerDependencies (a name in several sections keeps
 * the first, in that order). Owns this reading only; bundledDependencies and overrides are not
 * dependencies of their own and are not read.
 */
import { addDirect, emptyReading, type DependencyReading, type ReadOutcome } from './model.js';
import { isRecord, parseJsonObject } from './records.js';

export const PACKAGE_JSON_SECTIONS = ['dependencies', 'optionalDependencies', 'devDependencies', 'peerDependencies'] as const;

/** Adds the sections' names and specs of one package object (package.json, or a lockfile's root). */
export function addDeclaredSections(reading: DependencyReading, manifest: Record<string, unknown>): void {
  for (const section of PACKAGE_JSON_SECTIONS) {
    const entries = manifest[section];
    if (entries === undefined) continue;
    if (!isRecord(entries)) {
      reading.diagnostics.push(`${section} is not an object; skipped`);
      continue;
    }
    for (const [name, spec] of Object.entries(entries)) {
      if (typeof spec === 'string') addDirect(reading, name, spec);
      else reading.diagnostics.push(`${section}.${name} is not a string spec; skipped`);
    }
  }
}

export function readPackageJson(text: string): ReadOutcome {
  const json = parseJsonObject(text);
  if (!json.ok) return json;
  const parsed = json.value;
  const reading = emptyReading('npm');
  addDeclaredSections(reading, parsed);
  return { ok: true, reading };
}
