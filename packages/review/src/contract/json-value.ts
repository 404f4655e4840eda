/**
 * Plain JSON values as a parsed (and dereferenced, so possibly cyclic) spec holds them: the
 * object guard, field readers that never throw, a cycle-safe deep equality, and a canonical text
 * of a value for sets of enum values. Owns value handling only.
 */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(value: JsonObject | undefined, key: string): JsonObject | undefined {
  const field = value?.[key];
  return isObject(field) ? field : undefined;
}

export function stringAt(value: JsonObject | undefined, key: string): string | undefined {
  const field = value?.[key];
  return typeof field === 'string' ? field : undefined;
}

export function numberAt(value: JsonObject | undefined, key: string): number | undefined {
  const field = value?.[key];
  return typeof field === 'number' && Number.isFinite(field) ? field : undefined;
}

export function arrayAt(value: JsonObject | undefined, key: string): unknown[] {
  const field = value?.[key];
  return Array.isArray(field) ? field : [];
}

export function isTrue(value: JsonObject | undefined, key: string): boolean {
  return value?.[key] === true;
}

/**
 * Deep equality of two JSON values that may hold cycles (a dereferenced circular $ref): a pair
 * already being compared counts as equal, so the comparison always ends.
 */
export function sameJson(a: unknown, b: unknown, inProgress = new Map<object, Set<object>>()): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const seen = inProgress.get(a);
  if (seen?.has(b)) return true;
  if (seen) seen.add(b);
  else inProgress.set(a, new Set([b]));
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameJson(item, b[index], inProgress));
  }
  const left = a as JsonObject;
  const right = b as JsonObject;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key], inProgress));
}

/** A canonical text of a (small, acyclic) value: object keys sorted, so equal values read equal. */
export function canonicalText(value: unknown, depth = 0): string {
  if (depth > 20) return '…';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalText(item, depth + 1)).join(',')}]`;
  if (isObject(value)) {
    const fields = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalText(value[key], depth + 1)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** A short human rendering of a value for messages: at most about 80 characters, however large. */
export function shown(value: unknown): string {
  if (value === undefined) return 'none';
  const budget = { left: 120 };
  const text = typeof value === 'string' ? JSON.stringify(value) : rendered(value, budget);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Canonical text cut off once the budget is spent (a dereferenced value may be huge or cyclic). */
function rendered(value: unknown, budget: { left: number }): string {
  if (budget.left <= 0) return '…';
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const item of value) {
      if (budget.left <= 0) break;
      parts.push(rendered(item, budget));
    }
    return `[${parts.join(',')}${parts.length < value.length ? ',…' : ''}]`;
  }
  if (isObject(value)) {
    const parts: string[] = [];
    const keys = Object.keys(value).sort();
    for (const key of keys) {
      if (budget.left <= 0) break;
      budget.left -= key.length + 3;
      parts.push(`${JSON.stringify(key)}:${rendered(value[key], budget)}`);
    }
    return `{${parts.join(',')}${parts.length < keys.length ? ',…' : ''}}`;
  }
  const text = JSON.stringify(value) ?? 'undefined';
  budget.left -= text.length;
  return text;
}
