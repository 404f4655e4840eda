/**
 * The verdict on one call's argument count against one callee's parameters. Owns the counting
 * rules of each language:
 *   - too_many: more positional arguments than the callee has positional parameters; a variadic
 *     callee never gets it; keyword-only parameters and `**kwargs` take no positionals; a keyword
 *     argument naming a positional parameter counts once, as that parameter. A spread makes the
 *     count inexact, so it never yields too_many.
 *   - too_few: a required parameter (not optional, no default, not variadic) left unfilled;
 *     Python's keyword-only ones must be given by keyword. Asserted for Python, TypeScript/TSX and
 *     Go and Java; never when the caller or the callee is plain JavaScript (omitting arguments is
 *     legal). Java calls are judged against every overload of the name (arity.ts).
 *   - possibly_missing: too few, but a spread could fill them, or a Go call with exactly one
 *     argument (it may be a multi-value call `f(g())`).
 *   - unknown: a function, method or constructor whose parameters are not known.
 * Python specifics: the bound `self`/`cls` is already absent from a method's parameters (the
 * extractor drops it; a static method keeps its first parameter, whatever its name), so one
 * positional too many into a Python method is not asserted: it may be an unbound call
 * `Base.method(self, x)` that passes self explicitly. A decorated Python callee is never too_few
 * (a decorator such as `@click.command()` may supply its arguments).
 */
import type { ParameterFact } from '@repograph/core';
import type { CallArguments, Definition } from '@repograph/engine';
import type { ArityVerdict } from './shapes.js';
import { isFunctionKind } from './symbol-facts.js';

/** One call, resolved. */
export interface ArityQuestion {
  /** The definition whose parameters apply (a class's constructor, or the class itself). */
  callee: Definition;
  parameters: ParameterFact[] | undefined;
  /** The call constructs a class. */
  viaClass: boolean;
  args: CallArguments;
  /** The language at the call site, when known. */
  callerLanguage: string | undefined;
}

/** The non-OK verdict for one call, or undefined when the arguments fit (or nothing is sure). */
export function judgeArguments(question: ArityQuestion): ArityVerdict | undefined {
  const { callee, parameters, viaClass, args, callerLanguage } = question;
  if (parameters === undefined) return isFunctionKind(callee.symbol.kind) ? 'unknown' : undefined;
  const language = callee.language;
  const positional = parameters.filter((parameter) => !parameter.keywordOnly && !parameter.variadic && !parameter.keywordVariadic);
  const variadic = parameters.some((parameter) => parameter.variadic);
  const keywords = new Set(args.keywords);
  const byKeyword = (parameter: ParameterFact): boolean => !parameter.positionalOnly && keywords.has(parameter.name);

  const namedPositionals = positional.filter(byKeyword).length;
  const supplied = args.positional + namedPositionals;
  if (!args.spread && !variadic && supplied > positional.length) {
    const explicitSelf = language === 'python' && !viaClass && callee.symbol.kind === 'method' && supplied === positional.length + 1;
    return explicitSelf ? undefined : 'too_many';
  }

  let missing = 0;
  positional.forEach((parameter, index) => {
    if (index >= args.positional && isRequired(parameter) && !byKeyword(parameter)) missing++;
  });
  for (const parameter of parameters) {
    if (parameter.keywordOnly && isRequired(parameter) && !keywords.has(parameter.name)) missing++;
  }
  if (missing === 0) return undefined;
  if (args.spread) return 'possibly_missing';
  if (language === 'javascript' || callerLanguage === 'javascript') return undefined;
  if (language === 'go' && args.positional === 1 && positional.length > 1) return 'possibly_missing';
  if (language === 'python' && isDecorated(callee)) return undefined;
  return 'too_few';
}

function isRequired(parameter: ParameterFact): boolean {
  return !parameter.optional && !parameter.hasDefault && !parameter.variadic && !parameter.keywordVariadic;
}

/** A Python definition whose range starts above its name: decorators precede it. */
function isDecorated(definition: Definition): boolean {
  return definition.symbol.range.start.line < definition.symbol.selection.start.line;
}
