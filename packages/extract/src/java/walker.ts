/**
 * The Java walker's state and declarations: the package clause, imports (single-type, on-demand,
 * static single and on-demand), classes, interfaces, enums, records and annotation types (nested,
 * local and anonymous), their fields, methods, constructors, enum constants and the implicit
 * members javac declares (enum `values()`/`valueOf()`, record accessors). Owns scopes and the fact
 * arrays; statements and expressions are walked by expressions.ts.
 *
 * Names: a local, parameter or lexically visible type of this file is bound here (`decl`), a
 * single-type import by its simple name (`import`). Every other name (a field, possibly
 * inherited; a type of the package, an on-demand import or a supertype; a static import) is
 * written `member(this(C), name)` with C the innermost class at the site: the binder looks it up
 * the way javac does, along C's supertypes, then its enclosing classes, then the imports.
 * Exported means `public` (or a member of an interface, implicitly public): package-private
 * declarations are visible only inside their package, which is not what `exported` promises.
 */
import type { JavaNode } from './lite.js';
import type {
  DeclarationFact, DeclarationScope, ImportFact, ParameterFact, ReferenceFact, ReferenceKind, SymbolKind, ValueExpr,
} from '@repograph/core';
import type { LineTable } from '../positions.js';
import { typeArgumentsOf, typeExpr, visitBody, valueOf } from './expressions.js';
import { javaShapeOf } from './shape.js';

type Node = JavaNode;

/** One lexical frame: locals and types bound here; a class frame also knows its declared field names. */
interface Frame {
  values: Map<string, ValueExpr>;
  types: Map<string, ValueExpr>;
  classIndex?: number;
  fields?: Set<string>;
}

const CLASS_NODES = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'annotation_type_declaration']);
const MAX_DEPTH = 200;

/** Walks one Java file into declarations, imports and references. */
export class JavaWalker {
  readonly declarations: DeclarationFact[] = [];
  readonly imports: ImportFact[] = [];
  readonly references: ReferenceFact[] = [];
  packageName: string | undefined;
  truncated = false;
  /** The innermost published declaration (references' `from`). */
  from = -1;
  depth = 0;
  private readonly frames: Frame[] = [];
  private readonly typeImports = new Map<string, number>();
  private readonly staticImports = new Map<string, number>();
  private anonymousCount = 0;

  constructor(readonly text: string, private readonly lines: LineTable) {}

  /** Walks the whole file. */
  walkFile(root: Node): void {
    const top: Frame = { values: new Map(), types: new Map() };
    this.frames.push(top);
    for (const child of root.namedChildren) {
      if (child.type === 'package_declaration') this.packageName = child.namedChildren.find((c) => c.type !== 'annotation' && c.type !== 'marker_annotation')?.text.replace(/\s+/g, '');
      else if (child.type === 'import_declaration') this.importDeclaration(child);
    }
    const pending: Array<() => void> = [];
    for (const child of root.namedChildren) {
      if (CLASS_NODES.has(child.type)) pending.push(this.classDeclaration(child, -1, 'module', top));
    }
    for (const step of pending) step();
    this.frames.pop();
  }

  // Scopes and lookup.

  pushScope(): void { this.frames.push({ values: new Map(), types: new Map() }); }
  popScope(): void { this.frames.pop(); }
  bindLocal(name: string, index: number): void { this.frames[this.frames.length - 1]!.values.set(name, { k: 'decl', decl: index }); }
  bindType(name: string, index: number): void { this.frames[this.frames.length - 1]!.types.set(name, { k: 'decl', decl: index }); }

  /** The innermost class being walked, or -1. */
  currentClass(): number {
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const owner = this.frames[i]!.classIndex;
      if (owner !== undefined) return owner;
    }
    return -1;
  }

  /** A name the binder looks up from the innermost class (fields, supertypes, outer classes, imports). */
  implicit(name: string): ValueExpr {
    const owner = this.currentClass();
    return owner >= 0 ? { k: 'member', object: { k: 'this', owner }, name } : { k: 'global', name };
  }

  /** What an identifier in an expression denotes (a variable wins over a type, as in javac). */
  lookupValue(name: string): ValueExpr {
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const frame = this.frames[i]!;
      const found = frame.values.get(name);
      // A fresh object per use: binding tells references apart by their target objects.
      if (found) return { ...found };
      if (frame.fields?.has(name)) return this.implicit(name);
    }
    const staticImport = this.staticImports.get(name);
    if (staticImport !== undefined) return { k: 'import', imp: staticImport };
    const type = this.lexicalType(name);
    if (type) return type;
    return this.implicit(name);
  }

  /** What a type name denotes. */
  lookupType(name: string): ValueExpr {
    return this.lexicalType(name) ?? this.implicit(name);
  }

  private lexicalType(name: string): ValueExpr | undefined {
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const found = this.frames[i]!.types.get(name);
      if (found) return { ...found };
    }
    const imported = this.typeImports.get(name);
    return imported !== undefined ? { k: 'import', imp: imported } : undefined;
  }

  // Facts.

  addDeclaration(kind: SymbolKind, name: string, nameNode: Node | null, node: Node, parent: number, scope: DeclarationScope): number {
    const parentDeclaration = parent >= 0 ? this.declarations[parent] : undefined;
    const qualifiedName = parentDeclaration && parentDeclaration.published && (scope === 'member' || (scope === 'local' && isClassKind(kind)))
      ? `${parentDeclaration.qualifiedName}.${name}` : name;
    const selectionNode = nameNode ?? node;
    const declaration: DeclarationFact = {
      kind, name, qualifiedName,
      range: this.lines.range(node.startIndex, node.endIndex),
      selection: this.lines.range(selectionNode.startIndex, selectionNode.endIndex),
      parent, scope, published: scope === 'module' || scope === 'member' || (scope === 'local' && isClassKind(kind)),
      exported: false,
    };
    this.declarations.push(declaration);
    return this.declarations.length - 1;
  }

  addReference(kind: ReferenceKind, name: string, target: ValueExpr, at: Node, extra?: Partial<ReferenceFact>): void {
    const position = this.lines.position(at.startIndex);
    this.references.push({ kind, name, target, from: this.from, line: position.line, column: position.column, ...extra });
  }

  // Imports.

  private importDeclaration(node: Node): void {
    const isStatic = /^import\s+static\b/.test(node.text);
    const nameNode = node.namedChildren.find((child) => child.type === 'scoped_identifier' || child.type === 'identifier');
    if (!nameNode) return;
    const dotted = nameNode.text.replace(/\s+/g, '');
    const onDemand = node.namedChildren.some((child) => child.type === 'asterisk');
    const position = this.lines.position(node.startIndex);
    const cut = dotted.lastIndexOf('.');
    const fact: ImportFact = onDemand
      ? { specifier: dotted, style: 'namespace', imported: '*', local: '', typeOnly: !isStatic, line: position.line, column: position.column }
      : { specifier: cut > 0 ? dotted.slice(0, cut) : '', style: 'named', imported: dotted.slice(cut + 1), local: dotted.slice(cut + 1),
        typeOnly: !isStatic, line: position.line, column: position.column };
    this.imports.push(fact);
    const index = this.imports.length - 1;
    if (!onDemand) (isStatic ? this.staticImports : this.typeImports).set(fact.local, index);
    this.addReference('import', fact.imported === '*' ? fact.specifier : fact.local, { k: 'import', imp: index }, nameNode);
  }

  // Classes.

  /** Declares a class-like node now (so its name is visible); returns the step that walks it. */
  classDeclaration(node: Node, parent: number, scope: DeclarationScope, frame: Frame): () => void {
    const nameNode = node.childForFieldName('name');
    const name = nameNode?.text ?? '_';
    const kind: SymbolKind = node.type === 'interface_declaration' || node.type === 'annotation_type_declaration' ? 'interface'
      : node.type === 'enum_declaration' ? 'enum' : 'class';
    const index = this.addDeclaration(kind, name, nameNode, node, parent, scope);
    const declaration = this.declarations[index]!;
    const modifiers = modifiersOf(node);
    const parentKind = parent >= 0 ? this.declarations[parent]!.kind : undefined;
    declaration.exported = /\bpublic\b/.test(modifiers) || parentKind === 'interface';
    if (/\bprivate\b/.test(modifiers)) declaration.isPrivate = true;
    if (/\bstatic\b/.test(modifiers) || (parent >= 0 && (kind !== 'class' || node.type === 'record_declaration' || parentKind === 'interface'))) declaration.isStatic = true;
    frame.types.set(name, { k: 'decl', decl: index });
    this.attachDoc(node, declaration);
    declaration.signature = collapse(textBefore(node, node.childForFieldName('body')));
    return () => this.walkClass(node, index);
  }

  /** An anonymous class body (`new T() {...}`, an enum constant's body) extending `base`. */
  anonymousClass(body: Node, node: Node, base: ValueExpr): number {
    const parent = this.from;
    const index = this.addDeclaration('class', `$${++this.anonymousCount}`, null, node, parent, parent >= 0 ? 'local' : 'module');
    const declaration = this.declarations[index]!;
    declaration.extendsTypes = [base];
    const savedFrom = this.from;
    this.from = index;
    this.walkClassBody(body, index);
    this.from = savedFrom;
    return index;
  }

  private walkClass(node: Node, index: number): void {
    if (this.depth > MAX_DEPTH) { this.truncated = true; return; }
    this.depth++;
    const savedFrom = this.from;
    this.from = index;
    const declaration = this.declarations[index]!;
    this.pushScope();
    this.declareTypeParameters(node.childForFieldName('type_parameters'), index);
    const superclass = node.childForFieldName('superclass');
    const extendsTypes: ValueExpr[] = [];
    const implementsTypes: ValueExpr[] = [];
    if (superclass?.namedChild(0)) {
      extendsTypes.push(this.heritage(superclass.namedChild(0)!, 'extends'));
      const args = typeArgumentsOf(this, superclass.namedChild(0)!);
      if (args) declaration.typeArguments = args;
    }
    const interfaces = node.childForFieldName('interfaces') ?? node.namedChildren.find((c) => c.type === 'super_interfaces' || c.type === 'extends_interfaces') ?? null;
    const list = interfaces?.namedChildren.find((c) => c.type === 'type_list');
    const interfaceExtends = node.namedChildren.find((c) => c.type === 'extends_interfaces');
    for (const type of list?.namedChildren ?? []) {
      if (interfaceExtends && declaration.kind === 'interface') extendsTypes.push(this.heritage(type, 'extends'));
      else implementsTypes.push(this.heritage(type, 'implements'));
    }
    if (extendsTypes.length > 0) declaration.extendsTypes = extendsTypes;
    if (implementsTypes.length > 0) declaration.implementsTypes = implementsTypes;
    this.visitAnnotations(node);
    if (node.type === 'record_declaration') this.recordComponents(node, index);
    const body = node.childForFieldName('body');
    if (body) this.walkClassBody(body, index);
    if (declaration.kind === 'enum') this.enumImplicitMembers(node, index);
    this.popScope();
    this.from = savedFrom;
    this.depth--;
  }

  private heritage(type: Node, kind: 'extends' | 'implements'): ValueExpr {
    const start = this.references.length;
    const target = typeExpr(this, type);
    for (let i = start; i < this.references.length; i++) {
      if (this.references[i]!.kind === 'type') { this.references[i]!.kind = kind; break; }
    }
    return target;
  }

  /** Walks a class body: member types and field names first (visible in the whole body), then members in order. */
  walkClassBody(body: Node, index: number): void {
    const frame: Frame = { values: new Map(), types: new Map(), classIndex: index, fields: new Set() };
    this.frames.push(frame);
    const members = body.namedChildren.flatMap((child) => (child.type === 'enum_body_declarations' ? child.namedChildren : [child]));
    const pending: Array<() => void> = [];
    for (const member of members) {
      if (CLASS_NODES.has(member.type)) pending.push(this.classDeclaration(member, index, 'member', frame));
      else if (member.type === 'field_declaration' || member.type === 'constant_declaration') {
        for (const declarator of member.childrenForFieldName('declarator')) {
          const nameNode = declarator.childForFieldName('name');
          if (nameNode) frame.fields!.add(nameNode.text);
        }
      } else if (member.type === 'enum_constant') {
        const nameNode = member.childForFieldName('name');
        if (nameNode) frame.fields!.add(nameNode.text);
      }
    }
    for (const member of members) {
      switch (member.type) {
        case 'field_declaration': case 'constant_declaration': this.fieldDeclaration(member, index); break;
        case 'method_declaration': case 'annotation_type_element_declaration': this.methodDeclaration(member, index, 'method'); break;
        case 'constructor_declaration': case 'compact_constructor_declaration': this.methodDeclaration(member, index, 'constructor'); break;
        case 'enum_constant': this.enumConstant(member, index); break;
        case 'static_initializer': case 'block': visitBody(this, member); break;
        default: break;
      }
    }
    for (const step of pending) step();
    this.frames.pop();
  }

  private fieldDeclaration(node: Node, owner: number): void {
    const typeNode = node.childForFieldName('type');
    const modifiers = modifiersOf(node);
    const inInterface = this.declarations[owner]!.kind === 'interface';
    this.visitAnnotations(node);
    for (const declarator of node.childrenForFieldName('declarator')) {
      const nameNode = declarator.childForFieldName('name');
      if (!nameNode) continue;
      const isConstant = inInterface || (/\bstatic\b/.test(modifiers) && /\bfinal\b/.test(modifiers));
      const index = this.addDeclaration(isConstant ? 'constant' : 'field', nameNode.text, nameNode, node.childrenForFieldName('declarator').length === 1 ? node : declarator, owner, 'member');
      const declaration = this.declarations[index]!;
      declaration.exported = inInterface || /\bpublic\b/.test(modifiers);
      if (inInterface || /\bstatic\b/.test(modifiers)) declaration.isStatic = true;
      if (/\bprivate\b/.test(modifiers)) declaration.isPrivate = true;
      this.attachDoc(node, declaration);
      declaration.signature = collapse(`${typeNode?.text ?? ''} ${nameNode.text}`);
      if (typeNode) {
        const dims = declarator.childForFieldName('dimensions');
        declaration.valueType = dims ? { k: 'array', element: typeExpr(this, typeNode) } : typeExpr(this, typeNode);
        const args = dims ? undefined : typeArgumentsOf(this, typeNode);
        if (args) declaration.typeArguments = args;
      }
      const value = declarator.childForFieldName('value');
      if (value) {
        const savedFrom = this.from;
        this.from = index;
        valueOf(this, value);
        this.from = savedFrom;
      }
    }
  }

  private methodDeclaration(node: Node, owner: number, kind: 'method' | 'constructor'): void {
    const nameNode = node.childForFieldName('name');
    const index = this.addDeclaration(kind, nameNode?.text ?? '_', nameNode, node, owner, 'member');
    const declaration = this.declarations[index]!;
    const modifiers = modifiersOf(node);
    const inInterface = this.declarations[owner]!.kind === 'interface';
    declaration.exported = inInterface ? !/\bprivate\b/.test(modifiers) : /\bpublic\b/.test(modifiers);
    if (/\bstatic\b/.test(modifiers)) declaration.isStatic = true;
    if (/\bprivate\b/.test(modifiers)) declaration.isPrivate = true;
    this.attachDoc(node, declaration);
    const body = node.childForFieldName('body');
    declaration.signature = collapse(textBefore(node, body));
    const savedFrom = this.from;
    this.from = index;
    this.pushScope();
    this.visitAnnotations(node);
    this.declareTypeParameters(node.childForFieldName('type_parameters'), index);
    const typeNode = node.childForFieldName('type');
    if (typeNode && typeNode.type !== 'void_type') {
      const dims = node.childForFieldName('dimensions');
      declaration.returnType = dims ? { k: 'array', element: typeExpr(this, typeNode) } : typeExpr(this, typeNode);
      const args = dims ? undefined : typeArgumentsOf(this, typeNode);
      if (args) declaration.typeArguments = args;
    }
    if (node.type === 'compact_constructor_declaration') {
      // The record's components are its parameters.
      declaration.params = (this.declarations[owner]!.params ?? []).map((param) => ({ ...param }));
    } else {
      this.parameters(node.childForFieldName('parameters'), index);
    }
    for (const thrown of node.namedChildren.find((c) => c.type === 'throws')?.namedChildren ?? []) typeExpr(this, thrown);
    if (body) visitBody(this, body);
    if (node.type === 'annotation_type_element_declaration') {
      const value = node.childForFieldName('value');
      if (value) valueOf(this, value);
    }
    this.popScope();
    Object.assign(declaration, javaShapeOf(node));
    this.from = savedFrom;
  }

  /**
   * Declares the formal parameters of `node`'s list as parameters of `index` (bound in the current
   * scope); `record` sets them as `index`'s params (not for a lambda's, whose parent is the method).
   */
  parameters(list: Node | null, index: number, record = true): void {
    const params: ParameterFact[] = [];
    for (const parameter of list?.namedChildren ?? []) {
      if (parameter.type !== 'formal_parameter' && parameter.type !== 'spread_parameter') continue;
      const variadic = parameter.type === 'spread_parameter';
      const typeNode = variadic ? parameter.namedChildren.find((c) => c.type !== 'modifiers' && c.type !== 'variable_declarator') ?? null : parameter.childForFieldName('type');
      const declarator = variadic ? parameter.namedChildren.find((c) => c.type === 'variable_declarator') : undefined;
      const nameNode = variadic ? declarator?.childForFieldName('name') ?? null : parameter.childForFieldName('name');
      const name = nameNode?.text ?? '_';
      const fact: ParameterFact = { name, optional: false, hasDefault: false, variadic };
      if (typeNode) fact.typeText = variadic ? `${typeNode.text}...` : typeNode.text;
      params.push(fact);
      const parameterIndex = this.addDeclaration('parameter', name, nameNode, parameter, index, 'parameter');
      const declaration = this.declarations[parameterIndex]!;
      if (typeNode) {
        const dims = parameter.childForFieldName('dimensions');
        const declared = typeExpr(this, typeNode);
        declaration.valueType = variadic || dims ? { k: 'array', element: declared } : declared;
        const args = variadic || dims ? undefined : typeArgumentsOf(this, typeNode);
        if (args) declaration.typeArguments = args;
      }
      this.bindLocal(name, parameterIndex);
    }
    if (record) this.declarations[index]!.params = params;
  }

  private declareTypeParameters(list: Node | null, owner: number): void {
    for (const parameter of list?.namedChildren ?? []) {
      if (parameter.type !== 'type_parameter') continue;
      const nameNode = parameter.namedChildren.find((c) => c.type === 'type_identifier' || c.type === 'identifier');
      if (!nameNode) continue;
      const index = this.addDeclaration('type_alias', nameNode.text, nameNode, parameter, owner, 'local');
      this.bindType(nameNode.text, index);
      const bound = parameter.namedChildren.find((c) => c.type === 'type_bound');
      if (bound?.namedChild(0)) this.declarations[index]!.valueType = typeExpr(this, bound.namedChild(0)!);
    }
  }

  private recordComponents(node: Node, index: number): void {
    const list = node.childForFieldName('parameters');
    const savedFrom = this.from;
    this.pushScope();
    this.parameters(list, index);
    this.popScope();
    this.from = savedFrom;
    // Each component is a private field and a public accessor, both at the component's name.
    const params = this.declarations[index]!.params ?? [];
    let position = 0;
    for (const parameter of list?.namedChildren ?? []) {
      if (parameter.type !== 'formal_parameter' && parameter.type !== 'spread_parameter') continue;
      const param = params[position++];
      if (!param) continue;
      const nameNode = parameter.childForFieldName('name') ?? parameter.namedChildren.find((c) => c.type === 'variable_declarator')?.childForFieldName('name') ?? null;
      const typeNode = parameter.childForFieldName('type');
      const valueType = typeNode ? typeExpr(this, typeNode) : undefined;
      const field = this.addDeclaration('field', param.name, nameNode, parameter, index, 'member');
      this.declarations[field]!.isPrivate = true;
      const accessor = this.addDeclaration('method', param.name, nameNode, parameter, index, 'member');
      const method = this.declarations[accessor]!;
      method.exported = true;
      method.params = [];
      method.signature = collapse(`${typeNode?.text ?? ''} ${param.name}()`);
      if (valueType) { this.declarations[field]!.valueType = valueType; method.returnType = valueType; }
      const args = typeNode ? typeArgumentsOf(this, typeNode) : undefined;
      if (args) { this.declarations[field]!.typeArguments = args; method.typeArguments = args; }
    }
  }

  private enumConstant(node: Node, owner: number): void {
    const nameNode = node.childForFieldName('name');
    const index = this.addDeclaration('constant', nameNode?.text ?? '_', nameNode, node, owner, 'member');
    const declaration = this.declarations[index]!;
    declaration.isStatic = true;
    declaration.exported = this.declarations[owner]!.exported;
    declaration.valueType = { k: 'decl', decl: owner };
    this.attachDoc(node, declaration);
    this.visitAnnotations(node);
    const savedFrom = this.from;
    this.from = index;
    for (const argument of node.childForFieldName('arguments')?.namedChildren ?? []) valueOf(this, argument);
    const body = node.childForFieldName('body');
    if (body) this.anonymousClass(body, node, { k: 'decl', decl: owner });
    this.from = savedFrom;
  }

  /** `values()` and `valueOf(String)`, declared by javac at the enum's name. */
  private enumImplicitMembers(node: Node, index: number): void {
    const nameNode = node.childForFieldName('name');
    const enumType: ValueExpr = { k: 'decl', decl: index };
    const exported = this.declarations[index]!.exported;
    for (const [name, params, returnType] of [
      ['values', [], { k: 'array', element: enumType }],
      ['valueOf', [{ name: 'name', optional: false, hasDefault: false, variadic: false, typeText: 'String' }], enumType],
    ] as Array<[string, ParameterFact[], ValueExpr]>) {
      const method = this.addDeclaration('method', name, nameNode, nameNode ?? node, index, 'member');
      const declaration = this.declarations[method]!;
      declaration.range = declaration.selection;
      declaration.params = params;
      declaration.returnType = returnType;
      declaration.isStatic = true;
      declaration.exported = exported;
      declaration.signature = `static ${name}(${params.map((p) => `${p.typeText} ${p.name}`).join(', ')})`;
    }
  }

  /** Annotations in `node`'s modifiers become `decorate` references to their types. */
  visitAnnotations(node: Node): void {
    const modifiers = node.namedChildren.find((c) => c.type === 'modifiers');
    for (const annotation of modifiers?.namedChildren ?? []) {
      if (annotation.type !== 'annotation' && annotation.type !== 'marker_annotation') continue;
      const nameNode = annotation.childForFieldName('name');
      if (!nameNode) continue;
      const start = this.references.length;
      const target = typeExpr(this, nameNode);
      this.references.length = start;
      const last = nameNode.type === 'scoped_identifier' ? nameNode.childForFieldName('name') ?? nameNode : nameNode;
      this.addReference('decorate', last.text, target, last);
      for (const argument of annotation.childForFieldName('arguments')?.namedChildren ?? []) valueOf(this, argument);
    }
  }

  /** The Javadoc (or `//` lines) right above `node`, without comment markers. */
  attachDoc(node: Node, declaration: DeclarationFact): void {
    let previous = node.previousNamedSibling;
    if (!previous || (previous.type !== 'block_comment' && previous.type !== 'line_comment')) return;
    if (this.lines.rowOf(previous.endIndex) < this.lines.rowOf(node.startIndex) - 1) return;
    const lines: string[] = [];
    if (previous.type === 'block_comment') {
      if (!previous.text.startsWith('/**')) return;
      lines.push(...previous.text.replace(/^\/\*\*|\*\/$/g, '').split('\n').map((line) => line.replace(/^\s*\* ?/, '')));
    } else {
      while (previous && previous.type === 'line_comment') { lines.unshift(previous.text.replace(/^\/\/ ?/, '')); previous = previous.previousNamedSibling; }
    }
    const doc = lines.join('\n').trim();
    if (doc) declaration.doc = doc.slice(0, 2000);
  }

  /** Declares and walks a local class (its name is visible from its declaration on). */
  localClass(node: Node): void {
    this.classDeclaration(node, this.from, 'local', this.frames[this.frames.length - 1]!)();
  }
}

function isClassKind(kind: SymbolKind): boolean {
  return kind === 'class' || kind === 'interface' || kind === 'enum';
}

/** The text of a declaration's modifiers (empty when it has none). */
export function modifiersOf(node: Node): string {
  return node.namedChildren.find((child) => child.type === 'modifiers')?.text ?? '';
}

function textBefore(node: Node, body: Node | null): string {
  let text = body ? node.text.slice(0, body.startIndex - node.startIndex) : node.text;
  const modifiers = node.namedChildren.find((child) => child.type === 'modifiers');
  if (modifiers) text = text.slice(0, modifiers.startIndex - node.startIndex) + modifiers.text.replace(/@\w+(\.\w+)*(\([^)]*\))?\s*/g, '') + text.slice(modifiers.endIndex - node.startIndex);
  return text;
}

export function collapse(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > 200 ? `${collapsed.slice(0, 199)}…` : collapsed;
}
