// Small statistics over timing samples: median and nearest-rank percentiles, plus a seeded
// random generator so that sampled query names are the same on every run.

/** The median of a list of numbers (the mean of the two middle values for an even count). */
export function median(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The nearest-rank percentile p (0..100) of a list of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

/** A deterministic random generator (mulberry32): returns floats in [0, 1). */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rounds to a number of decimals (for JSON figures that humans read). */
export function round(value, decimals = 2) {
  if (value == null || !Number.isFinite(value)) return value;
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/** A robust standard deviation of run-to-run noise: 1.4826 x the median absolute deviation. */
export function robustSigma(values) {
  if (values.length === 0) return null;
  const m = median(values);
  return 1.4826 * median(values.map((v) => Math.abs(v - m)));
}
