/**
 * The architecture facts a change added and removed (issue 17): the endpoints, config reads and
 * table sites published on the file symbols of the changed paths (reparsed, removed and re-bound
 * files), compared before and after as multisets by kind, key (the path pattern as registered,
 * the config key, the table), method and access, whatever their site: a route moved down a few
 * lines or to another changed file is no change, a second registration of the same route is one
 * more. Mount composition is the engine's (surfaces-index.ts) and is not redone here, so an
 * endpoint's `key` is its pattern as registered. Owns the comparison; reads one file symbol per
 * changed path on each side.
 */
import type { SurfaceRecord } from '@repograph/core';
import type { DeltaInput } from '@repograph/engine';
import type { SurfaceChange, SurfaceChanges } from './shapes.js';
import type { Steps } from './steps.js';
import { compareText, sortedUnique } from './symbol-facts.js';

/** The facts added and removed across the changed paths, each list by kind, key, method, site. */
export function* findSurfaceChanges(input: DeltaInput): Steps<SurfaceChanges> {
  const paths = sortedUnique([...input.reparsed, ...input.removedFiles, ...input.affected]);
  const before: SurfaceChange[] = [];
  const after: SurfaceChange[] = [];
  for (const path of paths) {
    collect(input.before.hasFile(path) ? input.before.symbol(path)?.surfaces : undefined, path, before);
    collect(input.after.hasFile(path) ? input.after.symbol(path)?.surfaces : undefined, path, after);
    yield;
  }
  const counts = new Map<string, number>();
  for (const change of before) counts.set(identity(change), (counts.get(identity(change)) ?? 0) + 1);
  const added: SurfaceChange[] = [];
  for (const change of after) {
    const key = identity(change);
    const count = counts.get(key) ?? 0;
    if (count > 0) counts.set(key, count - 1);
    else added.push(change);
  }
  const removed: SurfaceChange[] = [];
  // What is left of a key's count are the before facts no after fact matched: the last ones.
  for (let index = before.length - 1; index >= 0; index--) {
    const change = before[index]!;
    const key = identity(change);
    const count = counts.get(key) ?? 0;
    if (count > 0) {
      counts.set(key, count - 1);
      removed.push(change);
    }
  }
  return { added: added.sort(compareChanges), removed: removed.sort(compareChanges) };
}

function collect(records: readonly SurfaceRecord[] | undefined, path: string, into: SurfaceChange[]): void {
  for (const record of records ?? []) {
    const change = { kind: record.kind, key: record.key, framework: record.framework } as SurfaceChange;
    if (record.method !== undefined) change.method = record.method;
    if (record.access !== undefined) change.access = record.access;
    if (record.partial === true) change.partial = true;
    change.owner = record.owner;
    if (record.target !== undefined) change.target = record.target;
    change.site = { path, line: record.line, column: record.column };
    into.push(change);
  }
}

function identity(change: SurfaceChange): string {
  return `${change.kind}\0${change.key}\0${change.method ?? ''}\0${change.access ?? ''}`;
}

function compareChanges(a: SurfaceChange, b: SurfaceChange): number {
  return compareText(a.kind, b.kind) || compareText(a.key, b.key) || compareText(a.method ?? '', b.method ?? '')
    || compareText(a.site.path, b.site.path) || a.site.line - b.site.line || a.site.column - b.site.column;
}
