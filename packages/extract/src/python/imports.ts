/**
 * Python imports: `import a.b.c`, `import a.b as c`, `from M import x as y`, `from . import x`,
 * `from M import *` and `from __future__ import ...`, recorded with the encoding described in
 * python/extract.ts and bound in the scope the statement binds in.
 */
import { NS_VALUE, importBinding } from '../model.js';
import {
  bindingScope, foldLeaf, nodeText, typeAt, namedAt,
} from './state.js';
import type { PyWalker } from './state.js';
import { recordBinding } from './bindings.js';

/** `import a.b.c`, `import a.b as c` (see the encoding in python/extract.ts). */
export function walkImport(w: PyWalker): void {
  const c = w.c;
  if (c.gotoFirstChild()) {
    do {
      const type = typeAt(w);
      if (type === 'dotted_name') {
        const at = c.startIndex;
        const specifier = compact(nodeText(w));
        const top = specifier.split('.')[0]!;
        bindImport(w, { specifier: top, style: 'namespace', imported: '*', local: top, typeOnly: false, at });
        if (top !== specifier) w.imports.push({ specifier, style: 'side-effect', imported: '', local: '', typeOnly: false, at });
      } else if (type === 'aliased_import') {
        const [name, alias, at] = aliasedParts(w);
        bindImport(w, { specifier: name, style: 'namespace', imported: '*', local: alias, typeOnly: false, at });
      }
      foldLeaf(w, type, namedAt(w));
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
}

/** `from m import a, b as c`, `from . import x`, `from m import *`. */
export function walkImportFrom(w: PyWalker): void {
  const c = w.c;
  let specifier = typeAt(w) === 'future_import_statement' ? '__future__' : '';
  if (c.gotoFirstChild()) {
    do {
      const type = typeAt(w);
      const field = c.currentFieldName;
      if (field === 'module_name') {
        specifier = compact(nodeText(w));
      } else if (type === 'wildcard_import') {
        const at = c.startIndex;
        w.imports.push({ specifier, style: 'namespace', imported: '*', local: '', typeOnly: false, at });
        w.exports.push({
          style: 'reexport-all', exported: '*', value: undefined, specifier, imported: undefined,
          typeOnly: false, at, isDefault: false,
        });
      } else if (field === 'name' && type === 'dotted_name') {
        const name = compact(nodeText(w));
        bindImport(w, { specifier, style: 'named', imported: name, local: name, typeOnly: false, at: c.startIndex });
      } else if (field === 'name' && type === 'aliased_import') {
        const [name, alias, at] = aliasedParts(w);
        bindImport(w, { specifier, style: 'named', imported: name, local: alias, typeOnly: false, at });
      }
      foldLeaf(w, type, namedAt(w));
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
}

function bindImport(w: PyWalker, record: PyWalker['imports'][number]): void {
  const index = w.imports.length;
  w.imports.push(record);
  const scope = bindingScope(w, record.local) ?? w.scope;
  scope.bind(NS_VALUE, record.local, importBinding(index));
  recordBinding(w, scope, record.local, importBinding(index), undefined, record.at);
}

/** Name, alias and name offset of an `aliased_import` under the cursor. */
function aliasedParts(w: PyWalker): [string, string, number] {
  const c = w.c;
  let name = '';
  let alias = '';
  let at = c.startIndex;
  if (c.gotoFirstChild()) {
    do {
      if (c.currentFieldName === 'name') { name = compact(nodeText(w)); at = c.startIndex; }
      else if (c.currentFieldName === 'alias') alias = nodeText(w);
    } while (c.gotoNextSibling());
    c.gotoParent();
  }
  return [name, alias || name, at];
}

function compact(text: string): string {
  return text.replace(/[\s\\]+/g, '');
}
