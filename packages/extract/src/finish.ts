/**
 * After the walk, for every walker that fills ./model.ts's records (the JS family's js/walker.ts
 * and Python's python/state.ts; Go builds its facts directly): binds every collected name through
 * the scope chain, drops the references the store does not keep (reads/writes of locals,
 * parameters and globals; type references to type parameters), decides which declarations are
 * published (module scope and members of published containers always; locals and parameters only
 * when the file calls or instantiates them), moves each reference to its innermost published
 * declaration, and keeps only the unpublished declarations that some kept expression points at
 * (renumbering the rest away). Owns the mapping from the walk's records to packages/core's fact
 * shapes, with a fixed key order so the output is deterministic.
 */
import type { DeclarationFact, ExportFact, ImportFact, ReferenceFact, ValueExpr } from '@repograph/core';
import { FREE, KEEP_IF_MODULE, KEEP_IF_NOT_OPAQUE, NS_TYPE, OPAQUE, UNRESOLVED } from './model.js';
import type { Decl, ExportRecord, Expr, ImportRecord, RefRecord } from './model.js';
import type { LineTable } from './positions.js';
import { docBefore, oneLine } from './docs.js';
import { hashHex } from './fingerprint.js';
import { libGeneric } from './lib-generics.js';

/**
 * What one walk of a file collected, and all that finishFacts reads from it: the records, plus
 * the text and comment offsets that signatures and doc comments are cut from. Both walkers
 * (js/walker.ts's Walker, python/state.ts's PyWalker) implement it. finishFacts updates the
 * declarations in place (the exported flags) and caches name bindings in the expressions.
 */
export interface WalkRecords {
  readonly text: string;
  readonly decls: readonly Decl[];
  readonly refs: readonly RefRecord[];
  readonly imports: readonly ImportRecord[];
  readonly exports: readonly ExportRecord[];
  /** Start and end offsets of every comment, in document order. */
  readonly comments: readonly number[];
}

/** The finished fact lists of one file. */
export interface FinishedFacts {
  declarations: DeclarationFact[];
  imports: ImportFact[];
  exports: ExportFact[];
  references: ReferenceFact[];
}

/** Comments inside signature text (a `//` comment only after whitespace, so URLs in strings stay). */
const COMMENTS = /\/\*[\s\S]*?\*\/|(?<=^|\s)\/\/[^\n]*/g;

/** The binding of an unresolved name (undefined: free), looked up once. */
function bindingOf(e: Extract<Expr, { k: 'name' }>): number | undefined {
  if (e.res === UNRESOLVED) e.res = e.scope.lookup(e.ns, e.name) ?? FREE;
  return e.res === FREE ? undefined : e.res;
}

/** The declaration an expression directly names (through casts), or -1. */
function directDecl(e: Expr): number {
  while (e.k === 'cast' || e.k === 'refined') e = e.value;
  if (e.k === 'decl') return e.decl;
  if (e.k === 'name') {
    const binding = bindingOf(e);
    return binding !== undefined && binding >= 0 ? binding : -1;
  }
  return -1;
}

function rootOf(e: Expr): Expr {
  let root = e;
  while (root.k === 'member' || root.k === 'deferred' || root.k === 'generic' || root.k === 'cast' || root.k === 'refined') {
    root = root.k === 'member' ? root.object : root.k === 'deferred' ? root.e : root.k === 'generic' ? root.base : root.value;
  }
  return root;
}

/** KEEP_IF_MODULE: `this`/`super`, imports and module-scope declarations (or members of them). */
function rootIsModuleLevel(decls: readonly Decl[], e: Expr): boolean {
  const root = rootOf(e);
  switch (root.k) {
    case 'this':
    case 'super':
    case 'import':
      return true;
    case 'decl':
      return decls[root.decl]!.scope === 'module';
    case 'name': {
      const binding = bindingOf(root);
      if (binding === undefined || binding === OPAQUE) return false;
      return binding < 0 || decls[binding]!.scope === 'module';
    }
    default:
      return false;
  }
}

function rootIsOpaque(e: Expr): boolean {
  const root = rootOf(e);
  return root.k === 'name' && bindingOf(root) === OPAQUE;
}

/** Binds, publishes and converts one walk's records into FileFacts fields (see the header). */
export function finishFacts(w: WalkRecords, lines: LineTable): FinishedFacts {
  const decls = w.decls;
  const count = decls.length;

  const called: number[] = new Array<number>(count).fill(0);
  const refs: RefRecord[] = [];
  for (const ref of w.refs) {
    if (ref.keep === KEEP_IF_MODULE && !rootIsModuleLevel(decls, ref.target)) continue;
    if (ref.keep === KEEP_IF_NOT_OPAQUE && rootIsOpaque(ref.target)) continue;
    if (ref.kind === 'call' || ref.kind === 'new') {
      const decl = directDecl(ref.target);
      if (decl >= 0) called[decl] = 1;
    }
    refs.push(ref);
  }

  for (const record of w.exports) {
    if (record.style !== 'local' || record.value === undefined) continue;
    const decl = directDecl(record.value);
    if (decl < 0) continue;
    decls[decl]!.exported = true;
    if (record.isDefault || record.exported === 'default') decls[decl]!.isDefault = true;
    // `module.exports = { run }` / `exports.run = run`: the exported property holds `run`, which
    // a reader of the module counts as exported too.
    const held = decls[decl]!.init;
    const heldDecl = held === undefined ? -1 : directDecl(held);
    if (heldDecl >= 0 && decls[heldDecl]!.scope === 'module') decls[heldDecl]!.exported = true;
  }

  const published: number[] = new Array<number>(count).fill(0);
  for (let i = 0; i < count; i++) {
    const d = decls[i]!;
    if (d.dropped) continue;
    if (d.scope === 'module') published[i] = 1;
    else if (d.scope === 'member') published[i] = d.container < 0 || published[d.container] === 1 ? 1 : 0;
    else published[i] = called[i]!;
  }
  const publishedFrom = (start: number): number => {
    let at = start;
    while (at >= 0 && published[at] !== 1) at = decls[at]!.container;
    return at;
  };

  const thisOwnerOf = (e: Extract<Expr, { k: 'this' }>): number => {
    if (e.owner >= 0) return e.owner;
    return e.fn >= 0 && decls[e.fn]!.hasPrototypeMembers ? e.fn : -1;
  };

  /** The constraints being followed (a constraint that names itself ends there). */
  const constraining = new Set<Expr>();
  const constraintOf = (e: Extract<Expr, { k: 'name' }>): Expr | undefined =>
    e.ns === NS_TYPE && bindingOf(e) === OPAQUE ? e.scope.constraintOf(e.name) : undefined;

  // Keep published declarations and whatever a kept expression points at.
  const keep: number[] = new Array<number>(count).fill(0);
  const work: number[] = [];
  const markDecl = (decl: number): void => {
    if (decl < 0 || keep[decl] === 1 || decls[decl]!.dropped) return;
    keep[decl] = 1;
    work.push(decl);
  };
  const mark = (e: Expr | undefined): void => {
    while (e !== undefined) {
      switch (e.k) {
        case 'name': {
          markDecl(directDecl(e));
          const constraint = constraintOf(e);
          if (constraint === undefined || constraining.has(constraint)) return;
          constraining.add(constraint);
          mark(constraint);
          constraining.delete(constraint);
          return;
        }
        case 'decl': markDecl(e.decl); return;
        case 'this': markDecl(thisOwnerOf(e)); return;
        case 'super': markDecl(e.owner); return;
        case 'member': e = e.object; break;
        case 'call': case 'new':
          if (e.k === 'call' && e.args !== undefined) for (const arg of e.args) mark(arg);
          e = e.callee;
          break;
        case 'element': e = e.of; break;
        case 'argparam': e = e.callee; break;
        case 'typeof': e = e.value; break;
        case 'array':
          if (e.key !== undefined) mark(e.key);
          if (e.items !== undefined) for (const item of e.items) mark(item);
          e = e.element;
          break;
        case 'fn': for (const param of e.params) mark(param); mark(e.guard?.type); e = e.returns; break;
        case 'generic': for (const arg of e.args) mark(arg); e = e.base; break;
        case 'cast': case 'refined': mark(e.type); e = e.value; break;
        case 'guard': e = e.callee; break;
        case 'indexed': e = e.object; break;
        case 'paramof': e = e.fn; break;
        case 'oneof': case 'allof': for (const type of e.types) mark(type); return;
        case 'deferred': e = e.e; break;
        default: return;
      }
    }
  };
  for (let i = 0; i < count; i++) {
    // Every parameter of a published function is kept: packages/graph finds them by position.
    if (published[i] === 1 || (decls[i]!.parameterOf >= 0 && published[decls[i]!.parameterOf] === 1)) markDecl(i);
  }
  for (const ref of refs) mark(ref.target);
  for (const record of w.exports) mark(record.value);
  while (work.length > 0) {
    const d = decls[work.pop()!]!;
    markDecl(publishedFrom(d.container));
    mark(d.valueType);
    mark(d.init);
    mark(d.returnType);
    mark(d.guard?.type);
    if (d.keepsMembers && d.members !== undefined) for (const member of d.members.values()) markDecl(member);
    mark(d.wraps);
    if (d.returns) for (const e of d.returns) mark(e);
    if (d.extendsTypes) for (const e of d.extendsTypes) mark(e);
    if (d.implementsTypes) for (const e of d.implementsTypes) mark(e);
  }

  const newIndex: number[] = new Array<number>(count).fill(-1);
  let kept = 0;
  for (let i = 0; i < count; i++) if (keep[i] === 1) newIndex[i] = kept++;

  const toValue = (e: Expr): ValueExpr | undefined => {
    switch (e.k) {
      case 'name': {
        const binding = bindingOf(e);
        if (binding === undefined) return { k: 'global', name: e.name };
        if (binding === OPAQUE) {
          // A type parameter is what its constraint is (`T extends C` has C's members).
          const constraint = constraintOf(e);
          if (constraint === undefined || constraining.has(constraint)) return undefined;
          constraining.add(constraint);
          const value = toValue(constraint);
          constraining.delete(constraint);
          return value;
        }
        if (binding >= 0) return newIndex[binding]! >= 0 ? { k: 'decl', decl: newIndex[binding]! } : undefined;
        return { k: 'import', imp: -2 - binding };
      }
      case 'decl': return newIndex[e.decl]! >= 0 ? { k: 'decl', decl: newIndex[e.decl]! } : undefined;
      case 'import': return { k: 'import', imp: e.imp };
      case 'this': {
        const owner = thisOwnerOf(e);
        return { k: 'this', owner: owner >= 0 ? newIndex[owner]! : -1 };
      }
      case 'super': return { k: 'super', owner: e.owner >= 0 ? newIndex[e.owner]! : -1 };
      case 'member': return { k: 'member', object: toValue(e.object) ?? { k: 'unknown' }, name: e.name };
      case 'call':
      case 'new': {
        const callee = toValue(e.callee);
        if (callee === undefined) return undefined;
        // Python: the positional arguments where binding reads them.
        if (e.k === 'call' && e.args !== undefined) return { k: 'call', callee, args: e.args.map((arg) => toValue(arg) ?? { k: 'unknown' }) };
        return { k: e.k, callee };
      }
      case 'element': {
        const of = toValue(e.of);
        if (of === undefined) return undefined;
        return e.index === undefined ? { k: 'element', of } : { k: 'element', of, index: e.index };
      }
      case 'argparam': {
        const callee = toValue(e.callee);
        return callee === undefined ? undefined : { k: 'argparam', callee, isNew: e.isNew, arg: e.arg, param: e.param };
      }
      case 'typeof': {
        const value = toValue(e.value);
        return value === undefined ? undefined : { k: 'typeof', value };
      }
      case 'array': {
        const array: ValueExpr = { k: 'array', element: toValue(e.element) ?? { k: 'unknown' } };
        // Python: a mapping's key type, a tuple's item types.
        if (e.key !== undefined) array.key = toValue(e.key) ?? { k: 'unknown' };
        if (e.items !== undefined) array.items = e.items.map((item) => toValue(item) ?? { k: 'unknown' });
        return array;
      }
      case 'fn': {
        const fn: ValueExpr = {
          k: 'fn',
          params: e.params.map((param) => toValue(param) ?? { k: 'unknown' }),
          returns: toReturnType(e.returns) ?? { k: 'unknown' },
        };
        const guard = e.guard === undefined ? undefined : toValue(e.guard.type);
        if (guard !== undefined && guard.k !== 'unknown') fn.guard = { param: e.guard!.param, type: guard };
        return fn;
      }
      case 'generic': return genericValue(e, false);
      case 'deferred': return toValue(e.e);
      case 'oneof': {
        // A member that names nothing (a type parameter, an unknown type) leaves the union unknown.
        const types: ValueExpr[] = [];
        for (const member of e.types) {
          const type = toValue(member);
          if (type === undefined || type.k === 'unknown' || type.k === 'global') return undefined;
          types.push(type);
        }
        return { k: 'oneof', types };
      }
      case 'allof': {
        // Parts that name nothing keep their place (see the binder: a member past one is unknown).
        const types: ValueExpr[] = [];
        let named = 0;
        for (const part of e.types) {
          const type = toValue(part);
          const known = type !== undefined && type.k !== 'unknown';
          types.push(known ? type : { k: 'unknown' });
          if (known) named++;
        }
        return named === 0 ? undefined : types.length === 1 ? types[0] : { k: 'allof', types };
      }
      case 'refined': {
        const value = toValue(e.value);
        const type = toValue(e.type);
        if (value === undefined) return undefined;
        return type === undefined || type.k === 'unknown' ? value : { k: 'refined', value, type, except: e.except };
      }
      case 'guard': {
        const callee = toValue(e.callee);
        return callee === undefined ? undefined : { k: 'guard', callee, arg: e.arg };
      }
      case 'indexed': {
        const object = toValue(e.object);
        return object === undefined || object.k === 'unknown' ? undefined : { k: 'indexed', object, name: e.name };
      }
      case 'paramof': {
        const fn = toValue(e.fn);
        return fn === undefined || fn.k === 'unknown' ? undefined : { k: 'paramof', fn, param: e.param };
      }
      case 'cast': {
        const value = toValue(e.value) ?? { k: 'unknown' };
        const type = toValue(e.type);
        return type === undefined || type.k === 'unknown' ? value : { k: 'cast', value, type };
      }
      case 'module': return { k: 'module', specifier: e.specifier };
      default: return undefined;
    }
  };
  /** What a reference or a heritage clause names: a generic type's base (`implements Iterable<T>` names Iterable). */
  function toNamed(e: Expr): ValueExpr | undefined {
    return toValue(e.k === 'generic' ? e.base : e);
  }
  function toReturnType(e: Expr): ValueExpr | undefined {
    return e.k === 'generic' ? genericValue(e, true) : toValue(e);
  }
  /** A generic type: a global one as ./lib-generics.ts reads it, else its base. */
  function genericValue(e: Extract<Expr, { k: 'generic' }>, inReturn: boolean): ValueExpr | undefined {
    if (e.base.k === 'name' && bindingOf(e.base) === undefined) {
      const arg = (index: number): ValueExpr | undefined => {
        const value = index < e.args.length ? toValue(e.args[index]!) : undefined;
        return value === undefined || value.k === 'unknown' ? undefined : value;
      };
      const keys = (index: number): string[] | null => {
        const key = e.args[index];
        if (key === undefined) return null;
        if (key.k === 'literal') return [key.text];
        if (key.k !== 'oneof') return null;
        const texts: string[] = [];
        for (const member of key.types) if (member.k === 'literal') texts.push(member.text);
        return texts.length === 0 ? null : texts;
      };
      const known = libGeneric(e.base.name, arg, keys, inReturn);
      if (known !== null) return known;
    }
    return toValue(e.base);
  }

  const qualifiedNames: string[] = new Array(count);
  const qualifiedNameOf = (i: number): string => {
    const known = qualifiedNames[i];
    if (known !== undefined) return known;
    const parent = publishedFrom(decls[i]!.container);
    const qualifier = decls[i]!.qualifier;
    const name = parent >= 0 ? `${qualifiedNameOf(parent)}.${decls[i]!.name}` : qualifier ? `${qualifier}.${decls[i]!.name}` : decls[i]!.name;
    qualifiedNames[i] = name;
    return name;
  };

  const declarations: DeclarationFact[] = [];
  for (let i = 0; i < count; i++) {
    if (keep[i] !== 1) continue;
    const d = decls[i]!;
    const parent = publishedFrom(d.container);
    const fact: DeclarationFact = {
      kind: d.kind,
      name: d.name,
      qualifiedName: qualifiedNameOf(i),
      range: lines.range(d.start, d.end),
      selection: lines.range(d.nameStart, d.nameEnd),
      parent: parent >= 0 ? newIndex[parent]! : -1,
      scope: d.parameterOf === -2 || (d.parameterOf >= 0 && published[d.parameterOf] === 1) ? d.scope : 'local',
      published: published[i] === 1,
      exported: d.exported,
    };
    if (d.isDefault) fact.isDefault = true;
    if (d.isStatic) fact.isStatic = true;
    if (d.isPrivate) fact.isPrivate = true;
    if (d.params !== undefined) fact.params = d.params;
    const signature = signatureOf(w.text, d);
    if (signature !== undefined && signature !== '') fact.signature = signature;
    const doc = d.docStart >= 0 ? docBefore(w.text, w.comments, d.docStart) : undefined;
    if (doc !== undefined) fact.doc = doc;
    setValue(fact, 'valueType', d.valueType === undefined ? undefined : toValue(d.valueType));
    setValue(fact, 'init', d.init === undefined ? undefined : toValue(d.init));
    setValue(fact, 'returnType', d.returnType === undefined ? undefined : toReturnType(d.returnType));
    if (d.guard !== undefined) {
      const type = toValue(d.guard.type);
      if (type !== undefined && type.k !== 'unknown') fact.guard = { param: d.guard.param, type };
    }
    setValue(fact, 'wraps', d.wraps === undefined ? undefined : toValue(d.wraps));
    if (d.returnType === undefined && d.returns) setValue(fact, 'returnsExpr', commonReturn(d.returns, toValue));
    setList(fact, 'extendsTypes', d.extendsTypes, toNamed);
    setList(fact, 'implementsTypes', d.implementsTypes, toNamed);
    if (d.fingerprint !== undefined) fact.fingerprint = d.fingerprint;
    if (d.branches !== undefined) fact.branches = branchSet(d.branches);
    if (d.nodeCount !== undefined) fact.nodeCount = d.nodeCount;
    declarations.push(fact);
  }

  let sorted = true;
  for (let i = 1; i < refs.length && sorted; i++) sorted = refs[i - 1]!.at <= refs[i]!.at;
  if (!sorted) refs.sort((a, b) => a.at - b.at);
  const references: ReferenceFact[] = [];
  for (const ref of refs) {
    const target = toNamed(ref.target);
    if (target === undefined) continue;
    const from = publishedFrom(ref.encl);
    const position = lines.position(ref.at);
    const fact: ReferenceFact = {
      kind: ref.kind,
      name: ref.name,
      target,
      from: from >= 0 ? newIndex[from]! : -1,
      line: position.line,
      column: position.column,
    };
    if (ref.argumentCount >= 0) {
      fact.argumentCount = ref.argumentCount;
      fact.hasSpread = ref.hasSpread;
    }
    references.push(fact);
  }

  const imports: ImportFact[] = w.imports.map((record) => {
    const position = lines.position(record.at);
    return {
      specifier: record.specifier, style: record.style, imported: record.imported, local: record.local,
      typeOnly: record.typeOnly, line: position.line, column: position.column,
    };
  });

  const exports: ExportFact[] = w.exports.map((record) => {
    const position = lines.position(record.at);
    const fact = { style: record.style, exported: record.exported } as ExportFact;
    const value = record.value === undefined ? undefined : toValue(record.value);
    if (value !== undefined) fact.value = value;
    if (record.specifier !== undefined) fact.specifier = record.specifier;
    if (record.imported !== undefined) fact.imported = record.imported;
    fact.typeOnly = record.typeOnly;
    fact.line = position.line;
    fact.column = position.column;
    return fact;
  });

  return { declarations, imports, exports, references };
}

function setValue(fact: DeclarationFact, key: 'valueType' | 'init' | 'returnType' | 'returnsExpr' | 'wraps', value: ValueExpr | undefined): void {
  if (value !== undefined && value.k !== 'unknown') fact[key] = value;
}

function setList(
  fact: DeclarationFact, key: 'extendsTypes' | 'implementsTypes', list: Expr[] | undefined,
  toValue: (e: Expr) => ValueExpr | undefined,
): void {
  if (list === undefined) return;
  const values: ValueExpr[] = [];
  for (const e of list) {
    const value = toValue(e);
    if (value !== undefined) values.push(value);
  }
  if (values.length > 0) fact[key] = values;
}

/** The return expression every `return` gives, when they all agree. */
function commonReturn(returns: Expr[], toValue: (e: Expr) => ValueExpr | undefined): ValueExpr | undefined {
  let first: ValueExpr | undefined;
  let firstKey = '';
  for (const e of returns) {
    const value = toValue(e);
    if (value === undefined || value.k === 'unknown') return undefined;
    const key = JSON.stringify(value);
    if (first === undefined) {
      first = value;
      firstKey = key;
    } else if (key !== firstKey) {
      return undefined;
    }
  }
  return first;
}

/** The declaration's signature: given, or cut from the source as its SignatureSpec says. */
function signatureOf(text: string, d: Decl): string | undefined {
  if (d.signature !== undefined) return d.signature;
  if (d.sigFrom < 0) return undefined;
  let head = text.slice(d.sigFrom, d.sigTo);
  if (head.includes('/')) head = head.replace(COMMENTS, ' ');
  return oneLine(d.sigPrefix + (d.sigWithName ? d.name : '') + (d.sigWrap ? `(${head.trim()})` : head));
}

/** Sorted distinct hex hashes of lane pairs. */
function branchSet(lanes: number[]): string[] {
  const set = new Set<string>();
  for (let i = 0; i < lanes.length; i += 2) set.add(hashHex(lanes[i]!, lanes[i + 1]!));
  return [...set].sort();
}
