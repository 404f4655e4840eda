/**
 * Walks a Go ValueExpr to what it denotes and its type. A selector, call or element expression is
 * a chain of links over one base (`a.B().C()[i].D` is the name `a`, then `.B`, a call, `.C`, a
 * call, an element, `.D`): the chain is walked in a loop from its base outward, each link from the
 * one below it, so its length costs neither depth budget nor stack, and each link asks for the
 * type below it only when it needs it (a package member or a function's result does not). Owns
 * this walk; what names and selectors reach is members.ts's, types are typing.ts's.
 */
import type { ValueExpr } from '@repograph/core';
import type { FileUnit } from '../program.js';
import type { GoPackageTable } from './packages.js';
import { GoMembers } from './members.js';
import { elementOf, type TypeRef, type Value } from './type-refs.js';
import { GoTyping, type GoExpressions, type TypedFlag } from './typing.js';

/** One evaluated link: what it denotes, and its type once known (undefined: not asked yet). */
interface Link {
  value: Value | null;
  type: TypeRef | null | undefined;
}

type Chained = Extract<ValueExpr, { k: 'member' | 'call' | 'element' }>;

export class GoEvaluator implements GoExpressions {
  private readonly typing: GoTyping;
  private readonly members: GoMembers;

  constructor(table: GoPackageTable, flag: TypedFlag) {
    this.typing = new GoTyping(this, flag);
    this.members = new GoMembers(table, this.typing, flag);
  }

  /** What an expression denotes as a value (`depth`: the declarations being typed above it). */
  valueOf(unit: FileUnit, expr: ValueExpr, depth: number): Value | null {
    return this.walk(unit, expr, depth).value;
  }

  /** The type of the value an expression evaluates to. */
  typeOf(unit: FileUnit, expr: ValueExpr, depth: number): TypeRef | null {
    return this.typeOfLink(this.walk(unit, expr, depth), depth);
  }

  private walk(unit: FileUnit, expr: ValueExpr, depth: number): Link {
    const chain: Chained[] = [];
    let base = expr;
    while (base.k === 'member' || base.k === 'call' || base.k === 'element') {
      chain.push(base);
      base = base.k === 'member' ? base.object : base.k === 'call' ? base.callee : base.of;
    }
    let link = this.baseLink(unit, base, depth);
    for (let i = chain.length - 1; i >= 0; i--) {
      const below = link;
      const step = chain[i]!;
      const typeBelow = (): TypeRef | null => this.typeOfLink(below, depth);
      switch (step.k) {
        case 'member':
          link = { value: this.members.selected(below.value, typeBelow, step.name, depth), type: undefined };
          break;
        case 'call':
          link = { value: null, type: this.typing.callResult(below.value, typeBelow, step.result ?? 0, depth) };
          break;
        case 'element':
          link = { value: null, type: elementOf(this.typing.underlying(typeBelow(), depth), step.key === true) };
          break;
      }
    }
    return link;
  }

  /** The link a chain starts from: a name, an import, a composite literal or `new(T)`. */
  private baseLink(unit: FileUnit, base: ValueExpr, depth: number): Link {
    switch (base.k) {
      case 'decl': return { value: { t: 'decl', unit, index: base.decl }, type: undefined };
      case 'global': return { value: this.members.globalValue(unit, base.name), type: undefined };
      case 'import': return { value: this.members.importValue(unit, base.imp), type: undefined };
      case 'new': return { value: null, type: this.typing.typeOfTypeExpr(unit, base.callee, depth) };
      default: return { value: null, type: null };
    }
  }

  /** A link's type: computed once, from what it denotes when no step gave it. */
  private typeOfLink(link: Link, depth: number): TypeRef | null {
    if (link.type === undefined) link.type = this.typing.typeOfValue(link.value, depth);
    return link.type;
  }
}
