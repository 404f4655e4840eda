/**
 * package-lock.json (and npm-shrinkwrap's format), every lockfileVersion:
 *   - v2 and v3: the `packages` map, keyed by install path ("node_modules/a/node_modules/b"); a
 *     package's name is the key's last node_modules segment (its install name, which is what
 *     code imports, an alias included). The root ("") and workspace folders (keys without
 *     node_modules) declare the direct dependencies; links and the workspaces themselves are not
 *     dependencies.
 *   - v1: the nested `dependencies` tree, walked without recursion; an alias's version
 *     "npm:real@1.2.3" reads as 1.2.3. A v1 lockfile does not say which are direct: the
 *     package.json beside it does.
 * Owns this reading only.
 */
import { addResolved, emptyReading, type DependencyReading, type ReadOutcome } from './model.js';
import { addDeclaredSections } from './npm-manifest.js';
import { isRecord, parseJsonObject, recordAt, stringAt, type UnknownRecord } from './records.js';

const NODE_MODULES = 'node_modules/';

function readPackagesMap(reading: DependencyReading, packages: UnknownRecord): void {
  for (const [key, entry] of Object.entries(packages)) {
    if (!isRecord(entry)) continue;
    const at = key.lastIndexOf(NODE_MODULES);
    if (at < 0) {
      addDeclaredSections(reading, entry);
      continue;
    }
    if (entry['link'] === true) continue;
    const name = key.slice(at + NODE_MODULES.length);
    const version = stringAt(entry, 'version');
    if (name !== '' && version !== undefined) addResolved(reading, name, version);
  }
}

function versionOfV1(version: string): string {
  if (!version.startsWith('npm:')) return version;
  return version.slice(version.lastIndexOf('@') + 1);
}

function readDependencyTree(reading: DependencyReading, root: UnknownRecord): void {
  const pending: UnknownRecord[] = [root];
  for (let tree = pending.pop(); tree !== undefined; tree = pending.pop()) {
    for (const [name, entry] of Object.entries(tree)) {
      const version = stringAt(entry, 'version');
      if (version !== undefined) addResolved(reading, name, versionOfV1(version));
      const nested = recordAt(entry, 'dependencies');
      if (nested) pending.push(nested);
    }
  }
}

export function readPackageLock(text: string): ReadOutcome {
  const json = parseJsonObject(text);
  if (!json.ok) return json;
  const parsed = json.value;
  const reading = emptyReading('npm');
  const packages = recordAt(parsed, 'packages');
  const tree = recordAt(parsed, 'dependencies');
  if (packages) readPackagesMap(reading, packages);
  else if (tree) readDependencyTree(reading, tree);
  else if (Object.keys(parsed).some((key) => key !== 'name' && key !== 'version' && key !== 'lockfileVersion' && key !== 'requires')) {
    reading.diagnostics.push('has neither `packages` (lockfileVersion 2, 3) nor `dependencies` (1); read as empty');
  }
  return { ok: true, reading };
}
