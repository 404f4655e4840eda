/**
 * Dependency names as each ecosystem compares them: npm names and Go module paths as written
 * (both are case-sensitive), Python distribution names per PEP 503 (lower-case, each run of
 * `-`, `_` and `.` made one `-`). Owns normalization only.
 */
import type { Ecosystem } from '../types.js';

export function normalizeDependencyName(ecosystem: Ecosystem, name: string): string {
  const trimmed = name.trim();
  return ecosystem === 'python' ? trimmed.toLowerCase().replace(/[-_.]+/g, '-') : trimmed;
}
