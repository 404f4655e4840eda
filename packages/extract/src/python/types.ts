/**
 * Python annotations reduced to what binding uses: a class name (`A`, `mod.A`, the forward
 * reference `"A"`), `Optional[A]`/`A | None`/`Union[A, None]`/`Final[A]`/`ClassVar[A]`/
 * `Annotated[A, ...]`/`Type[A]` -> A, `List[A]`/`Sequence[A]`/`Iterable[A]`/`set[A]` -> array of A,
 * `Dict[K, V]`/`Mapping[K, V]` -> array of V (so a subscript gives V).
 * Every name in an annotation is recorded as a `type` reference. Owns this reduction only.
 */
import { KEEP_IF_NOT_OPAQUE, NULLISH, UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import {
  R_READ, R_TYPE, addRef, typeAt, enter, foldLeaf, leave, nameExpr, nodeText, namedAt,
} from './state.js';
import type { PyWalker } from './state.js';
import { quiet, visit } from './visit.js';

const UNWRAP = new Set(['Optional', 'Final', 'ClassVar', 'Annotated', 'Type', 'type', 'Required', 'NotRequired', 'ReadOnly', 'Awaitable', 'Coroutine']);
const ARRAYS = new Set([
  'List', 'list', 'Sequence', 'MutableSequence', 'Iterable', 'Iterator', 'Set', 'set', 'FrozenSet', 'frozenset',
  'Collection', 'AbstractSet', 'MutableSet', 'Generator', 'Deque', 'deque',
]);

/** Mappings: their subscript gives the value type (the second argument). */
const MAPPINGS = new Set(['Dict', 'dict', 'Mapping', 'MutableMapping', 'DefaultDict', 'defaultdict', 'OrderedDict']);

/** The annotation under the cursor (a `type` node, already entered); its children are walked. */
export function typeExpr(w: PyWalker): Expr {
  const c = w.c;
  let result: Expr = UNKNOWN;
  if (c.gotoFirstChild()) {
    do {
      if (namedAt(w) && typeAt(w) !== 'comment') result = typeNode(w);
      else foldLeaf(w, typeAt(w), namedAt(w));
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  return result.k === 'nullish' ? UNKNOWN : result;
}

/** One node of an annotation. */
function typeNode(w: PyWalker): Expr {
  const c = w.c;
  const type = typeAt(w);
  switch (type) {
    case 'identifier': case 'attribute':
      return visit(w, R_TYPE);
    case 'none':
      foldLeaf(w, type, true);
      return NULLISH;
    case 'string':
      return forwardReference(w);
    case 'type': {
      enter(w, type);
      const inner = typeExpr(w);
      leave(w, type);
      return inner;
    }
    case 'generic_type': case 'subscript': {
      enter(w, type);
      let base: Expr = UNKNOWN;
      let baseName = '';
      const args: Expr[] = [];
      if (c.gotoFirstChild()) {
        let first = true;
        do {
          if (!namedAt(w) || typeAt(w) === 'comment') { foldLeaf(w, typeAt(w), false); continue; }
          if (first) {
            first = false;
            const text = nodeText(w);
            baseName = text.slice(text.lastIndexOf('.') + 1);
            base = typeNode(w);
          } else if (typeAt(w) === 'type_parameter') {
            enter(w, 'type_parameter');
            if (c.gotoFirstChild()) {
              do {
                if (namedAt(w) && typeAt(w) !== 'comment') args.push(typeNode(w));
                else foldLeaf(w, typeAt(w), false);
              } while (c.gotoNextSibling());
              c.gotoParent();
            }
            leave(w, 'type_parameter');
          } else {
            args.push(typeNode(w));
          }
        } while (c.gotoNextSibling());
        c.gotoParent();
      }
      leave(w, type);
      if (baseName === 'Union') return firstNonNull(args);
      if (UNWRAP.has(baseName)) return args[0] ?? UNKNOWN;
      if (ARRAYS.has(baseName)) return { k: 'array', element: args[0] ?? UNKNOWN };
      if (MAPPINGS.has(baseName)) return { k: 'array', element: args[1] ?? UNKNOWN };
      return base;
    }
    case 'binary_operator': {
      enter(w, type);
      const sides: Expr[] = [];
      if (c.gotoFirstChild()) {
        do {
          if (namedAt(w) && typeAt(w) !== 'comment') sides.push(typeNode(w));
          else foldLeaf(w, typeAt(w), false);
        } while (c.gotoNextSibling());
        c.gotoParent();
      }
      leave(w, type);
      return firstNonNull(sides);
    }
    default:
      visit(w, R_READ);
      return UNKNOWN;
  }
}

/** The non-None member of a two-member union (`A | None`), else unknown. */
function firstNonNull(args: Expr[]): Expr {
  const real = args.filter((a) => a.k !== 'nullish');
  return real.length === 1 ? real[0]! : real.length === 0 && args.length > 0 ? NULLISH : UNKNOWN;
}

/** `"A"` / `"mod.A"` / `"Optional[A]"`-free forward references: a dotted name, with a type reference. */
function forwardReference(w: PyWalker): Expr {
  const c = w.c;
  const start = c.startIndex;
  const text = nodeText(w);
  quiet(w);
  const match = /^([rRuU]?)(['"])([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\2$/.exec(text);
  if (!match) return UNKNOWN;
  const parts = match[3]!.split('.');
  let expr: Expr = nameExpr(w, parts[0]!);
  for (let i = 1; i < parts.length; i++) expr = { k: 'member', object: expr, name: parts[i]! };
  const last = parts[parts.length - 1]!;
  addRef(w, 'type', last, expr, start + match[1]!.length + 1 + match[3]!.length - last.length, KEEP_IF_NOT_OPAQUE);
  return expr;
}
