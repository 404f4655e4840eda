/**
 * JSX tags: an opening or self-closing tag whose name is capitalized (`<Foo />`) or dotted
 * (`<Icons.Star />`) is a `read` reference of the component; lower-case tags are intrinsic
 * elements. Closing tags only repeat the name and record nothing. Attributes and children are
 * ordinary expressions.
 */
import { KEEP_ALWAYS, NS_VALUE, UNRESOLVED } from '../model.js';
import * as S from './syntax.js';
import { addRef, foldLeaf, kindOf, quiet } from './walker.js';
import type { Walker } from './walker.js';
import { R_CALLEE, R_READ, visitAt } from './visit.js';

/** `<Foo ...>` / `<Foo />`: a capitalized or dotted tag is a read of the component. */
export function walkJsxOpen(w: Walker): void {
  const c = w.c;
  let seenName = false;
  c.gotoFirstChild();
  do {
    const id = c.nodeTypeId;
    const kind = kindOf(w, id);
    if (!seenName && (kind === S.K_IDENT || kind === S.K_MEMBER)) {
      seenName = true;
      if (kind === S.K_IDENT) {
        foldLeaf(w, id);
        const start = c.startIndex;
        const name = w.text.slice(start, c.endIndex);
        const first = name.charCodeAt(0);
        if (first >= 65 && first <= 90) {
          addRef(w, 'read', name, { k: 'name', name, scope: w.scope, ns: NS_VALUE, res: UNRESOLVED }, start, KEEP_ALWAYS);
        }
      } else {
        w.lastName = '';
        const target = visitAt(w, id, R_CALLEE);
        if (w.lastSite >= 0) addRef(w, 'read', w.lastName, target, w.lastSite, KEEP_ALWAYS);
      }
    } else if ((w.t.flags[id]! & S.F_NAMED) !== 0 && !seenName && kind === S.K_OTHER) {
      seenName = true;
      quiet(w, id);
    } else {
      visitAt(w, id, R_READ);
    }
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** `</Foo>`: the opening tag already recorded the reference. */
export function walkJsxClose(w: Walker): void {
  const c = w.c;
  if (c.gotoFirstChild()) {
    do quiet(w, c.nodeTypeId); while (c.gotoNextSibling());
    c.gotoParent();
  }
}
