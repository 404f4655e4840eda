/**
 * One PEP 508 requirement ("name[extra] >=1.0, <2 ; python_version < '3.11'", or
 * "name @ https://..."): its normalized name and its specifier, extras and environment marker
 * dropped (the diff compares what is required, not where). Owns this line grammar only; it does
 * not evaluate markers.
 */
import { normalizeDependencyName } from './names.js';

export interface PythonRequirement {
  name: string;
  /** The version specifier without spaces ("*" when none), or "@ <url>" for a direct reference. */
  spec: string;
}

const REQUIREMENT = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*(.*)$/s;

export function parsePythonRequirement(text: string): PythonRequirement | null {
  const match = REQUIREMENT.exec(text);
  if (!match || match[1] === undefined) return null;
  const name = normalizeDependencyName('python', match[1]);
  const rest = (match[2] ?? '').trim();
  if (rest.startsWith('@')) {
    const url = rest.slice(1).split(/\s+;/)[0]?.trim() ?? '';
    return url === '' ? null : { name, spec: `@ ${url}` };
  }
  const specifier = (rest.split(';')[0] ?? '').trim().replace(/^\((.*)\)$/s, '$1').replace(/\s+/g, '');
  if (specifier !== '' && !/^(?:===|==|~=|!=|<=|>=|<|>)/.test(specifier)) return null;
  return { name, spec: specifier === '' ? '*' : specifier };
}
