/**
 * The syntax tier's table: one entry per language (specs-*.ts), and the file extensions that
 * select them. Owns the dispatch by extension only; packages/graph/src/material.ts admits the
 * same extensions as source.
 */
import type { SyntaxLanguageId } from '@repograph/core';
import type { SyntaxSpec } from './spec.js';
import { C, CPP, RUST, ZIG } from './specs-systems.js';
import { CSHARP, DART, KOTLIN, SCALA, SWIFT } from './specs-managed.js';
import { BASH, LUA, PHP, R, RUBY } from './specs-scripting.js';

/** Every syntax-tier language's entry. */
export const SYNTAX_SPECS: Record<SyntaxLanguageId, SyntaxSpec> = {
  rust: RUST, csharp: CSHARP, ruby: RUBY, php: PHP, c: C, cpp: CPP, kotlin: KOTLIN, swift: SWIFT,
  dart: DART, zig: ZIG, lua: LUA, scala: SCALA, r: R, bash: BASH,
};

const BY_EXTENSION = new Map<string, SyntaxLanguageId>();
for (const spec of Object.values(SYNTAX_SPECS)) for (const extension of spec.extensions) BY_EXTENSION.set(extension, spec.language);

/** The syntax-tier language of a lower-case file extension (no dot), or null. */
export function syntaxLanguageOfExtension(extension: string): SyntaxLanguageId | null {
  return BY_EXTENSION.get(extension) ?? null;
}
