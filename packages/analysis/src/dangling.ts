/**
 * Dangling callers: call sites that still name a removed or renamed symbol. Owns the two ways a
 * site is found:
 *   - in an untouched file, each site that resolved to the symbol before is looked up at the same
 *     place (path, line, column, kind) after: it dangles when it is unresolved, names an id that
 *     no longer exists, or is gone;
 *   - in an edited file that held such a site before, the sites after that name the symbol and
 *     are unresolved (or resolve to the vanished id itself) dangle, unless the file had as many
 *     unresolved sites of that name from the same caller before (an unrelated `x.get()` that
 *     never bound stays quiet). A caller re-bound to the new name is not reported.
 * Each site is reported once (for the smallest target id), sorted by site.
 */
import type { SiteRelation } from '@repograph/engine';
import type { RelationKind } from '@repograph/core';
import type { DeltaContext } from './context.js';
import type { DanglingCaller, RenamedSymbol } from './shapes.js';
import { compareText } from './symbol-facts.js';

const SITE_KINDS: ReadonlySet<RelationKind> = new Set<RelationKind>(['calls', 'instantiates', 'references']);

/** The sites that still name a removed id or the old id of a rename. */
export function findDanglingCallers(context: DeltaContext, removed: string[], renamed: RenamedSymbol[]): DanglingCaller[] {
  const { before, after } = context.input;
  const existsAfter = cachedPredicate((id) => after.definition(id) !== undefined);
  const sitesAfter = siteIndex(context);
  const editedIndex = editedFileIndex(context);
  const targets = new Map<string, string | undefined>();
  for (const id of removed) targets.set(id, undefined);
  for (const rename of renamed) targets.set(rename.old, rename.new);

  const found: DanglingCaller[] = [];
  const report = (relation: SiteRelation['relation'], target: string, renamedTo: string | undefined): void => {
    const finding: DanglingCaller = { caller: relation.from, path: relation.site.path, line: relation.site.line, column: relation.site.column, target };
    if (renamedTo !== undefined) finding.renamedTo = renamedTo;
    found.push(finding);
  };

  for (const target of [...targets.keys()].sort(compareText)) {
    const definition = context.beforeDefinitions.get(target);
    if (definition === undefined || definition.symbol.kind === 'file') continue;
    const renamedTo = targets.get(target);
    const editedCallerFiles = new Set<string>();
    for (const { relation } of before.relationsInto(target)) {
      if (!SITE_KINDS.has(relation.kind) || relation.to !== target) continue;
      const path = relation.site.path;
      if (context.touched.has(path)) {
        if (after.hasFile(path)) editedCallerFiles.add(path);
        continue;
      }
      const now = sitesAfter(path).get(siteKey(relation.site.line, relation.site.column, relation.kind));
      if (now === undefined) report(relation, target, renamedTo);
      else if (now.to === null || !existsAfter(now.to)) report(now, target, renamedTo);
    }
    for (const path of [...editedCallerFiles].sort(compareText)) {
      for (const relation of staleSitesInEditedFile(editedIndex, path, target, definition.symbol.name, existsAfter)) {
        report(relation, target, renamedTo);
      }
    }
  }

  found.sort((a, b) => compareText(a.path, b.path) || a.line - b.line || a.column - b.column || compareText(a.target, b.target));
  const seen = new Set<string>();
  return found.filter((finding) => {
    const key = `${finding.path}\0${finding.line}\0${finding.column}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The sites of an edited file that still name `target` after the change. */
function staleSitesInEditedFile(
  index: EditedFileIndex, path: string, target: string, name: string, existsAfter: (id: string) => boolean,
): SiteRelation['relation'][] {
  const unresolvedBefore = new Map<string, number>();
  for (const relation of index.byNameBefore(path).get(name) ?? []) {
    if (relation.to !== null) continue;
    const key = callerKey(relation.from, relation.kind);
    unresolvedBefore.set(key, (unresolvedBefore.get(key) ?? 0) + 1);
  }
  const candidates = new Map<string, SiteRelation['relation'][]>();
  const consider = (relation: SiteRelation['relation']): void => {
    const key = callerKey(relation.from, relation.kind);
    let list = candidates.get(key);
    if (list === undefined) candidates.set(key, (list = []));
    list.push(relation);
  };
  for (const relation of index.byNameAfter(path).get(name) ?? []) if (relation.to === null) consider(relation);
  if (!existsAfter(target)) for (const relation of index.byTargetAfter(path).get(target) ?? []) consider(relation);
  const stale: SiteRelation['relation'][] = [];
  for (const [key, list] of candidates) {
    if (list.length > (unresolvedBefore.get(key) ?? 0)) stale.push(...list);
  }
  return stale;
}

/** The call sites of edited files grouped by written name and by target, built once per file and side. */
interface EditedFileIndex {
  byNameBefore(path: string): Map<string, SiteRelation['relation'][]>;
  byNameAfter(path: string): Map<string, SiteRelation['relation'][]>;
  byTargetAfter(path: string): Map<string, SiteRelation['relation'][]>;
}

function editedFileIndex(context: DeltaContext): EditedFileIndex {
  const group = (read: (path: string) => SiteRelation[], keyOf: (relation: SiteRelation['relation']) => string | null) => {
    const cache = new Map<string, Map<string, SiteRelation['relation'][]>>();
    return (path: string) => {
      let groups = cache.get(path);
      if (groups === undefined) {
        groups = new Map();
        for (const { relation } of read(path)) {
          const key = keyOf(relation);
          if (key === null || !SITE_KINDS.has(relation.kind)) continue;
          let list = groups.get(key);
          if (list === undefined) groups.set(key, (list = []));
          list.push(relation);
        }
        cache.set(path, groups);
      }
      return groups;
    };
  };
  return {
    byNameBefore: group(context.relationsBefore, (relation) => relation.name),
    byNameAfter: group(context.relationsAfter, (relation) => relation.name),
    byTargetAfter: group(context.relationsAfter, (relation) => relation.to),
  };
}

/** after.relationsIn(path) indexed by site and kind, built once per path. */
function siteIndex(context: DeltaContext): (path: string) => Map<string, SiteRelation['relation']> {
  const cache = new Map<string, Map<string, SiteRelation['relation']>>();
  return (path) => {
    let index = cache.get(path);
    if (index === undefined) {
      index = new Map();
      for (const { relation } of context.relationsAfter(path)) {
        const key = siteKey(relation.site.line, relation.site.column, relation.kind);
        if (!index.has(key)) index.set(key, relation);
      }
      cache.set(path, index);
    }
    return index;
  };
}

function siteKey(line: number, column: number, kind: RelationKind): string {
  return `${line}:${column}:${kind}`;
}

function callerKey(from: string, kind: RelationKind): string {
  return `${from}\0${kind}`;
}

function cachedPredicate(test: (id: string) => boolean): (id: string) => boolean {
  const cache = new Map<string, boolean>();
  return (id) => {
    let value = cache.get(id);
    if (value === undefined) cache.set(id, (value = test(id)));
    return value;
  };
}
