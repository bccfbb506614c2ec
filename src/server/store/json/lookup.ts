// Keyed lookups over the JSON state's arrays without a linear scan per request: an index (Map)
// is built once per array object and field, and kept in a WeakMap, so it lives exactly as long
// as that version of the state (every write works on a copy and every reload parses anew, so
// both make new arrays). Used on read paths only. Guards against an array changed in place
// anyway: an index whose size differs from the array's is rebuilt (keys are unique ids and
// hashes), and a hit whose field no longer matches falls back to a scan.
const indexes = new WeakMap<readonly object[], Map<string, Map<string, object>>>();

export function findBy<T extends object, K extends keyof T & string>(items: readonly T[], field: K, value: string): T | undefined {
  let byField = indexes.get(items);
  if (!byField) {
    byField = new Map();
    indexes.set(items, byField);
  }
  let index = byField.get(field) as Map<string, T> | undefined;
  if (!index || index.size !== items.length) {
    index = new Map();
    for (const item of items) {
      const key = item[field];
      if (typeof key === 'string' && !index.has(key)) index.set(key, item);
    }
    byField.set(field, index);
  }
  const hit = index.get(value);
  if (hit !== undefined && hit[field] === value) return hit;
  // Not indexed (or changed in place since): the scan is the truth.
  const found = items.find((item) => item[field] === value);
  if (found !== undefined) index.set(value, found);
  return found;
}
