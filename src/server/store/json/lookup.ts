// Keyed lookups over the JSON state's arrays without a linear scan per request: an index (Map)
// is built once per array object and field, and kept in a WeakMap, so it lives exactly as long
// as that version of the state (every write works on a copy and every reload parses anew, so
// both make new arrays; nothing changes an array in place once it is the current state). Used on
// read paths only, e.g. for every bearer token. A miss costs one Map lookup, never a scan, so a
// flood of unknown tokens costs no more than known ones. As a guard all the same, an index whose
// size differs from its array's, or whose hit no longer has the key, is rebuilt.
const indexes = new WeakMap<readonly object[], Map<string, Map<string, object>>>();

function build<T extends object>(items: readonly T[], field: keyof T & string): Map<string, T> {
  const index = new Map<string, T>();
  for (const item of items) {
    const key = item[field];
    if (typeof key === 'string' && !index.has(key)) index.set(key, item);
  }
  return index;
}

export function findBy<T extends object, K extends keyof T & string>(items: readonly T[], field: K, value: string): T | undefined {
  let byField = indexes.get(items);
  if (!byField) {
    byField = new Map();
    indexes.set(items, byField);
  }
  let index = byField.get(field) as Map<string, T> | undefined;
  if (!index || index.size !== items.length) {
    index = build(items, field);
    byField.set(field, index);
  }
  const hit = index.get(value);
  if (hit === undefined || hit[field] === value) return hit;
  index = build(items, field); // changed in place after all: the array is the truth
  byField.set(field, index);
  return index.get(value);
}
