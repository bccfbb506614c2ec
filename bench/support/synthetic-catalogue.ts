// Synthetic catalogues larger than the shipped one, for the search and memory benches: every
// real record plus variants with qualified titles (a laboratory gets a site, the others a
// qualifier), their own source IDs and every other synonym dropped in turn, so the vocabulary
// and the posting lists grow like a real, larger catalogue would. Ten-fold: nine variants per
// record (one qualifier or site each); hundred-fold: 99 (two qualifiers or sites each, distinct).
// Written a line at a time, so a 100× file (~700 MB) is never one string in memory.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { CatalogueEntry, SourceRecord } from '../../src/server/catalogue/source-record.js';
import { storedLine } from '../../src/server/catalogue/source-record.js';

export const QUALIFIERS = ['portable', 'automated', 'high-throughput', 'benchtop', 'cryogenic', 'shared', 'core', 'regional', 'mobile', 'modular', 'compact'];
export const SITES = ['North', 'South', 'East', 'West', 'Central', 'Harbour', 'Valley', 'Ridge', 'Lakeside', 'Hillside', 'Riverside'];

/** The lines of record `e` and its `fold − 1` variants. */
export function* syntheticLines(e: CatalogueEntry, fold: number): Generator<string> {
  const { id: _id, ...record } = JSON.parse(storedLine(e)) as SourceRecord;
  yield JSON.stringify(record);
  for (let k = 0; k < fold - 1; k++) {
    // Up to nine variants, one word each (the ten-fold catalogue the golden ranking test pins);
    // beyond, a second word from the rest of the list, so every title is distinct.
    const i = k % 9;
    const j = Math.floor(k / 9);
    const site = j === 0 ? SITES[i]! : `${SITES[i]} ${SITES[(i + j) % SITES.length]}`;
    const qualifier = j === 0 ? QUALIFIERS[i]! : `${QUALIFIERS[(i + j) % QUALIFIERS.length]} ${QUALIFIERS[i]}`;
    const label = e.type === 'laboratory' ? `${e.label} ${site} site` : `${qualifier} ${e.label}`;
    const suffix = fold <= 10 ? `#synthetic-${k}` : `#synthetic-${fold}-${k}`;
    // A merged record's variants merge variants of its terms (their IDs derived from the new source ids).
    const mergedTerms = record.mergedTerms?.map(({ id: _termId, ...t }) => ({ ...t, sourceId: `${t.sourceId}${suffix}` }));
    yield JSON.stringify({ ...record, sourceId: `${e.sourceId}${suffix}`, label, synonyms: record.synonyms.slice(k % 2), mergedTerms });
  }
}

/** The whole synthetic catalogue as one string (ten-fold and smaller). */
export function synthesise(entries: readonly CatalogueEntry[], fold: number): string {
  const lines: string[] = [];
  for (const e of entries) for (const line of syntheticLines(e, fold)) lines.push(line);
  return `${lines.join('\n')}\n`;
}

/** Writes the synthetic catalogue to a file a line at a time; returns how many records it has. */
export function writeSynthetic(entries: readonly CatalogueEntry[], fold: number, file: string): number {
  const fd = openSync(file, 'w');
  let count = 0;
  let pending = '';
  try {
    for (const e of entries) {
      for (const line of syntheticLines(e, fold)) {
        pending += `${line}\n`;
        count++;
      }
      if (pending.length > 1 << 20) {
        writeSync(fd, pending);
        pending = '';
      }
    }
    writeSync(fd, pending);
  } finally {
    closeSync(fd);
  }
  return count;
}
