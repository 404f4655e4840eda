/**
 * The walk's expressions as packages/core's ValueExpr, once finish.ts knows which declarations
 * are kept: names through their bindings (a type parameter as its constraint), declarations by
 * their new index, global generic types as ./lib-generics.ts reads them. One of finish.ts's
 * phases; owns the conversion only.
 */
import type { ValueExpr } from '@repograph/core';
import { OPAQUE } from './model.js';
import type { Decl, Expr } from './model.js';
import { bindingOf, constraintOf, thisOwnerOf } from './finish-names.js';
import { libGeneric } from './lib-generics.js';

/** Converts expressions of one file's walk; `newIndex` maps kept declarations to their output index (-1: dropped). */
export class ValueConverter {
  /** The constraints being followed (a constraint that names itself ends there). */
  private readonly constraining = new Set<Expr>();

  constructor(private readonly decls: readonly Decl[], private readonly newIndex: readonly number[]) {}

  /** The value of `e`, or undefined when it names nothing kept. */
  toValue(e: Expr): ValueExpr | undefined {
    const newIndex = this.newIndex;
    switch (e.k) {
      case 'name': {
        const binding = bindingOf(e);
        if (binding === undefined) return { k: 'global', name: e.name };
        if (binding === OPAQUE) {
          // A type parameter is what its constraint is (`T extends C` has C's members).
          const constraint = constraintOf(e);
          if (constraint === undefined || this.constraining.has(constraint)) return undefined;
          this.constraining.add(constraint);
          const value = this.toValue(constraint);
          this.constraining.delete(constraint);
          return value;
        }
        if (binding >= 0) return newIndex[binding]! >= 0 ? { k: 'decl', decl: newIndex[binding]! } : undefined;
        return { k: 'import', imp: -2 - binding };
      }
      case 'decl': return newIndex[e.decl]! >= 0 ? { k: 'decl', decl: newIndex[e.decl]! } : undefined;
      case 'import': return { k: 'import', imp: e.imp };
      case 'this': {
        const owner = thisOwnerOf(this.decls, e);
        return { k: 'this', owner: owner >= 0 ? newIndex[owner]! : -1 };
      }
      case 'super': return { k: 'super', owner: e.owner >= 0 ? newIndex[e.owner]! : -1 };
      case 'member': return { k: 'member', object: this.toValue(e.object) ?? { k: 'unknown' }, name: e.name };
      case 'call':
      case 'new': {
        const callee = this.toValue(e.callee);
        if (callee === undefined) return undefined;
        // Python: the positional arguments where binding reads them.
        if (e.k === 'call' && e.args !== undefined) return { k: 'call', callee, args: e.args.map((arg) => this.toValue(arg) ?? { k: 'unknown' }) };
        return { k: e.k, callee };
      }
      case 'element': {
        const of = this.toValue(e.of);
        if (of === undefined) return undefined;
        return e.index === undefined ? { k: 'element', of } : { k: 'element', of, index: e.index };
      }
      case 'argparam': {
        const callee = this.toValue(e.callee);
        return callee === undefined ? undefined : { k: 'argparam', callee, isNew: e.isNew, arg: e.arg, param: e.param };
      }
      case 'typeof': {
        const value = this.toValue(e.value);
        return value === undefined ? undefined : { k: 'typeof', value };
      }
      case 'array': return this.arrayValue(e);
      case 'fn': return this.fnValue(e);
      case 'generic': return this.genericValue(e, false);
      case 'deferred': return this.toValue(e.e);
      case 'oneof': return this.unionValue(e);
      case 'allof': return this.intersectionValue(e);
      case 'refined': {
        const value = this.toValue(e.value);
        const type = this.toValue(e.type);
        if (value === undefined) return undefined;
        return type === undefined || type.k === 'unknown' ? value : { k: 'refined', value, type, except: e.except };
      }
      case 'guard': {
        const callee = this.toValue(e.callee);
        return callee === undefined ? undefined : { k: 'guard', callee, arg: e.arg };
      }
      case 'indexed': {
        const object = this.toValue(e.object);
        return object === undefined || object.k === 'unknown' ? undefined : { k: 'indexed', object, name: e.name };
      }
      case 'paramof': {
        const fn = this.toValue(e.fn);
        return fn === undefined || fn.k === 'unknown' ? undefined : { k: 'paramof', fn, param: e.param };
      }
      case 'cast': {
        const value = this.toValue(e.value) ?? { k: 'unknown' };
        const type = this.toValue(e.type);
        return type === undefined || type.k === 'unknown' ? value : { k: 'cast', value, type };
      }
      case 'module': return { k: 'module', specifier: e.specifier };
      default: return undefined;
    }
  }

  /** What a reference or a heritage clause names: a generic type's base (`implements Iterable<T>` names Iterable). */
  toNamed(e: Expr): ValueExpr | undefined {
    return this.toValue(e.k === 'generic' ? e.base : e);
  }

  /** A declared return type (`Promise<T>` and the like read as in a return position). */
  toReturnType(e: Expr): ValueExpr | undefined {
    return e.k === 'generic' ? this.genericValue(e, true) : this.toValue(e);
  }

  private arrayValue(e: Extract<Expr, { k: 'array' }>): ValueExpr {
    const array: ValueExpr = { k: 'array', element: this.toValue(e.element) ?? { k: 'unknown' } };
    // Python: a mapping's key type, a tuple's item types.
    if (e.key !== undefined) array.key = this.toValue(e.key) ?? { k: 'unknown' };
    if (e.items !== undefined) array.items = e.items.map((item) => this.toValue(item) ?? { k: 'unknown' });
    return array;
  }

  private fnValue(e: Extract<Expr, { k: 'fn' }>): ValueExpr {
    const fn: ValueExpr = {
      k: 'fn',
      params: e.params.map((param) => this.toValue(param) ?? { k: 'unknown' }),
      returns: this.toReturnType(e.returns) ?? { k: 'unknown' },
    };
    const guard = e.guard === undefined ? undefined : this.toValue(e.guard.type);
    if (guard !== undefined && guard.k !== 'unknown') fn.guard = { param: e.guard!.param, type: guard };
    return fn;
  }

  /** A member that names nothing (a type parameter, an unknown type) leaves the union unknown. */
  private unionValue(e: Extract<Expr, { k: 'oneof' }>): ValueExpr | undefined {
    const types: ValueExpr[] = [];
    for (const member of e.types) {
      const type = this.toValue(member);
      if (type === undefined || type.k === 'unknown' || type.k === 'global') return undefined;
      types.push(type);
    }
    return { k: 'oneof', types };
  }

  /** Parts that name nothing keep their place (see the binder: a member past one is unknown). */
  private intersectionValue(e: Extract<Expr, { k: 'allof' }>): ValueExpr | undefined {
    const types: ValueExpr[] = [];
    let named = 0;
    for (const part of e.types) {
      const type = this.toValue(part);
      const known = type !== undefined && type.k !== 'unknown';
      types.push(known ? type : { k: 'unknown' });
      if (known) named++;
    }
    return named === 0 ? undefined : types.length === 1 ? types[0] : { k: 'allof', types };
  }

  /** A generic type: a global one as ./lib-generics.ts reads it, else its base. */
  private genericValue(e: Extract<Expr, { k: 'generic' }>, inReturn: boolean): ValueExpr | undefined {
    if (e.base.k === 'name' && bindingOf(e.base) === undefined) {
      const arg = (index: number): ValueExpr | undefined => {
        const value = index < e.args.length ? this.toValue(e.args[index]!) : undefined;
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
    return this.toValue(e.base);
  }
}
