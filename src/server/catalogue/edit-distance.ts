// Bounded Levenshtein distance for the typo matching of ./inverted-index.ts: exact, with
// shortcuts for one edit and a diagonal band for more (test/search-edit-distance.test.ts).

// Two reusable rows for editDistanceWithin (searches are synchronous, so never shared).
let ROW_A = new Int32Array(128);
let ROW_B = new Int32Array(128);

/** Levenshtein distance of `a` and `b` ≤ `max`. */
export function editDistanceWithin(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (max <= 0) return max === 0 && a === b;
  if (max === 1) return withinOneEdit(a, b);
  return withinEdits(a, b, max);
}

/** At most one letter replaced, inserted or deleted: a straight scan instead of a table. */
function withinOneEdit(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short.charCodeAt(i) === long.charCodeAt(i)) i++;
  if (i === short.length) return true; // equal, or one letter appended
  // The first difference: the rest must match after replacing (same length) or skipping one letter of the longer.
  const skip = short.length === long.length ? 1 : 0;
  for (let j = i + skip; j < short.length; j++) if (short.charCodeAt(j) !== long.charCodeAt(j + 1 - skip)) return false;
  return true;
}

/**
 * Levenshtein distance ≤ max, computing only the diagonal band |i − j| ≤ max (Ukkonen): cells
 * outside it are necessarily above max. Stops as soon as a whole row exceeds max.
 */
function withinEdits(a: string, b: string, max: number): boolean {
  const width = b.length + 1;
  const big = max + 1;
  if (ROW_A.length < width) ROW_A = new Int32Array(width * 2);
  if (ROW_B.length < width) ROW_B = new Int32Array(width * 2);
  let previous = ROW_A.fill(big, 0, width);
  let current = ROW_B.fill(big, 0, width);
  for (let j = 0; j <= Math.min(b.length, max); j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    // Only the band and the cells just outside it are read: reset those instead of the row.
    current[from - 1] = i <= max ? i : big;
    if (to < b.length) current[to + 1] = big;
    let rowMin = current[from - 1]!;
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current[j] = v > big ? big : v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return false;
    const swap = previous;
    previous = current;
    current = swap;
  }
  return previous[b.length]! <= max;
}

/** Whether `b` is `a` with two neighbouring letters swapped ("NRM" for "NMR", "cyro" for "cryo"). */
export function oneSwapApart(a: string, b: string): boolean {
  if (a.length !== b.length || a.length < 2) return false;
  let i = 0;
  while (i < a.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i >= a.length - 1) return false;
  if (a.charCodeAt(i) !== b.charCodeAt(i + 1) || a.charCodeAt(i + 1) !== b.charCodeAt(i)) return false;
  return a.slice(i + 2) === b.slice(i + 2);
}
