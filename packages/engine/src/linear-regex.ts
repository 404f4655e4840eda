/**
 * Client regular expressions that cannot freeze the process. A pattern is accepted only when
 * V8's linear-time engine can run it (no backreferences, no lookahead or lookbehind, no large
 * counted repetitions: compiling it with the `l` flag is the test); it then runs on the usual
 * backtracking engine, which is about thirty times faster on ordinary patterns, with V8's
 * fallback on: an execution that backtracks excessively is re-run by the linear engine, so
 * `(a|a)+$` over a long line of `a`s costs microseconds instead of doubling per character. Owns
 * the V8 flags and the pattern rules.
 */
import { setFlagsFromString } from 'node:v8';
import { RepographError } from '@repograph/core';

/** The longest pattern accepted (text or regular expression). */
export const MAX_PATTERN_LENGTH = 1024;

let enabled = false;

/** Turns V8's linear engine and its fallback on (once per process, before any client pattern). */
function enableLinearEngine(): void {
  if (enabled) return;
  setFlagsFromString('--enable-experimental-regexp-engine');
  setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
  enabled = true;
}

enableLinearEngine();

/** Compiles a client pattern that is guaranteed linear time; InvalidParams naming `field` otherwise. */
export function compileLinearRegex(pattern: string, field: string): RegExp {
  checkPatternLength(pattern, field);
  try {
    new RegExp(pattern, 'l');
  } catch (error) {
    const message = (error as Error).message;
    if (/linear time/i.test(message)) {
      throw new RepographError('InvalidParams',
        `\`${field}\` uses a construct that cannot run in linear time (a backreference, lookahead or lookbehind, or a large counted repetition); ` +
        'regular expressions run in linear time only: rewrite it without that construct, or search for plain text.', { field });
    }
    throw new RepographError('InvalidParams', `\`${field}\` is not a valid regular expression: ${message.replace(/^Invalid regular expression: /, '')}`, { field });
  }
  return new RegExp(pattern);
}

/** InvalidParams when a pattern is longer than the daemon accepts. */
export function checkPatternLength(pattern: string, field: string): void {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw new RepographError('InvalidParams', `\`${field}\` is ${pattern.length} characters long; patterns are at most ${MAX_PATTERN_LENGTH}.`, { field });
  }
}
