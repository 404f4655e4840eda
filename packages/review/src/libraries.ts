/**
 * The parsing libraries the review uses (yaml, smol-toml, fast-xml-parser, semver,
 * @yarnpkg/lockfile, @readme/openapi-parser, pngjs, pixelmatch), each loaded on first use: the
 * daemon imports this package when it starts, and loading them costs about 130 ms that a daemon
 * which never computes a review should not pay on every start. Owns the loading only; every
 * library is used through these accessors.
 */
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type * as SmolToml from 'smol-toml';
import type * as FastXmlParser from 'fast-xml-parser';
import type SemverModule from 'semver';
import type YarnLockfile from '@yarnpkg/lockfile';
import type * as OpenApiParser from '@readme/openapi-parser';
import type * as Pngjs from 'pngjs';
import type Pixelmatch from 'pixelmatch';

const load = createRequire(import.meta.url);

function lazy<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(name) as T);
}

export const yamlLibrary = lazy<typeof Yaml>('yaml');
export const tomlLibrary = lazy<typeof SmolToml>('smol-toml');
export const xmlLibrary = lazy<typeof FastXmlParser>('fast-xml-parser');
export const semverLibrary = lazy<typeof SemverModule>('semver');
export const yarnLockfileLibrary = lazy<typeof YarnLockfile>('@yarnpkg/lockfile');
/** @readme/openapi-parser ships a CommonJS build beside its ESM one, so require() loads it. */
export const openApiParserLibrary = lazy<typeof OpenApiParser>('@readme/openapi-parser');
export const pngLibrary = lazy<typeof Pngjs>('pngjs');

/** pixelmatch 8 is ESM-only, so it loads through a cached dynamic import instead of require. */
let pixelmatchLoading: Promise<typeof Pixelmatch> | undefined;
export function pixelmatchLibrary(): Promise<typeof Pixelmatch> {
  return (pixelmatchLoading ??= import('pixelmatch').then((module) => module.default));
}
