/**
 * Object literals. Bound to a variable (`const obj = { foo() {}, bar: 1 }`), assigned to
 * `module.exports`/`X.prototype`, or exported as default (a `default` declaration), their properties become member
 * declarations (kind `method` when function-valued, else `property`); elsewhere an object literal
 * only contributes references. Owns those member declarations and the CommonJS per-property
 * exports of `module.exports = { ... }`.
 */
import { UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import * as S from './syntax.js';
import { enter, foldLeaf, kindOf, leave, newDecl, recordComment, stringContent } from './walker.js';
import type { Walker } from './walker.js';
import { R_READ, visitAt } from './visit.js';
import { FORM_ARROW, FORM_EXPRESSION, FORM_METHOD, anonymousSite, walkFunction } from './functions.js';
import { identifierLeaf } from './expressions.js';
import { oneLine } from '../docs.js';
import { addExport } from './modules.js';
import { declaredType, docBefore } from './jsdoc-apply.js';

/** Members are not declared. */
export const MODE_ANONYMOUS = 0;
/** Members are declared as members of the owner declaration. */
export const MODE_MEMBERS = 1;
/** `module.exports = { ... }`: each property is an export; members without a parent. */
export const MODE_COMMONJS = 3;
/**
 * `module.exports = { a, b }` with shorthand properties only: an export list, as the TypeScript
 * compiler reads it; each name exports the binding itself (no property declarations).
 */
const MODE_COMMONJS_ALIASES = 4;

/** A member an object literal declares: its name, its owner, and where it sits. */
interface MemberSite {
  name: string;
  /** The declaration that gets the member, or -1 (members of exported literals). */
  owner: number;
  /** The member's whole range, and its name's. */
  start: number;
  end: number;
  nameStart: number;
  nameEnd: number;
}

/** One `key: value` pair being walked: its member site, plus how the literal declares members. */
interface PairSite extends MemberSite {
  /** MODE_ANONYMOUS, MODE_MEMBERS, ... of the literal. */
  mode: number;
  /** What `this` is in the pair's function value, or -1. */
  thisOwner: number;
  /** The declared type of the pair's value (the literal's declared type's member), or null. */
  expected: Expr | null;
}

/** Walks the object literal under the cursor. `owner` gets the members; `thisOwner` is `this` in its methods. */
export function walkObject(w: Walker, nodeId: number, mode: number, owner: number, thisOwner: number): void {
  const firstDecl = w.decls.length;
  if (mode === MODE_COMMONJS && onlyShorthandMembers(w)) {
    walkObjectMembers(w, nodeId, MODE_COMMONJS_ALIASES, owner, thisOwner);
    return;
  }
  walkObjectMembers(w, nodeId, mode, owner, thisOwner);
  if (mode !== MODE_COMMONJS) return;
  // Members of `module.exports = { ... }` have no container; qualify them by the export, so
  // `module.exports = { run }` gives `module.exports.run`, distinct from a function `run`.
  for (let i = firstDecl; i < w.decls.length; i++) {
    const d = w.decls[i]!;
    if (d.scope === 'member' && d.container === owner) d.qualifier = 'module.exports';
  }
}

function walkObjectMembers(w: Walker, nodeId: number, mode: number, owner: number, thisOwner: number): void {
  const c = w.c;
  // The literal's declared type (`const o: T = { ... }`): its members' expected types.
  const expected = w.objectExpected;
  w.objectExpected = null;
  const savedSignature = w.lastSignature;
  w.lastSignature = null;
  enter(w, nodeId);
  if (!c.gotoFirstChild()) {
    leave(w, nodeId);
    return;
  }
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    switch (kind) {
      case S.K_PAIR:
        enter(w, id);
        walkPair(w, mode, owner, thisOwner, expected);
        leave(w, id);
        break;
      case S.K_METHOD: {
        const site = anonymousSite(FORM_METHOD);
        site.memberOf = owner;
        site.declareMember = mode !== MODE_ANONYMOUS;
        site.thisOwner = thisOwner;
        site.expectedOwner = expected;
        const member = walkFunction(w, id, site);
        if (mode === MODE_COMMONJS && member >= 0) {
          const d = w.decls[member]!;
          addExport(w, 'local', d.name, { k: 'decl', decl: member }, d.nameStart);
        }
        break;
      }
      case S.K_SHORTHAND_PROP: {
        foldLeaf(w, id);
        const refsBefore = w.refs.length;
        const value = identifierLeaf(w, R_READ);
        const name = w.lastName;
        const start = w.lastSite;
        // As the TypeScript compiler has it, `module.exports = { a, b }` (shorthand only) is an
        // export list of the bindings; with any other member, `a` is a property declaration
        // (its value: the binding `a`) and the property is what is exported.
        if (mode === MODE_COMMONJS_ALIASES) {
          addExport(w, 'local', name, value, start);
        } else if (mode !== MODE_ANONYMOUS) {
          const member = declareMember(w, 'property', {
            name, owner, start, end: start + name.length, nameStart: start, nameEnd: start + name.length,
          });
          w.decls[member]!.init = value;
          w.decls[member]!.signature = name;
          for (let i = refsBefore; i < w.refs.length; i++) w.refs[i]!.encl = member;
          if (mode === MODE_COMMONJS) addExport(w, 'local', name, { k: 'decl', decl: member }, start);
        }
        break;
      }
      case S.K_COMMENT:
        recordComment(w);
        break;
      default:
        visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  leave(w, nodeId);
  w.lastSignature = savedSignature;
}

function declareMember(w: Walker, kind: 'method' | 'property', member: MemberSite): number {
  const { name, owner, start, end, nameStart, nameEnd } = member;
  const decl = newDecl(w, kind, name, 'member', start, end, nameStart, nameEnd);
  const d = w.decls[decl]!;
  d.container = owner;
  d.docStart = start;
  if (owner >= 0) (w.decls[owner]!.members ??= new Map()).set(name, decl);
  return decl;
}

/** `key: value` of an object literal (`expected`: the literal's declared type, or null). */
function walkPair(w: Walker, mode: number, owner: number, thisOwner: number, expected: Expr | null): void {
  const c = w.c;
  const start = c.startIndex;
  const end = c.endIndex;
  let name = '';
  let nameStart = -1;
  let nameEnd = -1;
  let seenKey = false;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    const named = (w.t.flags[id]! & S.F_NAMED) !== 0 && kind !== S.K_COMMENT;
    if (!named) {
      visitAt(w, id, R_READ);
      continue;
    }
    if (!seenKey) {
      seenKey = true;
      nameStart = c.startIndex;
      nameEnd = c.endIndex;
      if (kind === S.K_COMPUTED_NAME) {
        name = oneLine(w.text.slice(nameStart, nameEnd));
        visitAt(w, id, R_READ);
      } else {
        name = kind === S.K_STRING ? stringContent(w.text, nameStart, nameEnd) : w.text.slice(nameStart, nameEnd);
        foldLeaf(w, id);
      }
      continue;
    }
    const memberExpected: Expr | null = expected === null || name === '' ? null : { k: 'indexed', object: expected, name };
    walkPairValue(w, id, kind, { name, owner, start, end, nameStart, nameEnd, mode, thisOwner, expected: memberExpected });
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** The value (`id`, of `kind`) of a pair: a method or a property of the owner, or just walked. */
function walkPairValue(w: Walker, id: number, kind: number, pair: PairSite): void {
  const { name, mode, thisOwner, nameStart } = pair;
  const declare = mode !== MODE_ANONYMOUS && name !== '';
  if (kind === S.K_ARROW || kind === S.K_FUNC_EXPR) {
    const site = anonymousSite(kind === S.K_ARROW ? FORM_ARROW : FORM_EXPRESSION);
    site.thisOwner = thisOwner;
    site.docAnchor = pair.start;
    site.expected = pair.expected;
    if (declare) site.decl = declareMember(w, 'method', pair);
    walkFunction(w, id, site);
    if (mode === MODE_COMMONJS && site.decl >= 0) addExport(w, 'local', name, { k: 'decl', decl: site.decl }, nameStart);
    return;
  }
  if (!declare) {
    visitAt(w, id, R_READ);
    return;
  }
  const member = declareMember(w, 'property', pair);
  w.decls[member]!.signature = name;
  // JavaScript: `/** @type {T} */ key: value`.
  const docType = w.lastDoc !== null ? declaredType(w, docBefore(w, pair.start), w.scope) : UNKNOWN;
  if (docType !== UNKNOWN) w.decls[member]!.valueType = docType;
  const savedDecl = w.currentDecl;
  w.currentDecl = member;
  if (kind === S.K_OBJECT) {
    w.objectExpected = pair.expected;
    walkObject(w, id, MODE_MEMBERS, member, member);
  } else {
    const value = visitAt(w, id, R_READ);
    if (value !== UNKNOWN) w.decls[member]!.init = value;
  }
  w.currentDecl = savedDecl;
  if (mode === MODE_COMMONJS) addExport(w, 'local', name, { k: 'decl', decl: member }, nameStart);
}

/** True when the object literal under the cursor has members and every one is a shorthand name. */
function onlyShorthandMembers(w: Walker): boolean {
  const c = w.c;
  if (!c.gotoFirstChild()) return false;
  let members = 0;
  let shorthand = true;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id); // Before reading flags: a node type seen first here gets them now.
    if ((w.t.flags[id]! & S.F_NAMED) === 0 || kind === S.K_COMMENT) continue;
    members++;
    if (kind !== S.K_SHORTHAND_PROP) shorthand = false;
  } while (shorthand && c.gotoNextSibling());
  c.gotoParent();
  return shorthand && members > 0;
}
