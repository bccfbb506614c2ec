// A record that merges terms from other vocabularies (docs/catalogue-format.md, "Merged terms"):
// what the server makes of the record and its merged terms together. Search and the record read
// see one concept, so the names, broader terms and links of every term count for the record.

/** What combining reads of a record and of each of its merged terms (./source-record.ts). */
interface TermFields {
  label: string;
  synonyms: readonly string[];
  parents: readonly string[];
  sourceUrls: readonly string[];
  updated: string | null;
}

/** The record's fields combined with its merged terms' (the record's own values first). */
export interface CombinedFields {
  synonyms: string[];
  parents: string[];
  sourceUrls: string[];
  updated: string | null;
}

// Names that differ only in case (or Unicode form) are one name, as within a source record.
function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}

function unique(values: readonly string[], key: (v: string) => string, exclude: ReadonlySet<string> = new Set()): string[] {
  const seen = new Set(exclude);
  const out: string[] = [];
  for (const v of values) {
    const k = key(v);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(v);
  }
  return out;
}

/**
 * Alternative names: the record's own, then each merged term's label and alternative names
 * (never the record's own label). Broader terms and links: the record's own, then each merged
 * term's; a term whose broader term is another of the merged terms (one vocabulary placing its
 * term under the other's) does not list the concept as broader than itself. The update date: the newest of them (the record changed when any of its terms did).
 */
export function combineFields(record: TermFields, terms: readonly TermFields[]): CombinedFields {
  const names = [...record.synonyms];
  const parents = [...record.parents];
  const urls = [...record.sourceUrls];
  let updated = record.updated;
  for (const t of terms) {
    names.push(t.label, ...t.synonyms);
    parents.push(...t.parents);
    urls.push(...t.sourceUrls);
    if (t.updated !== null && (updated === null || t.updated > updated)) updated = t.updated;
  }
  return {
    synonyms: unique(names, nameKey, new Set([nameKey(record.label)])),
    parents: unique(parents, nameKey, new Set([record.label, ...terms.map((t) => t.label)].map(nameKey))),
    sourceUrls: unique(urls, (u) => u),
    updated,
  };
}
