/**
 * Narrowing helpers for values that came out of JSON.parse, yaml or smol-toml: each reader walks
 * `unknown` through these instead of casting. Owns nothing else.
 */

export type UnknownRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function recordAt(value: unknown, key: string): UnknownRecord | undefined {
  if (!isRecord(value)) return undefined;
  const field = value[key];
  return isRecord(field) ? field : undefined;
}

export function stringAt(value: unknown, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const field = value[key];
  return typeof field === 'string' ? field : undefined;
}

export function arrayAt(value: unknown, key: string): unknown[] | undefined {
  if (!isRecord(value)) return undefined;
  const field = value[key];
  return Array.isArray(field) ? field : undefined;
}

/** The message of something thrown, for a diagnostic. */
export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const firstLine = text.split('\n')[0] ?? text;
  return firstLine.length > 200 ? `${firstLine.slice(0, 200)}...` : firstLine;
}

/** `text` parsed as a JSON object, or what is wrong with it (the file's reader reports it). */
export function parseJsonObject(text: string): { ok: true; value: UnknownRecord } | { ok: false; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `is not valid JSON (${messageOf(error)})` };
  }
  return isRecord(parsed) ? { ok: true, value: parsed } : { ok: false, message: 'is not a JSON object' };
}
