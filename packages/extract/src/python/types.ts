/**
 * Python annotations reduced to what binding uses: a class name (`A`, `mod.A`, the forward
 * reference `"A"`), `Optional[A]`/`A | None`/`Final[A]`/`ClassVar[A]`/`Annotated[A, ...]` -> A,
 * `Union[A, B]`/`A | B` -> one of A and B, `Type[A]` -> the class A itself (`typeof`),
 * `List[A]`/`Sequence[A]`/`Iterable[A]`/`set[A]`/`Tuple[A, ...]` -> array of A, `Tuple[A, B]` ->
 * array of one of them with the items A, B in order, `Dict[K, V]`/`Mapping[K, V]` -> array of V
 * with key K (so a subscript gives V), `ContextVar[A]` -> array of A (its `get()` gives A). Every name in an annotation is recorded as a `type`
 * reference. Owns this reduction only.
 */
import { KEEP_IF_NOT_OPAQUE, NULLISH, UNKNOWN } from '../model.js';
import type { Expr } from '../model.js';
import {
  R_READ, R_TYPE, addRef, typeAt, enter, foldLeaf, leave, nameExpr, nodeText, namedAt,
} from './state.js';
import type { PyWalker } from './state.js';
import { quiet, visit } from './visit.js';
import { oneOf } from './unions.js';

const UNWRAP = new Set(['Optional', 'Final', 'ClassVar', 'Annotated', 'Required', 'NotRequired', 'ReadOnly', 'Awaitable', 'Coroutine']);
/** `Type[A]`: the class A itself (calling it makes an A). */
const CLASS_OBJECTS = new Set(['Type', 'type']);
const TUPLES = new Set(['Tuple', 'tuple']);
/** Holders of one value whose `get()` gives it (contextvars). */
const HOLDERS = new Set(['ContextVar']);
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

/** The node under the cursor read as an annotation (`typing.cast`'s first argument). */
export function typeOfNode(w: PyWalker): Expr {
  const result = typeNode(w);
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
      let openEnded = false;
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
                if (namedAt(w) && typeAt(w) !== 'comment') {
                  // `Tuple[A, ...]`: a tuple of any length of A.
                  if (isEllipsis(w)) openEnded = true;
                  args.push(typeNode(w));
                } else foldLeaf(w, typeAt(w), false);
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
      return genericType(w, baseName, base, args, openEnded);
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
      return unionType(w, sides);
    }
    default:
      visit(w, R_READ);
      return UNKNOWN;
  }
}

/** `Base[args]` reduced (see the header); `openEnded`: the arguments ended with `...`. */
function genericType(w: PyWalker, baseName: string, base: Expr, args: Expr[], openEnded = false): Expr {
  if (baseName === 'Union') return unionType(w, args);
  if (UNWRAP.has(baseName)) return args[0] ?? UNKNOWN;
  if (CLASS_OBJECTS.has(baseName)) {
    const of = args[0] ?? UNKNOWN;
    return of.k === 'unknown' || of.k === 'nullish' ? UNKNOWN : { k: 'typeof', value: of };
  }
  if (TUPLES.has(baseName)) {
    if (openEnded || args.length === 1) return { k: 'array', element: args[0] ?? UNKNOWN };
    return { k: 'array', element: oneOf(w, args), items: args };
  }
  if (ARRAYS.has(baseName) || HOLDERS.has(baseName)) return { k: 'array', element: args[0] ?? UNKNOWN };
  if (MAPPINGS.has(baseName)) return { k: 'array', element: args[1] ?? UNKNOWN, key: args[0] ?? UNKNOWN };
  return base;
}

/** A union's members without None: one of them (`A | None` is A). */
function unionType(w: PyWalker, args: Expr[]): Expr {
  const real = args.filter((a) => a.k !== 'nullish');
  if (real.length === 0) return args.length > 0 ? NULLISH : UNKNOWN;
  return oneOf(w, real);
}

function isEllipsis(w: PyWalker): boolean {
  if (typeAt(w) === 'ellipsis') return true;
  // `Tuple[A, ...]` parses the `...` as a type node holding the ellipsis.
  const c = w.c;
  if (typeAt(w) !== 'type' || !c.gotoFirstChild()) return false;
  const found = typeAt(w) === 'ellipsis';
  c.gotoParent();
  return found;
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
