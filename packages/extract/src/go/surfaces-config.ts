/**
 * Go configuration keys (issue 17): `os.Getenv("X")`, `os.LookupEnv("X")`, viper's package
 * functions (`viper.GetString("a.b")` and every other `Get*`, `IsSet`) and `viper.SetDefault("k",
 * v)` (access `viper.SetDefault`, the default's source text kept), and the same methods of a
 * `*viper.Viper` the file makes (`viper.New()`) or declares (a parameter, a variable). A key
 * known only in part (`"APP_" + name`, `fmt.Sprintf("%s_URL", svc)`) is partial; one with no
 * known part is not a fact. Owns these forms.
 */
import type { GoNode } from './lite.js';
import type { GoWalker } from './walker.js';
import type { SurfaceFact, ValueExpr } from '@repograph/core';
import type { GoSurfaces } from './surfaces.js';
import { fileConstants, keyOf, sourceOf } from './surfaces-text.js';

const VIPER = 'github.com/spf13/viper';
/** Packages whose functions configCall reads. */
export const CONFIG_PACKAGES = new Set(['os', VIPER]);
const VIPER_READS = /^(?:Get(?:String|Int|Int32|Int64|Uint|Uint16|Uint32|Uint64|Float64|Bool|Duration|Time|StringSlice|IntSlice|StringMap|StringMapString|StringMapStringSlice|SizeInBytes)?|IsSet|SetDefault)$/;

/** A configuration read; true when the call was one. */
export function configCall(walker: GoWalker, s: GoSurfaces, callee: ValueExpr, name: string, args: GoNode[]): boolean {
  if (callee.k !== 'member' || args.length === 0) return false;
  let access: string;
  let framework: string;
  if (callee.object.k === 'import') {
    const specifier = walker.imports[callee.object.imp]?.specifier;
    if (specifier === 'os' && (name === 'Getenv' || name === 'LookupEnv')) { access = `os.${name}`; framework = 'env'; }
    else if (specifier === VIPER && VIPER_READS.test(name)) { access = `viper.${name}`; framework = 'viper'; }
    else return false;
  } else if (VIPER_READS.test(name) && s.viper.size > 0 && isViperInstance(walker, s, callee.object)) {
    access = `viper.${name}`;
    framework = 'viper';
  } else {
    return false;
  }
  // A key held in a string constant of the file (`GetString(defaultAliasEnv)`) is read through it.
  const key = keyOf(args[0], '*', fileConstants(walker));
  if (key === null || key.text === '') return true;
  const position = walker.lines.position(args[0]!.startIndex);
  const fact = { kind: 'config', key: key.text, framework, access } as SurfaceFact;
  if (name === 'SetDefault' && args[1] !== undefined) fact.default = sourceOf(args[1]);
  if (key.partial) fact.partial = true;
  fact.from = walker.from;
  fact.line = position.line;
  fact.column = position.column;
  s.surfaces.push(fact);
  return true;
}

/** A `*viper.Viper`: a variable made by `viper.New()`, or one declared with that type. */
function isViperInstance(walker: GoWalker, s: GoSurfaces, object: ValueExpr): boolean {
  if (object.k !== 'decl') return false;
  const declaration = walker.declarations[object.decl];
  if (declaration === undefined) return false;
  const isViper = (e: ValueExpr | undefined, member: string): boolean =>
    e?.k === 'member' && e.name === member && e.object.k === 'import' && s.viper.has(e.object.imp);
  const init = declaration.init;
  return (init?.k === 'call' && isViper(init.callee, 'New')) || isViper(declaration.valueType, 'Viper');
}
