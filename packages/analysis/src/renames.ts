/**
 * Rename pairing: which removed ids reappeared under another id. Owns the rounds, each narrower
 * than the one before, and the one-to-one discipline:
 *   0. renames the caller declared (old removed and new added) are taken as given;
 *   1. same file, same kind, same whole-body skeleton fingerprint;
 *   2. same name, same kind, same fingerprint in another file (a move);
 *   3. a container whose every paired member went to one new container of its kind is renamed
 *      with them, whatever its own fingerprint; a container only one old container claims;
 *   4. an empty container (no members) is never guessed, in any round: only a declared rename
 *      pairs it;
 *   5. the members left of a renamed symbol (fields, properties, and members whose body changed
 *      too) follow it when exactly one old and one new member of the pair share name and kind;
 *      rounds 3 and 5 repeat until neither pairs anything more.
 * Rounds 1 and 2 take only definitions with a fingerprint, never file symbols, and pair each
 * group's old and new ids zipped in sorted order, so two identical bodies are never one symbol
 * renamed twice. An invented rename would undo a correct edit, so every doubt leaves an addition
 * and a removal.
 */
import type { Definition } from '@repograph/engine';
import type { DeltaContext } from './context.js';
import type { RenamedSymbol } from './shapes.js';
import { compareText, isContainerKind } from './symbol-facts.js';

/** The renames found, and what stays added or removed once they are taken out. */
export interface RenamePairing {
  renamed: RenamedSymbol[];
  added: string[];
  removed: string[];
}

/** Pairs the removed ids with the added ones (both sorted) as renames. */
export function pairRenames(context: DeltaContext, added: string[], removed: string[]): RenamePairing {
  const before = context.beforeDefinitions;
  const after = context.afterDefinitions;
  const openOld = new Set(removed);
  const openNew = new Set(added);
  const pairs = new Map<string, string>();
  const take = (oldId: string, newId: string): void => {
    pairs.set(oldId, newId);
    openOld.delete(oldId);
    openNew.delete(newId);
  };

  const declared = [...(context.input.declaredRenames ?? [])].sort((a, b) => compareText(a.old, b.old) || compareText(a.new, b.new));
  for (const rename of declared) {
    if (openOld.has(rename.old) && openNew.has(rename.new)) take(rename.old, rename.new);
  }

  const membersBefore = membersByContainer(before);
  const membersAfter = membersByContainer(after);
  const guessable = (definition: Definition, members: Map<string, string[]>): boolean =>
    definition.symbol.kind !== 'file' &&
    definition.fingerprint !== undefined &&
    (!isContainerKind(definition.symbol.kind) || (members.get(definition.symbol.id)?.length ?? 0) > 0);

  const byFile = (definition: Definition): string => `${definition.symbol.path}\0${definition.symbol.kind}\0${definition.fingerprint}`;
  const byName = (definition: Definition): string => `${definition.symbol.name}\0${definition.symbol.kind}\0${definition.fingerprint}`;
  for (const keyOf of [byFile, byName]) {
    const groups = new Map<string, { olds: string[]; news: string[] }>();
    const group = (key: string) => {
      let entry = groups.get(key);
      if (entry === undefined) groups.set(key, (entry = { olds: [], news: [] }));
      return entry;
    };
    for (const id of openOld) {
      const definition = before.get(id)!;
      if (guessable(definition, membersBefore)) group(keyOf(definition)).olds.push(id);
    }
    for (const id of openNew) {
      const definition = after.get(id)!;
      if (guessable(definition, membersAfter)) group(keyOf(definition)).news.push(id);
    }
    for (const { olds, news } of groups.values()) {
      const count = Math.min(olds.length, news.length);
      for (let index = 0; index < count; index++) take(olds[index]!, news[index]!);
    }
  }

  const state: Pairing = { before, after, membersBefore, membersAfter, openOld, openNew, pairs, take };
  for (let progress = true; progress;) {
    progress = pairContainers(state);
    if (pairMembers(state)) progress = true;
  }

  const renamed = [...pairs]
    .map(([oldId, newId]) => ({ old: oldId, new: newId, path: after.get(newId)!.symbol.path }))
    .sort((a, b) => compareText(a.old, b.old));
  return { renamed, added: [...openNew], removed: [...openOld] };
}

/** What rounds 3 and 5 read and grow. */
interface Pairing {
  before: ReadonlyMap<string, Definition>;
  after: ReadonlyMap<string, Definition>;
  membersBefore: Map<string, string[]>;
  membersAfter: Map<string, string[]>;
  openOld: Set<string>;
  openNew: Set<string>;
  pairs: Map<string, string>;
  take: (oldId: string, newId: string) => void;
}

/** Round 3: containers follow their members, innermost first, until nothing more pairs; true when any did. */
function pairContainers({ before, after, membersBefore, openOld, openNew, pairs, take }: Pairing): boolean {
  let any = false;
  for (;;) {
    const targetOf = new Map<string, string>();
    const claims = new Map<string, number>();
    for (const oldId of openOld) {
      const old = before.get(oldId)!;
      if (!isContainerKind(old.symbol.kind)) continue;
      let target: string | null | undefined;
      for (const member of membersBefore.get(oldId) ?? []) {
        const newMember = pairs.get(member);
        if (newMember === undefined) continue;
        const container = containerOf(after.get(newMember)!);
        if (target === undefined) target = container ?? null;
        else if (target !== container) target = null;
        if (target === null) break;
      }
      if (target === undefined || target === null || !openNew.has(target)) continue;
      if (after.get(target)!.symbol.kind !== old.symbol.kind) continue;
      targetOf.set(oldId, target);
      claims.set(target, (claims.get(target) ?? 0) + 1);
    }
    let progress = false;
    for (const [oldId, target] of targetOf) {
      if (claims.get(target) !== 1) continue;
      take(oldId, target);
      progress = true;
    }
    if (!progress) return any;
    any = true;
  }
}

/**
 * Round 5: for every pair (old -> new), its unpaired members pair with the new symbol's unpaired
 * members of the same name and kind, when that name and kind is one member on each side (a
 * renamed class keeps its fields: `Store.size` -> `Cache.size`). True when any paired.
 */
function pairMembers({ before, after, membersBefore, membersAfter, openOld, openNew, pairs, take }: Pairing): boolean {
  let any = false;
  /** The open members of a symbol, by name and kind. */
  const openMembers = (members: string[] | undefined, open: Set<string>, side: ReadonlyMap<string, Definition>): Map<string, string[]> => {
    const byKey = new Map<string, string[]>();
    for (const id of members ?? []) {
      if (!open.has(id)) continue;
      const { name, kind } = side.get(id)!.symbol;
      const key = `${name}\0${kind}`;
      byKey.set(key, [...(byKey.get(key) ?? []), id]);
    }
    return byKey;
  };
  for (const [oldId, newId] of [...pairs].sort((a, b) => compareText(a[0], b[0]))) {
    const oldsByKey = openMembers(membersBefore.get(oldId), openOld, before);
    if (oldsByKey.size === 0) continue;
    const news = openMembers(membersAfter.get(newId), openNew, after);
    for (const [name, list] of oldsByKey) {
      const candidates = news.get(name);
      if (list.length !== 1 || candidates?.length !== 1) continue;
      take(list[0]!, candidates[0]!);
      any = true;
    }
  }
  return any;
}

/** The direct members of each container id, from one side's definitions. */
function membersByContainer(definitions: ReadonlyMap<string, Definition>): Map<string, string[]> {
  const members = new Map<string, string[]>();
  for (const definition of definitions.values()) {
    const container = containerOf(definition);
    if (container === undefined) continue;
    let list = members.get(container);
    if (list === undefined) members.set(container, (list = []));
    list.push(definition.symbol.id);
  }
  return members;
}

/**
 * The enclosing symbol's id: `symbol.container`, else (Go methods carry none) the qualified
 * name's prefix in the same file (`a.go#T.M` -> `a.go#T`).
 */
function containerOf(definition: Definition): string | undefined {
  const symbol = definition.symbol;
  if (symbol.kind === 'file') return undefined;
  if (symbol.container !== undefined && symbol.container !== symbol.path) return symbol.container;
  const dot = symbol.qualifiedName.lastIndexOf('.');
  return dot > 0 ? `${symbol.path}#${symbol.qualifiedName.slice(0, dot)}` : undefined;
}
