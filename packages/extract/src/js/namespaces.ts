/**
 * Namespaces and ambient blocks: `namespace A.B { }` (nested declarations A and A.B),
 * `module M { }`, `declare module 'm' { }` (kind `module`) and `declare global { }`. Owns their
 * body scopes: declarations inside are module-scope members of the namespace, and their `export`s
 * are not exports of the file.
 */
import { NS_TYPE, NS_VALUE, Scope } from '../model.js';
import * as S from './syntax.js';
import { enter, foldLeaf, kindOf, leave, newDecl, statementScope, stringContent } from './walker.js';
import type { Walker } from './walker.js';
import { R_READ, visitAt } from './visit.js';
import { addExport } from './modules.js';
import { takeExport } from './typedecls.js';

/** `namespace A.B { }`, `module M { }`, `declare module 'm' { }`. */
export function walkNamespace(w: Walker): void {
  const c = w.c;
  const { exported, leadingStart } = takeExport(w);
  const end = c.endIndex;
  const savedScope = w.scope;
  const savedFnScope = w.fnScope;
  const savedTop = w.topScope;
  const savedDecl = w.currentDecl;
  const bodyScope = new Scope(w.scope);
  let keyword = 'namespace';
  let first = -1;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_TOKEN) {
      const token = w.t.names[id]!;
      if (token === 'module' || token === 'namespace') keyword = token;
      foldLeaf(w, id);
    } else if (kind === S.K_IDENT || kind === S.K_NESTED_IDENT || kind === S.K_STRING) {
      const segments: { name: string; start: number; end: number }[] = [];
      collectSegments(w, id, kind, segments);
      for (const segment of segments) {
        const isModule = kind === S.K_STRING;
        const decl = newDecl(w, isModule ? 'module' : 'namespace', segment.name, first < 0 ? statementScope(w) : 'module',
          leadingStart, end, segment.start, segment.end);
        const d = w.decls[decl]!;
        if (first < 0) {
          first = decl;
          d.exported = exported;
          d.docStart = leadingStart;
          if (!isModule) {
            w.scope.bind(NS_VALUE, segment.name, decl);
            w.scope.bind(NS_TYPE, segment.name, decl);
          }
          if (exported && w.nsDepth === 0) addExport(w, 'local', segment.name, { k: 'decl', decl }, segment.start);
        } else {
          d.exported = true;
          bodyScope.bind(NS_VALUE, segment.name, decl);
          bodyScope.bind(NS_TYPE, segment.name, decl);
        }
        d.signature = isModule ? `module '${segment.name}'` : `${keyword} ${w.text.slice(w.decls[first]!.nameStart, segment.end)}`;
        w.currentDecl = decl;
      }
    } else if (kind === S.K_BLOCK) {
      walkNamespaceBody(w, id, bodyScope);
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
  w.scope = savedScope;
  w.fnScope = savedFnScope;
  w.topScope = savedTop;
  w.currentDecl = savedDecl;
}

/** The dotted segments of a namespace name, in order. */
function collectSegments(w: Walker, id: number, kind: number, out: { name: string; start: number; end: number }[]): void {
  const c = w.c;
  if (kind !== S.K_NESTED_IDENT) {
    foldLeaf(w, id);
    const start = c.startIndex;
    const end = c.endIndex;
    const name = kind === S.K_STRING ? stringContent(w.text, start, end) : w.text.slice(start, end);
    out.push({ name, start, end });
    return;
  }
  enter(w, id);
  if (c.gotoFirstChild()) {
    do {
      const childId = c.nodeTypeId;
      const childKind = kindOf(w, childId);
      if (childKind === S.K_IDENT || childKind === S.K_PROPERTY_IDENT || childKind === S.K_NESTED_IDENT) {
        collectSegments(w, childId, childKind === S.K_PROPERTY_IDENT ? S.K_IDENT : childKind, out);
      } else {
        visitAt(w, childId, R_READ);
      }
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, id);
}

/** `declare ...`: the declaration inside; `declare global { }` declares module-scope globals. */
export function walkAmbient(w: Walker): void {
  const c = w.c;
  let isGlobal = false;
  if (!c.gotoFirstChild()) return;
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (kind === S.K_TOKEN && w.t.names[id] === 'global') isGlobal = true;
    if (isGlobal && kind === S.K_BLOCK) {
      const savedScope = w.scope;
      const savedFnScope = w.fnScope;
      const savedTop = w.topScope;
      walkNamespaceBody(w, id, new Scope(w.scope));
      w.scope = savedScope;
      w.fnScope = savedFnScope;
      w.topScope = savedTop;
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/**
 * The `{ ... }` of a namespace or `declare global` under the cursor, in `bodyScope` (which becomes
 * the scope for every kind of declaration inside). The caller restores the scopes.
 */
function walkNamespaceBody(w: Walker, id: number, bodyScope: Scope): void {
  const c = w.c;
  w.scope = bodyScope;
  w.fnScope = bodyScope;
  w.topScope = bodyScope;
  w.nsDepth++;
  enter(w, id);
  if (c.gotoFirstChild()) {
    do visitAt(w, c.nodeTypeId, R_READ); while (c.gotoNextSibling());
    c.gotoParent();
  }
  leave(w, id);
  w.nsDepth--;
}
