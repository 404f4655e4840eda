/**
 * The Python binder's entry: builds module resolution over the family's files and the tree's
 * pyproject.toml/setup.cfg manifests, and the PythonBinder over them. Owns the wiring only.
 */
import type { FileUnit } from '../program.js';
import type { ManifestText } from '../manifests.js';
import type { LanguageBinder } from '../language-binder.js';
import { PythonModules } from './modules.js';
import { PythonBinder } from './binder.js';

/**
 * The binder of the Python files of one tree; `changed` (the paths that came, went or changed
 * since the last binder, when files came or went) lets it say whose imports may move.
 */
export function createPythonBinder(units: FileUnit[], manifests: ManifestText[], changed?: readonly string[]): LanguageBinder {
  const pythonManifests = manifests.filter((m) => /(^|\/)(pyproject\.toml|setup\.cfg)$/.test(m.path));
  const modules = new PythonModules(new Set(units.map((unit) => unit.path)), pythonManifests);
  return new PythonBinder(units, modules, changed);
}
