/**
 * Arity findings: call sites whose argument count does not fit the callee's parameters. Owns
 * which sites are checked (every call into a symbol whose parameters changed, including calls
 * into a class whose constructor changed, appeared or vanished, and every call sited in an edited
 * file) and how a callee is resolved (a class through its constructor). The counting itself is
 * arity-verdict.ts. Only non-OK verdicts are reported, each site once, sorted by site. Java
 * judges a call against every overload of its name (judgeJava).
 */
import type { CallArguments, Definition, GraphSide, SiteRelation } from '@repograph/engine';
import type { RelationKind } from '@repograph/core';
import type { DeltaContext } from './context.js';
import type { ArityFinding, ArityVerdict } from './shapes.js';
import { judgeArguments } from './arity-verdict.js';
import { compareText, hasRepeatSuffix, isClassKind, isFunctionKind, pathOfId } from './symbol-facts.js';

const CALL_KINDS: ReadonlySet<RelationKind> = new Set<RelationKind>(['calls', 'instantiates']);
const CONSTRUCTOR_NAMES: ReadonlySet<string> = new Set(['constructor', '__init__']);

/**
 * The arity findings of a change. `parametersChanged` are ids on both sides whose parameters
 * differ; `appeared` and `vanished` are the ids added and removed (a constructor among them
 * changes how its class is called).
 */
export function findArityIssues(
  context: DeltaContext, parametersChanged: string[], appeared: string[], vanished: string[],
): ArityFinding[] {
  const after = context.input.after;
  const callees = new Set<string>();
  for (const id of parametersChanged) callees.add(id);
  const constructorIds = [...parametersChanged, ...appeared, ...vanished];
  for (const id of constructorIds) {
    const definition = context.afterDefinitions.get(id) ?? context.beforeDefinitions.get(id);
    const symbol = definition?.symbol;
    const isConstructor = CONSTRUCTOR_NAMES.has(symbol?.name ?? '') || (definition?.language === 'java' && symbol?.kind === 'constructor');
    if (symbol === undefined || !isConstructor || symbol.container === undefined) continue;
    const container = after.definition(symbol.container);
    if (container !== undefined && isClassKind(container.symbol.kind)) callees.add(symbol.container);
  }

  const sites = new Map<string, SiteRelation>();
  const consider = (site: SiteRelation): void => {
    const relation = site.relation;
    if (!CALL_KINDS.has(relation.kind) || relation.to === null || site.args === undefined) return;
    const key = `${relation.site.path}\0${relation.site.line}\0${relation.site.column}`;
    const known = sites.get(key);
    if (known === undefined || compareText(relation.to, known.relation.to!) < 0) sites.set(key, site);
  };
  for (const id of [...callees].sort(compareText)) {
    if (after.definition(id) === undefined) continue;
    for (const site of after.relationsInto(id)) if (site.relation.to === id) consider(site);
  }
  for (const path of context.editedFiles) for (const site of context.relationsAfter(path)) consider(site);

  const findings: ArityFinding[] = [];
  const languageOf = callerLanguage(after);
  for (const site of sites.values()) {
    const relation = site.relation;
    const callerLanguageAt = languageOf(relation.from, relation.site.path);
    const target = after.definition(relation.to!);
    const judged = target?.language === 'java'
      ? judgeJava(after, target, site.args!, callerLanguageAt)
      : judgeResolved(after, relation.to!, site.args!, callerLanguageAt);
    if (judged === undefined) continue;
    findings.push({ site: { ...relation.site }, callee: judged.id, verdict: judged.verdict });
  }
  return findings.sort((a, b) =>
    compareText(a.site.path, b.site.path) || a.site.line - b.site.line || a.site.column - b.site.column || compareText(a.callee, b.callee));
}

/** The verdict on a call into `to` (TypeScript, Python, Go) and the callee it is against. */
function judgeResolved(after: GraphSide, to: string, args: CallArguments, callerLanguage: string | undefined): { id: string; verdict: ArityVerdict } | undefined {
  const resolved = resolveCallee(after, to);
  if (resolved === undefined) return undefined;
  const verdict = judgeArguments({ callee: resolved.definition, parameters: resolved.parameters, viaClass: resolved.viaClass, args, callerLanguage });
  return verdict === undefined ? undefined : { id: resolved.id, verdict };
}

/**
 * Java: a call fits when any overload of its name accepts its arity (a varargs method any count
 * from its fixed parameters on), so one overload gaining a parameter while another keeps the old
 * arity is no finding. The overloads are the same-named methods of the callee's class (ids
 * `C.m`, `C.m~2`, ...; the binder links a call that fits none only when no supertype in the tree
 * declares one either); `new C(...)` is judged against C's constructors (`C.C`, `C.C~2`, ...), a
 * record's canonical one (its components) or, where C declares none, the default constructor.
 * The verdict reported is the one against the call's own target.
 */
function judgeJava(after: GraphSide, target: Definition, args: CallArguments, callerLanguage: string | undefined): { id: string; verdict: ArityVerdict } | undefined {
  let candidates: Array<{ definition: Definition; parameters: Definition['symbol']['params'] }>;
  let viaClass = false;
  if (isClassKind(target.symbol.kind)) {
    viaClass = true;
    const constructors = overloadsOf(after, `${target.symbol.id}.${target.symbol.name}`).filter((d) => d.symbol.kind === 'constructor');
    const isRecord = /(^|\s)record\s/.test(target.symbol.signature ?? '');
    candidates = constructors.map((definition) => ({ definition, parameters: definition.symbol.params }));
    if (isRecord && target.symbol.params !== undefined && !constructors.some((c) => sameArity(c.symbol.params, target.symbol.params))) {
      candidates.push({ definition: target, parameters: target.symbol.params });
    }
    if (constructors.length === 0 && !isRecord) candidates.push({ definition: target, parameters: [] });
  } else {
    if (!isFunctionKind(target.symbol.kind)) return undefined;
    candidates = overloadsOf(after, target.symbol.id).filter((d) => d.symbol.kind === target.symbol.kind)
      .map((definition) => ({ definition, parameters: definition.symbol.params }));
  }
  if (candidates.length === 0 || candidates.some((candidate) => candidate.parameters === undefined)) return undefined;
  let own: ArityVerdict | undefined;
  for (const candidate of candidates) {
    const verdict = judgeArguments({ callee: candidate.definition, parameters: candidate.parameters, viaClass, args, callerLanguage });
    if (verdict === undefined || verdict === 'unknown') return undefined;
    if (candidate.definition.symbol.id === target.symbol.id || own === undefined) own = verdict;
  }
  if (own === undefined) return undefined;
  // Against a class, the finding names the constructor when there is just one.
  const id = viaClass && candidates.length === 1 ? candidates[0]!.definition.symbol.id : target.symbol.id;
  return { id, verdict: own };
}

/** The definitions sharing `id`'s name in its container: `id` without its `~n` and every `~n`. */
function overloadsOf(after: GraphSide, id: string): Definition[] {
  const base = id.replace(/~\d+$/, '');
  const found: Definition[] = [];
  const first = after.definition(base);
  if (first !== undefined) found.push(first);
  for (let n = 2; ; n++) {
    const next = after.definition(`${base}~${n}`);
    if (next === undefined) break;
    found.push(next);
  }
  return found;
}

function sameArity(a: Definition['symbol']['params'], b: Definition['symbol']['params']): boolean {
  return (a?.length ?? -1) === (b?.length ?? -1);
}

/** The definition whose parameters a call into `to` must fit. */
interface ResolvedCallee {
  id: string;
  definition: Definition;
  /** The parameters that apply; undefined when the callee declares none that analysis can see. */
  parameters: Definition['symbol']['params'];
  /** The call constructs a class (its constructor's parameters apply). */
  viaClass: boolean;
}

/**
 * Resolves a call's target: a class through its constructor (`C.constructor`, Python
 * `C.__init__`); a class without one takes no arguments unless it may inherit a constructor
 * (it extends something, or analysis cannot tell). Overloaded callees, Go composite literals and
 * non-callable kinds resolve to nothing (no finding).
 */
function resolveCallee(after: GraphSide, to: string): ResolvedCallee | undefined {
  const target = after.definition(to);
  if (target === undefined || hasOverloads(after, to)) return undefined;
  if (isClassKind(target.symbol.kind)) {
    if (target.language === 'go') return undefined;
    const constructorId = `${to}.${target.language === 'python' ? '__init__' : 'constructor'}`;
    const constructor = after.definition(constructorId);
    if (constructor !== undefined) {
      if (hasOverloads(after, constructorId)) return undefined;
      return { id: constructorId, definition: constructor, parameters: constructor.symbol.params, viaClass: true };
    }
    if (mayInheritConstructor(after, target)) return undefined;
    return { id: to, definition: target, parameters: [], viaClass: true };
  }
  if (target.symbol.params === undefined && !isFunctionKind(target.symbol.kind)) return undefined;
  return { id: to, definition: target, parameters: target.symbol.params, viaClass: false };
}

/** True when a TS overload (or a repeated definition) shares the callee's name. */
function hasOverloads(after: GraphSide, id: string): boolean {
  return hasRepeatSuffix(id) || after.definition(`${id}~2`) !== undefined;
}

/**
 * True when a class without its own constructor may take arguments anyway: it extends something
 * (its signature says so, or there is no signature to tell), or, in Python, it declares class
 * attributes (a dataclass or attrs class generates `__init__` from them) or a `__new__`.
 */
function mayInheritConstructor(after: GraphSide, target: Definition): boolean {
  const signature = target.symbol.signature;
  if (signature === undefined) return true;
  if (target.language === 'python') {
    if (!/^class\s+[\w]+\s*(\(\s*\))?\s*:?\s*$/.test(signature)) return true;
    if (after.definition(`${target.symbol.id}.__new__`) !== undefined) return true;
    return after.definitions(target.symbol.path).some((member) =>
      member.symbol.container === target.symbol.id && ['property', 'field', 'variable', 'constant'].includes(member.symbol.kind));
  }
  return /\bextends\b/.test(signature);
}

/** The language of the code at a call site: the caller's definition, else its file's. */
function callerLanguage(after: GraphSide): (from: string, path: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (from, path) => {
    const key = `${from}\0${path}`;
    if (cache.has(key)) return cache.get(key);
    const language = after.definition(from)?.language ?? after.definition(path)?.language ?? after.definition(pathOfId(from))?.language;
    cache.set(key, language);
    return language;
  };
}
