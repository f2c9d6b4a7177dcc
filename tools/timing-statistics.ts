// Robust comparisons of two sets of latencies taken in interleaved rounds: on a shared machine the
// noise is heavy-tailed and drifts, so the figures are medians and trimmed means of the per-round
// differences (the drift cancels within a round), never a raw p-value alone.

export interface Comparison {
  /** Rounds compared. */
  n: number;
  /** Median of the per-round differences a − b, with its 95% interval (sign-test order statistics). */
  medianDifference: number;
  medianInterval: [number, number];
  /** 20%-trimmed mean of the per-round differences, with its 95% interval (Tukey–McLaughlin). */
  trimmedDifference: number;
  trimmedInterval: [number, number];
  /** Yuen's (Welch on 20%-trimmed samples) statistic for the two unpaired samples. */
  yuenT: number;
  /** Mann–Whitney U as a z score (normal approximation): > 0 when a tends to be slower. */
  mannWhitneyZ: number;
}

const sorted = (values: readonly number[]) => Float64Array.from(values).sort();

export function median(values: readonly number[]): number {
  const s = sorted(values);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The mean of the middle values, `trim` cut from each end, and the winsorized variance beside it. */
function trimmed(values: readonly number[], trim: number): { mean: number; winsorizedVariance: number; kept: number } {
  const s = sorted(values);
  const g = Math.floor(trim * s.length);
  let sum = 0;
  for (let i = g; i < s.length - g; i += 1) sum += s[i];
  const kept = s.length - 2 * g;
  const low = s[g];
  const high = s[s.length - 1 - g];
  let wSum = 0;
  for (const v of s) wSum += Math.min(high, Math.max(low, v));
  const wMean = wSum / s.length;
  let wSq = 0;
  for (const v of s) wSq += (Math.min(high, Math.max(low, v)) - wMean) ** 2;
  return { mean: sum / kept, winsorizedVariance: wSq / (s.length - 1), kept };
}

export function trimmedMean(values: readonly number[], trim = 0.2): number {
  return trimmed(values, trim).mean;
}

function mannWhitneyZ(a: readonly number[], b: readonly number[]): number {
  const all = [...a.map((v) => ({ v, fromA: true })), ...b.map((v) => ({ v, fromA: false }))].sort((x, y) => x.v - y.v);
  let rankSumA = 0;
  let tieTerm = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1].v === all[i].v) j += 1;
    const rank = (i + j) / 2 + 1;
    const t = j - i + 1;
    tieTerm += t ** 3 - t;
    for (let k = i; k <= j; k += 1) if (all[k].fromA) rankSumA += rank;
    i = j + 1;
  }
  const n1 = a.length;
  const n2 = b.length;
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  return (u - (n1 * n2) / 2) / Math.sqrt(variance);
}

/** a[i] and b[i] must come from the same round. */
export function compare(a: readonly number[], b: readonly number[], trim = 0.2): Comparison {
  if (a.length !== b.length || a.length < 20) throw new Error('compare needs two samples of the same length, at least 20');
  const n = a.length;
  const differences = a.map((value, i) => value - b[i]);
  const ordered = sorted(differences);
  // Order statistics whose ranks bound the median with 95% confidence (binomial, normal approximation).
  const k = Math.max(0, Math.floor(n / 2 - 0.98 * Math.sqrt(n)));
  const paired = trimmed(differences, trim);
  const pairedHalfWidth = (1.96 * Math.sqrt(paired.winsorizedVariance)) / ((1 - 2 * trim) * Math.sqrt(n));
  const ta = trimmed(a, trim);
  const tb = trimmed(b, trim);
  const d = (x: typeof ta) => ((n - 1) * x.winsorizedVariance) / (x.kept * (x.kept - 1));
  return {
    n,
    medianDifference: median(differences),
    medianInterval: [ordered[k], ordered[n - 1 - k]],
    trimmedDifference: paired.mean,
    trimmedInterval: [paired.mean - pairedHalfWidth, paired.mean + pairedHalfWidth],
    yuenT: (ta.mean - tb.mean) / Math.sqrt(d(ta) + d(tb)),
    mannWhitneyZ: mannWhitneyZ(a, b),
  };
}

/**
 * The two kinds cannot be told apart by more than `bound`: both 95% intervals lie within ±bound.
 * An interval wider than the bound (too few rounds for the noise) fails too, rather than passing
 * for want of evidence.
 */
export function withinBound(comparison: Comparison, bound: number): boolean {
  const inside = ([low, high]: [number, number]) => low >= -bound && high <= bound;
  return inside(comparison.medianInterval) && inside(comparison.trimmedInterval);
}
