/**
 * L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least
 * squares): exact, deterministic, a few dozen features and tens of thousands of rows in seconds.
 */
export interface Fit {
  bias: number;
  weights: number[];
  iterations: number;
}

function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs(m[r]?.[c] ?? 0) > Math.abs(m[pivot]?.[c] ?? 0)) pivot = r;
    [m[c], m[pivot]] = [m[pivot] ?? [], m[c] ?? []];
    const row = m[c] ?? [];
    const d = row[c] ?? 1;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const other = m[r] ?? [];
      const factor = (other[c] ?? 0) / d;
      if (factor === 0) continue;
      for (let k = c; k <= n; k++) other[k] = (other[k] ?? 0) - factor * (row[k] ?? 0);
    }
  }
  return m.map((row, i) => (row[n] ?? 0) / (row[i] ?? 1));
}

/**
 * Fit y ~ sigmoid(bias + w·x) with a Gaussian prior on the weights: `l2 * |w - prior|^2 / 2`
 * (prior 0 when not given); the bias is not regularised.
 */
export function fitLogistic(
  rows: number[][],
  ys: boolean[],
  l2: number,
  prior: readonly number[] = [],
  positiveWeight = 1,
  maxIterations = 30,
): Fit {
  const d = (rows[0]?.length ?? 0) + 1;
  let w = new Array<number>(d).fill(0);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    rows.forEach((x, r) => {
      const xs = [1, ...x];
      let z = 0;
      for (let j = 0; j < d; j++) z += (w[j] ?? 0) * (xs[j] ?? 0);
      const p = 1 / (1 + Math.exp(-z));
      const weight = ys[r] ? positiveWeight : 1;
      const err = (p - (ys[r] ? 1 : 0)) * weight;
      const s = Math.max(p * (1 - p), 1e-9) * weight;
      for (let j = 0; j < d; j++) {
        const xj = xs[j] ?? 0;
        if (xj === 0) continue;
        grad[j] = (grad[j] ?? 0) + err * xj;
        const hj = hess[j] ?? [];
        for (let k = 0; k < d; k++) hj[k] = (hj[k] ?? 0) + s * xj * (xs[k] ?? 0);
      }
    });
    for (let j = 1; j < d; j++) {
      grad[j] = (grad[j] ?? 0) + l2 * ((w[j] ?? 0) - (prior[j - 1] ?? 0));
      const hj = hess[j] ?? [];
      hj[j] = (hj[j] ?? 0) + l2;
    }
    const step = solve(hess, grad);
    w = w.map((v, j) => v - (step[j] ?? 0));
    if (Math.max(...step.map(Math.abs)) < 1e-7) break;
  }
  return { bias: w[0] ?? 0, weights: w.slice(1), iterations };
}
