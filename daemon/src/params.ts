/**
 * Validation of request parameters at the daemon's boundary: each reader names the offending
 * field in an InvalidParams error (`data.field`), so a client learns exactly what to fix.
 * Owns these checks only; meaning is the handlers'.
 */
import { RepographError } from '@repograph/core';

export type Params = Record<string, unknown>;

/** The params object (absent params read as `{}`); anything else is refused. */
export function paramsObject(params: unknown): Params {
  if (params === undefined || params === null) return {};
  if (typeof params !== 'object' || Array.isArray(params)) {
    throw invalid('params', 'params must be a JSON object (named parameters).');
  }
  return params as Params;
}

export function invalid(field: string, message: string): RepographError {
  return new RepographError('InvalidParams', `${field}: ${message}`, { field });
}

/** The longest string a parameter may be unless the method says otherwise (ids, names, refs...). */
export const MAX_STRING_PARAM = 64 * 1024;

/** The longest commit-ish accepted (a ref name is far shorter; the bound keeps git's argv small). */
export const MAX_REVISION_PARAM = 1024;

export function requiredString(params: Params, field: string, maxLength = MAX_STRING_PARAM): string {
  const value = params[field];
  if (typeof value !== 'string' || value === '') throw invalid(field, 'a non-empty string is required.');
  return bounded(value, field, maxLength);
}

export function optionalString(params: Params, field: string, maxLength = MAX_STRING_PARAM): string | undefined {
  const value = params[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value === '') throw invalid(field, 'must be a non-empty string when given.');
  return bounded(value, field, maxLength);
}

/** A commit-ish parameter (`base`, `commit`, `baseCommit`): a string of at most MAX_REVISION_PARAM characters. */
export function optionalRevision(params: Params, field: string): string | undefined {
  return optionalString(params, field, MAX_REVISION_PARAM);
}

function bounded(value: string, field: string, maxLength: number): string {
  if (value.length > maxLength) throw invalid(field, `is ${value.length} characters long; at most ${maxLength} are accepted.`);
  return value;
}

export function optionalInteger(params: Params, field: string, min: number, max: number): number | undefined {
  const value = params[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(field, `must be an integer from ${min} to ${max}.`);
  }
  return value;
}

export function requiredInteger(params: Params, field: string, min: number, max: number): number {
  const value = optionalInteger(params, field, min, max);
  if (value === undefined) throw invalid(field, `an integer from ${min} to ${max} is required.`);
  return value;
}

/** A string that must be one of `allowed` (InvalidParams listing them otherwise). */
export function requiredOneOf<T extends string>(params: Params, field: string, allowed: readonly T[]): T {
  const value = params[field];
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    const got = typeof value === 'string' ? `'${value.slice(0, 64)}' is not one of` : 'must be one of';
    throw invalid(field, `${got} ${allowed.join(', ')}.`);
  }
  return value as T;
}

export function optionalBoolean(params: Params, field: string): boolean | undefined {
  const value = params[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalid(field, 'must be true or false.');
  return value;
}

export function optionalStringArray(params: Params, field: string, allowed?: readonly string[]): string[] | undefined {
  const value = params[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw invalid(field, 'must be an array of strings.');
  if (allowed) {
    const bad = value.find((v) => !allowed.includes(v as string));
    if (bad !== undefined) throw invalid(field, `'${String(bad)}' is not one of ${allowed.join(', ')}.`);
  }
  return value as string[];
}

/** `{path: text | null}`: unsaved buffers to set, or (null) to drop. */
export function optionalContents(params: Params, field: string): Record<string, string | null> | undefined {
  const value = params[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(field, 'must be an object mapping paths to file text.');
  for (const [path, text] of Object.entries(value)) {
    if (text !== null && typeof text !== 'string') throw invalid(`${field}.${path}`, 'must be the file text (a string), or null to drop the buffer.');
  }
  return value as Record<string, string | null>;
}
