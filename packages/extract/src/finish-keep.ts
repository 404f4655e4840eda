/**
 * Which declarations a finished file keeps: the published ones, every parameter of a published
 * function (packages/graph finds them by position), and whatever a kept reference, export or
 * declaration points at (its container, value and return types, initializer, guard, heritage,
 * members it keeps, and a type parameter's constraint), followed to a fixed point. One of
 * finish.ts's phases; owns only the marking.
 */
import type { Decl, ExportRecord, Expr, RefRecord } from './model.js';
import { constraintOf, directDecl, publishedFrom, thisOwnerOf } from './finish-names.js';

/** 1 for each declaration kept, 0 for the others. */
export function keptDeclarations(
  decls: readonly Decl[], published: readonly number[], refs: readonly RefRecord[], exports: readonly ExportRecord[],
): number[] {
  const marker = new KeepMarker(decls, published);
  const count = decls.length;
  for (let i = 0; i < count; i++) {
    if (published[i] === 1 || (decls[i]!.parameterOf >= 0 && published[decls[i]!.parameterOf] === 1)) marker.markDecl(i);
  }
  for (const ref of refs) marker.mark(ref.target);
  for (const record of exports) marker.mark(record.value);
  marker.drain();
  return marker.keep;
}

class KeepMarker {
  readonly keep: number[];
  private readonly work: number[] = [];
  /** The constraints being followed (a constraint that names itself ends there). */
  private readonly constraining = new Set<Expr>();

  constructor(private readonly decls: readonly Decl[], private readonly published: readonly number[]) {
    this.keep = new Array<number>(decls.length).fill(0);
  }

  markDecl(decl: number): void {
    if (decl < 0 || this.keep[decl] === 1 || this.decls[decl]!.dropped) return;
    this.keep[decl] = 1;
    this.work.push(decl);
  }

  mark(e: Expr | undefined): void {
    while (e !== undefined) {
      switch (e.k) {
        case 'name': {
          this.markDecl(directDecl(e));
          const constraint = constraintOf(e);
          if (constraint === undefined || this.constraining.has(constraint)) return;
          this.constraining.add(constraint);
          this.mark(constraint);
          this.constraining.delete(constraint);
          return;
        }
        case 'decl': this.markDecl(e.decl); return;
        case 'this': this.markDecl(thisOwnerOf(this.decls, e)); return;
        case 'super': this.markDecl(e.owner); return;
        case 'member': e = e.object; break;
        case 'call': case 'new':
          if (e.k === 'call' && e.args !== undefined) for (const arg of e.args) this.mark(arg);
          e = e.callee;
          break;
        case 'element': e = e.of; break;
        case 'argparam': e = e.callee; break;
        case 'typeof': e = e.value; break;
        case 'array':
          if (e.key !== undefined) this.mark(e.key);
          if (e.items !== undefined) for (const item of e.items) this.mark(item);
          e = e.element;
          break;
        case 'fn': for (const param of e.params) this.mark(param); this.mark(e.guard?.type); e = e.returns; break;
        case 'generic': for (const arg of e.args) this.mark(arg); e = e.base; break;
        case 'cast': case 'refined': this.mark(e.type); e = e.value; break;
        case 'guard': e = e.callee; break;
        case 'indexed': e = e.object; break;
        case 'paramof': e = e.fn; break;
        case 'oneof': case 'allof': for (const type of e.types) this.mark(type); return;
        case 'deferred': e = e.e; break;
        default: return;
      }
    }
  }

  /** Follows everything the kept declarations point at until nothing new is kept. */
  drain(): void {
    while (this.work.length > 0) {
      const d = this.decls[this.work.pop()!]!;
      this.markDecl(publishedFrom(this.decls, this.published, d.container));
      this.mark(d.valueType);
      this.mark(d.init);
      this.mark(d.returnType);
      this.mark(d.guard?.type);
      if (d.keepsMembers && d.members !== undefined) for (const member of d.members.values()) this.markDecl(member);
      this.mark(d.wraps);
      if (d.returns) for (const e of d.returns) this.mark(e);
      if (d.extendsTypes) for (const e of d.extendsTypes) this.mark(e);
      if (d.implementsTypes) for (const e of d.implementsTypes) this.mark(e);
    }
  }
}
