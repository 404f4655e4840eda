/**
 * The syntax tier's table: one entry per language (specs-*.ts). Which extensions select a
 * language is core's SYNTAX_EXTENSIONS (language-of-path.ts asks core; packages/graph/src/
 * material.ts admits the same extensions as source).
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
