/**
 * The changes between two readings of one file, before they are placed (direct, manifest,
 * importers): resolved version sets compared name by name, manifest specs compared name by name,
 * and go.mod replace directives compared. Owns this pairing only; diff.ts decides which files'
 * changes are reported.
 */
import type { Ecosystem } from '../types.js';
import type { DependencyChangeKind, SemverClass } from './model.js';
import { compareVersions, semverClassOf, specFloor } from './versions.js';

/** One change of one name, not yet placed. */
export interface VersionChange {
  name: string;
  change: DependencyChangeKind;
  from: string | null;
  to: string | null;
  semver: SemverClass | null;
}

const NO_VERSIONS: ReadonlySet<string> = new Set<string>();

function byVersion(ecosystem: Ecosystem) {
  return (a: string, b: string): number => compareVersions(ecosystem, a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Up, down or changed between two versions (or two spec floors), with the class. */
function orderedChange(ecosystem: Ecosystem, name: string, from: string, to: string, fromFloor: string | null, toFloor: string | null): VersionChange {
  const order = fromFloor !== null && toFloor !== null ? compareVersions(ecosystem, fromFloor, toFloor) : null;
  if (order === null || order === 0 || fromFloor === null || toFloor === null) {
    return { name, change: 'changed', from, to, semver: null };
  }
  return { name, change: order < 0 ? 'upgraded' : 'downgraded', from, to, semver: semverClassOf(ecosystem, fromFloor, toFloor) };
}

/**
 * Resolved versions compared by name. The versions only on the base side pair with those only on
 * the head side in version order (one upgrade per pair); what is left is added or removed (a
 * second copy of a package at another version is an addition).
 */
export function diffResolved(
  ecosystem: Ecosystem,
  before: ReadonlyMap<string, ReadonlySet<string>>,
  after: ReadonlyMap<string, ReadonlySet<string>>,
): VersionChange[] {
  const changes: VersionChange[] = [];
  const names = new Set([...before.keys(), ...after.keys()]);
  const order = byVersion(ecosystem);
  for (const name of names) {
    const base = before.get(name) ?? NO_VERSIONS;
    const head = after.get(name) ?? NO_VERSIONS;
    if (base.size === 1 && head.size === 1) {
      const [from = ''] = base;
      const [to = ''] = head;
      if (from !== to) changes.push(orderedChange(ecosystem, name, from, to, from, to));
      continue;
    }
    const gone = [...base].filter((version) => !head.has(version)).sort(order);
    const come = [...head].filter((version) => !base.has(version)).sort(order);
    const paired = Math.min(gone.length, come.length);
    for (let index = 0; index < paired; index++) {
      const from = gone[index] ?? '';
      const to = come[index] ?? '';
      changes.push(orderedChange(ecosystem, name, from, to, from, to));
    }
    for (const to of come.slice(paired)) changes.push({ name, change: 'added', from: null, to, semver: null });
    for (const from of gone.slice(paired)) changes.push({ name, change: 'removed', from, to: null, semver: null });
  }
  return changes;
}

/** Manifest specs compared by name; a spec change is ordered and classed by the specs' floors. */
export function diffSpecs(ecosystem: Ecosystem, before: Map<string, string>, after: Map<string, string>): VersionChange[] {
  const changes: VersionChange[] = [];
  for (const [name, from] of before) {
    const to = after.get(name);
    if (to === undefined) changes.push({ name, change: 'removed', from, to: null, semver: null });
    else if (to !== from) changes.push(orderedChange(ecosystem, name, from, to, specFloor(ecosystem, from), specFloor(ecosystem, to)));
  }
  for (const [name, to] of after) {
    if (!before.has(name)) changes.push({ name, change: 'added', from: null, to, semver: null });
  }
  return changes;
}

/** go.mod replace directives that were added, removed or retargeted, as sentences. */
export function diffReplacements(before: Map<string, string>, after: Map<string, string>): string[] {
  const notes: string[] = [];
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  for (const key of keys) {
    const from = before.get(key);
    const to = after.get(key);
    if (from === to) continue;
    const what = from === undefined ? `added (=> ${to})` : to === undefined ? `removed (was => ${from})` : `changed (=> ${from} became => ${to})`;
    notes.push(`replace ${key} ${what}: the build uses the replacement, not the required version`);
  }
  return notes;
}
