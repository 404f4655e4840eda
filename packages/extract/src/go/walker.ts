/**
 * The Go walker's state and declarations: the package clause, imports (aliases, dot and blank
 * imports), package-level functions, methods (with their receiver type name), types (structs with
 * fields and embedded fields, interfaces with method specs and embedded interfaces, defined types
 * and aliases), consts and vars. Owns scopes and the fact arrays; expressions and statements are
 * walked by expressions.ts. Package scope spans files, so a name this file does not declare is
 * written as `{k:'global'}` for the binder.
 */
import type { GoNode } from './lite.js';
import type {
  DeclarationFact, DeclarationScope, ImportFact, ParameterFact, ReferenceFact, ReferenceKind, SymbolKind, ValueExpr,
} from '@repograph/core';
import type { LineTable } from '../positions.js';
import { typeExpr, valueOf, visitFunctionBody, declareSpec } from './expressions.js';
import { goShapeOf } from './shape.js';
import type { GoSurfaces } from './surfaces.js';

type Node = GoNode;

/** Walks one Go file into declarations, imports and references. */
export class GoWalker {
  readonly declarations: DeclarationFact[] = [];
  readonly imports: ImportFact[] = [];
  readonly references: ReferenceFact[] = [];
  packageName: string | undefined;
  truncated = false;
  /** The innermost published declaration (references' `from`). */
  from = -1;
  depth = 0;
  private readonly scopes: Array<Map<string, ValueExpr>> = [];
  private readonly topLevel = new Map<string, number>();
  private readonly importNames = new Map<string, number>();

  /** Architecture facts found so far (surfaces.ts), null until the first named call. */
  surfaces: GoSurfaces | null = null;

  constructor(readonly text: string, readonly lines: LineTable) {}

  /** Walks the whole file: registers package-level names first (package scope is order-free). */
  walkFile(root: Node): void {
    const pending: Array<() => void> = [];
    for (const child of root.namedChildren) {
      switch (child.type) {
        case 'package_clause': this.packageName = child.namedChild(0)?.text; break;
        case 'import_declaration': this.importDeclaration(child); break;
        case 'function_declaration': case 'method_declaration': pending.push(this.functionDeclaration(child)); break;
        case 'type_declaration':
          for (const spec of child.namedChildren) {
            if (spec.type === 'type_spec' || spec.type === 'type_alias') pending.push(this.typeSpec(spec));
          }
          break;
        case 'var_declaration': case 'const_declaration': pending.push(...this.packageValues(child)); break;
        default: break;
      }
    }
    for (const finishDeclaration of pending) finishDeclaration();
  }

  // Scopes and lookup.

  pushScope(): void { this.scopes.push(new Map()); }
  popScope(): void { this.scopes.pop(); }
  bindLocal(name: string, index: number): void {
    if (name !== '_' && this.scopes.length > 0) this.scopes[this.scopes.length - 1]!.set(name, { k: 'decl', decl: index });
  }
  /** True when `name` is declared in the innermost block scope. */
  declaredInInnermost(name: string): boolean {
    return this.scopes.length > 0 && this.scopes[this.scopes.length - 1]!.has(name);
  }

  /** What an identifier denotes here: a local, a package-level declaration of this file, an import, or global. */
  lookup(name: string): ValueExpr {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const found = this.scopes[i]!.get(name);
      // A fresh object per use: binding tells references apart by their target objects.
      if (found) return { ...found };
    }
    const top = this.topLevel.get(name);
    if (top !== undefined) return { k: 'decl', decl: top };
    const imp = this.importNames.get(name);
    if (imp !== undefined) return { k: 'import', imp };
    return { k: 'global', name };
  }

  // Facts.

  addDeclaration(kind: SymbolKind, name: string, nameNode: Node | null, node: Node, parent: number, scope: DeclarationScope): number {
    const qualifiedName = parent >= 0 && scope === 'member' ? `${this.declarations[parent]!.qualifiedName}.${name}` : name;
    const selectionNode = nameNode ?? node;
    const declaration: DeclarationFact = {
      kind, name, qualifiedName,
      range: this.lines.range(node.startIndex, node.endIndex),
      selection: this.lines.range(selectionNode.startIndex, selectionNode.endIndex),
      parent, scope, published: scope === 'module' || scope === 'member',
      exported: /^\p{Lu}/u.test(name),
    };
    this.declarations.push(declaration);
    return this.declarations.length - 1;
  }

  addReference(kind: ReferenceKind, name: string, target: ValueExpr, at: Node, extra?: Partial<ReferenceFact>): void {
    const position = this.lines.position(at.startIndex);
    this.references.push({ kind, name, target, from: this.from, line: position.line, column: position.column, ...extra });
  }

  // Declarations.

  private importDeclaration(node: Node): void {
    const specs = node.descendantsOfType('import_spec');
    for (const spec of specs) {
      const pathNode = spec.childForFieldName('path');
      if (!pathNode) continue;
      const specifier = pathNode.text.replace(/^["`]|["`]$/g, '');
      const nameNode = spec.childForFieldName('name');
      const position = this.lines.position(spec.startIndex);
      const fact: ImportFact = {
        specifier, style: 'namespace', imported: '*', local: defaultPackageName(specifier), typeOnly: false,
        line: position.line, column: position.column,
      };
      if (nameNode?.type === 'dot') fact.local = '.';
      else if (nameNode?.type === 'blank_identifier') { fact.style = 'side-effect'; fact.local = ''; }
      else if (nameNode) fact.local = nameNode.text;
      this.imports.push(fact);
      const index = this.imports.length - 1;
      if (fact.local !== '' && fact.local !== '.') this.importNames.set(fact.local, index);
      this.addReference('import', specifier, { k: 'import', imp: index }, pathNode);
    }
  }

  /** Registers a function or method now; returns the step that walks its signature and body. */
  private functionDeclaration(node: Node): () => void {
    const nameNode = node.childForFieldName('name');
    const name = nameNode?.text ?? '_';
    const isMethod = node.type === 'method_declaration';
    const receiverList = isMethod ? node.childForFieldName('receiver') : null;
    const receiverParameter = receiverList?.namedChildren.find((child) => child.type === 'parameter_declaration');
    const receiverTypeNode = receiverParameter?.childForFieldName('type') ?? null;
    const receiver = receiverTypeNode ? baseTypeName(receiverTypeNode) : undefined;
    const index = this.addDeclaration(isMethod ? 'method' : 'function', name, nameNode, node, -1, 'module');
    const declaration = this.declarations[index]!;
    if (isMethod) {
      declaration.receiver = receiver ?? '_';
      declaration.qualifiedName = `${receiver ?? '_'}.${name}`;
    } else if (name !== '_' && name !== 'init') {
      this.topLevel.set(name, index);
    }
    this.attachDoc(node, declaration);
    declaration.signature = signatureText(node, node.childForFieldName('body'));
    return () => {
      const savedFrom = this.from;
      this.from = index;
      this.pushScope();
      this.declareTypeParameters(node.childForFieldName('type_parameters'));
      if (receiverParameter) {
        const receiverName = receiverParameter.childForFieldName('name');
        const receiverIndex = this.addDeclaration('parameter', receiverName?.text ?? '_', receiverName, receiverParameter, index, 'parameter');
        this.declarations[receiverIndex]!.valueType = receiverTypeNode ? this.receiverType(receiverTypeNode) : { k: 'unknown' };
        this.bindLocal(receiverName?.text ?? '_', receiverIndex);
      }
      this.signature(node, index);
      const body = node.childForFieldName('body');
      if (body) visitFunctionBody(this, body);
      this.popScope();
      Object.assign(declaration, goShapeOf(node));
      this.from = savedFrom;
    };
  }

  /** The receiver's type: the base type (its type arguments are the method's own type parameters). */
  private receiverType(typeNode: Node): ValueExpr {
    let current: Node = typeNode;
    while (current.type === 'pointer_type' || current.type === 'parenthesized_type') current = current.namedChild(0) ?? current;
    if (current.type === 'generic_type') {
      for (const argument of current.childForFieldName('type_arguments')?.descendantsOfType('type_identifier') ?? []) {
        const typeParameter = this.addDeclaration('type_alias', argument.text, argument, argument, this.from, 'local');
        this.bindLocal(argument.text, typeParameter);
      }
      current = current.childForFieldName('type') ?? current;
    }
    return current.type === 'type_identifier' ? this.lookup(current.text) : typeExpr(this, current);
  }

  declareTypeParameters(list: Node | null): void {
    for (const parameter of list?.namedChildren ?? []) {
      for (const nameNode of parameter.childrenForFieldName('name')) {
        const index = this.addDeclaration('type_alias', nameNode.text, nameNode, parameter, this.from, 'local');
        this.bindLocal(nameNode.text, index);
      }
    }
  }

  /** Parameters, variadic parameters and results of a function-like `node` declared as `index`. */
  signature(node: Node, index: number): void {
    const params: ParameterFact[] = [];
    for (const parameter of node.childForFieldName('parameters')?.namedChildren ?? []) {
      if (parameter.type !== 'parameter_declaration' && parameter.type !== 'variadic_parameter_declaration') continue;
      const variadic = parameter.type === 'variadic_parameter_declaration';
      const typeNode = parameter.childForFieldName('type');
      const declared = typeNode ? typeExpr(this, typeNode) : { k: 'unknown' } as ValueExpr;
      const valueType: ValueExpr = variadic ? { k: 'array', element: declared } : declared;
      const names = parameter.childrenForFieldName('name');
      const typeText = typeNode ? (variadic ? `...${typeNode.text}` : typeNode.text) : undefined;
      if (names.length === 0) params.push(parameterFact('_', variadic, typeText));
      for (const nameNode of names) {
        params.push(parameterFact(nameNode.text, variadic, typeText));
        const parameterIndex = this.addDeclaration('parameter', nameNode.text, nameNode, parameter, index, 'parameter');
        this.declarations[parameterIndex]!.valueType = valueType;
        this.bindLocal(nameNode.text, parameterIndex);
      }
    }
    this.declarations[index]!.params = params;
    const result = node.childForFieldName('result');
    if (!result) return;
    if (result.type !== 'parameter_list') {
      this.declarations[index]!.returnType = typeExpr(this, result);
      return;
    }
    const results: ValueExpr[] = [];
    for (const parameter of result.namedChildren) {
      if (parameter.type !== 'parameter_declaration') continue;
      const typeNode = parameter.childForFieldName('type');
      const declared = typeNode ? typeExpr(this, typeNode) : { k: 'unknown' } as ValueExpr;
      const names = parameter.childrenForFieldName('name');
      // `(a, b *T, err error)`: one result per name.
      for (let i = 0; i < Math.max(1, names.length); i++) results.push(declared);
      for (const nameNode of names) {
        const resultIndex = this.addDeclaration('variable', nameNode.text, nameNode, parameter, index, 'local');
        this.declarations[resultIndex]!.valueType = declared;
        this.bindLocal(nameNode.text, resultIndex);
      }
    }
    if (results.length > 0) this.declarations[index]!.returnType = results[0]!;
    if (results.length > 1 && results.some((type) => type.k !== 'unknown')) this.declarations[index]!.results = results;
  }

  /** Registers a type now; returns the step that walks its definition. */
  private typeSpec(spec: Node): () => void {
    const nameNode = spec.childForFieldName('name');
    const name = nameNode?.text ?? '_';
    const typeNode = spec.childForFieldName('type');
    const kind: SymbolKind = spec.type === 'type_spec' && typeNode?.type === 'struct_type' ? 'struct'
      : spec.type === 'type_spec' && typeNode?.type === 'interface_type' ? 'interface' : 'type_alias';
    const index = this.addDeclaration(kind, name, nameNode, spec, -1, 'module');
    if (name !== '_') this.topLevel.set(name, index);
    const declaration = this.declarations[index]!;
    this.attachDoc(spec.parent?.type === 'type_declaration' && spec.parent.namedChildren.length === 1 ? spec.parent : spec, declaration);
    declaration.signature = collapse(`type ${spec.text}`);
    return () => {
      const savedFrom = this.from;
      this.from = index;
      this.pushScope();
      this.declareTypeParameters(spec.childForFieldName('type_parameters'));
      if (!typeNode) { /* nothing */ } else if (kind === 'struct') this.structFields(typeNode, index);
      else if (kind === 'interface') this.interfaceElements(typeNode, index);
      else declaration.valueType = typeExpr(this, typeNode);
      this.popScope();
      this.from = savedFrom;
    };
  }

  structFields(structNode: Node, index: number): void {
    const list = structNode.namedChildren.find((child) => child.type === 'field_declaration_list');
    const embedded: ValueExpr[] = [];
    for (const field of list?.namedChildren ?? []) {
      if (field.type !== 'field_declaration') continue;
      const typeNode = field.childForFieldName('type');
      const names = field.childrenForFieldName('name');
      if (!typeNode) continue;
      if (names.length === 0) {
        const baseName = baseTypeName(typeNode) ?? '_';
        const target = embeddedTarget(this, typeNode);
        embedded.push(target);
        const fieldIndex = this.addDeclaration('field', baseName, typeNode, field, index, 'member');
        this.declarations[fieldIndex]!.valueType = target;
        continue;
      }
      const valueType = typeExpr(this, typeNode);
      for (const nameNode of names) {
        const fieldIndex = this.addDeclaration('field', nameNode.text, nameNode, field, index, 'member');
        this.declarations[fieldIndex]!.valueType = valueType;
        this.attachDoc(field, this.declarations[fieldIndex]!);
      }
    }
    if (embedded.length > 0) this.declarations[index]!.extendsTypes = embedded;
  }

  interfaceElements(interfaceNode: Node, index: number): void {
    const embedded: ValueExpr[] = [];
    for (const element of interfaceNode.namedChildren) {
      if (element.type === 'method_elem' || element.type === 'method_spec') {
        const nameNode = element.childForFieldName('name');
        const methodIndex = this.addDeclaration('method', nameNode?.text ?? '_', nameNode, element, index, 'member');
        const method = this.declarations[methodIndex]!;
        this.attachDoc(element, method);
        method.signature = collapse(element.text);
        const savedFrom = this.from;
        this.pushScope();
        this.signature(element, methodIndex);
        this.popScope();
        this.from = savedFrom;
      } else if (element.type === 'type_elem' || element.type === 'constraint_elem') {
        const types = element.namedChildren;
        if (types.length === 1 && isNamedType(types[0]!)) embedded.push(embeddedTarget(this, types[0]!));
        else for (const type of types) typeExpr(this, type);
      } else if (isNamedType(element)) {
        embedded.push(embeddedTarget(this, element));
      }
    }
    if (embedded.length > 0) this.declarations[index]!.extendsTypes = embedded;
  }

  /** Registers package-level consts/vars now; returns the steps that walk their types and values. */
  private packageValues(node: Node): Array<() => void> {
    const kind: SymbolKind = node.type === 'const_declaration' ? 'constant' : 'variable';
    const specs = node.descendantsOfType(kind === 'constant' ? 'const_spec' : 'var_spec');
    const steps: Array<() => void> = [];
    for (const spec of specs) {
      const indexes = spec.childrenForFieldName('name').map((nameNode) => {
        const index = this.addDeclaration(kind, nameNode.text, nameNode, spec, -1, 'module');
        if (nameNode.text !== '_') this.topLevel.set(nameNode.text, index);
        this.attachDoc(specs.length === 1 ? node : spec, this.declarations[index]!);
        return index;
      });
      steps.push(() => declareSpec(this, spec, indexes));
    }
    return steps;
  }

  /** The `//` comment lines right above `node` (no blank line between), without markers. */
  attachDoc(node: Node, declaration: DeclarationFact): void {
    const lines: string[] = [];
    let expectedRow = this.lines.rowOf(node.startIndex) - 1;
    let previous = node.previousNamedSibling;
    while (previous && previous.type === 'comment' && this.lines.rowOf(previous.endIndex) === expectedRow) {
      lines.unshift(previous.text.replace(/^\/\/ ?|^\/\*|\*\/$/g, ''));
      expectedRow = this.lines.rowOf(previous.startIndex) - 1;
      previous = previous.previousNamedSibling;
    }
    if (lines.length > 0) declaration.doc = lines.join('\n').trim().slice(0, 2000);
  }
}

function parameterFact(name: string, variadic: boolean, typeText: string | undefined): ParameterFact {
  const fact: ParameterFact = { name, optional: false, hasDefault: false, variadic };
  if (typeText !== undefined) fact.typeText = typeText;
  return fact;
}

function isNamedType(node: Node): boolean {
  return node.type === 'type_identifier' || node.type === 'qualified_type' || node.type === 'generic_type' || node.type === 'pointer_type';
}

/** An embedded field's or interface's type, recorded as an `extends` reference too. */
function embeddedTarget(walker: GoWalker, typeNode: Node): ValueExpr {
  const start = walker.references.length;
  const target = typeExpr(walker, typeNode);
  for (let i = start; i < walker.references.length; i++) {
    const reference = walker.references[i]!;
    if (reference.kind === 'type') { reference.kind = 'extends'; break; }
  }
  return target;
}

/** `T` for `T`, `*T`, `pkg.T`, `T[K]`, `*T[K]`. */
export function baseTypeName(typeNode: Node): string | undefined {
  let current: Node | null = typeNode;
  while (current && (current.type === 'pointer_type' || current.type === 'parenthesized_type')) current = current.namedChild(0);
  if (current?.type === 'generic_type') current = current.childForFieldName('type');
  if (current?.type === 'qualified_type') current = current.childForFieldName('name');
  return current?.type === 'type_identifier' ? current.text : undefined;
}

/** The name an import binds without an alias: the last path element, minus `.vN`/`go-` decorations. */
export function defaultPackageName(specifier: string): string {
  const parts = specifier.split('/');
  let last = parts[parts.length - 1] ?? specifier;
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2]!;
  last = last.replace(/\.v\d+$/, '').replace(/^go-/, '').replace(/[-.]go$/, '');
  return last.replace(/[^\p{L}\p{N}_]/gu, '_');
}

function signatureText(node: Node, body: Node | null): string {
  const text = body ? node.text.slice(0, body.startIndex - node.startIndex) : node.text;
  return collapse(text);
}

function collapse(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > 200 ? `${collapsed.slice(0, 199)}…` : collapsed;
}
