/**
 * yarn.lock, both formats, told apart by berry's top-level `__metadata` key:
 *   - v1 (classic) through @yarnpkg/lockfile: keys "name@range" (an alias "alias@npm:real@1"
 *     is named by its alias, the name code imports), each with its `version`. It does not say
 *     which are direct: the package.json beside it does. Two inputs are refused before the
 *     parser sees them, because they send its tokenizer into a loop that grows a string until V8
 *     gives up (seconds and about a gigabyte): a quoted string left open on its line, and merge
 *     conflict markers (its conflict path is also quadratic in the line count). A comment on the
 *     last line, its other loop, is defused by ending the text with a newline.
 *   - berry (v2+) is YAML: each entry's `resolution` "name@npm:1.2.3" names it, `version` is its
 *     version; workspace entries ("name@workspace:.") are the project and declare the direct
 *     dependencies; link and portal entries (version 0.0.0-use.local) are not packages.
 * Owns this reading only.
 */
import type YarnLockfile from '@yarnpkg/lockfile';
import { yarnLockfileLibrary } from '../libraries.js';
import { addDirect, addResolved, emptyReading, type ReadOutcome } from './model.js';
import { isRecord, messageOf, recordAt, stringAt } from './records.js';
import { parseYamlLockfile } from './yaml-text.js';

/** True when the text is a yarn berry lockfile (YAML with `__metadata`). */
export function isYarnBerryLock(text: string): boolean {
  return /^["']?__metadata["']?:/m.test(text);
}

/** The name before the version part of "name@range" or "@scope/name@range". */
function nameBeforeAt(descriptor: string): string | null {
  const at = descriptor.indexOf('@', 1);
  return at > 0 ? descriptor.slice(0, at) : null;
}

/** A string in a valid lockfile closes on its line; `#` starts a comment outside strings. */
const BALANCED_LINE = /^(?:[^"#]|"(?:[^"\\\n]|\\.)*")*(?:#.*)?$/;

/** Why the classic parser must not see this text, or null. */
function classicHazard(text: string): string | null {
  if (/^<<<<<<< /m.test(text) || /^>>>>>>> /m.test(text)) {
    return 'has merge conflict markers; resolve the conflict (run `yarn install`) and commit the result';
  }
  let line = 1;
  let nextQuote = text.indexOf('"');
  for (let start = 0; start < text.length && nextQuote >= 0; line++) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    if (nextQuote < start) nextQuote = text.indexOf('"', start);
    if (nextQuote >= start && nextQuote < end && !BALANCED_LINE.test(text.slice(start, end).replace(/\r$/, ''))) {
      return `is not a valid yarn v1 lockfile (a quoted string is not closed on line ${line})`;
    }
    start = end + 1;
  }
  return null;
}

function readClassic(text: string): ReadOutcome {
  const hazard = classicHazard(text);
  if (hazard !== null) return { ok: false, message: hazard };
  let parsed: ReturnType<typeof YarnLockfile.parse>;
  try {
    parsed = yarnLockfileLibrary().parse(text.endsWith('\n') ? text : `${text}\n`);
  } catch (error) {
    return { ok: false, message: `is not a valid yarn v1 lockfile (${messageOf(error)})` };
  }
  if (parsed.type === 'conflict') {
    return { ok: false, message: 'has unresolved merge conflicts; run `yarn install` to regenerate it' };
  }
  const reading = emptyReading('npm');
  if (parsed.type === 'merge') reading.diagnostics.push('had merge conflict markers that yarn could merge; read the merged result');
  for (const [key, entry] of Object.entries(parsed.object)) {
    const name = nameBeforeAt(key.trim());
    if (name !== null && typeof entry.version === 'string') addResolved(reading, name, entry.version);
  }
  return { ok: true, reading };
}

function readBerry(text: string): ReadOutcome {
  const parsed = parseYamlLockfile(text);
  if (!parsed.ok) return parsed;
  if (!isRecord(parsed.value)) return { ok: false, message: 'is not a YAML mapping' };
  const reading = emptyReading('npm');
  for (const [key, entry] of Object.entries(parsed.value)) {
    if (key === '__metadata' || !isRecord(entry)) continue;
    const resolution = stringAt(entry, 'resolution') ?? key.split(',')[0]?.trim() ?? '';
    if (resolution.includes('@workspace:')) {
      for (const section of ['dependencies', 'devDependencies', 'optionalDependencies'] as const) {
        for (const [name, spec] of Object.entries(recordAt(entry, section) ?? {})) {
          addDirect(reading, name, typeof spec === 'string' ? spec : '*');
        }
      }
      continue;
    }
    const name = nameBeforeAt(resolution);
    const version = stringAt(entry, 'version');
    if (name === null || version === undefined || version.startsWith('0.0.0-use.local')) continue;
    addResolved(reading, name, version);
  }
  return { ok: true, reading };
}

export function readYarnLock(text: string): ReadOutcome {
  return isYarnBerryLock(text) ? readBerry(text) : readClassic(text);
}
