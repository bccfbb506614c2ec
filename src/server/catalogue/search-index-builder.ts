// Building a SearchIndex (./search-index.ts): from records given one at a time, in document
// order (a catalogue is read as a stream, so no record is held longer than its turn), and the
// index as plain arrays, to be built in a worker thread and sent to the thread that searches
// (./catalogue-build.ts): the typed arrays are moved, not copied.
import { IndexBuilder } from './index-builder.js';
import { prepareInnerInitials } from './inner-initials.js';
import { type FieldPostings, InvertedIndex } from './inverted-index.js';
import { type NameArrays, NameTable } from './name-table.js';
import { RecordStore, RecordStoreBuilder, type StoreArrays, storedLabels } from './record-store.js';
import { SearchIndex } from './search-index.js';
import type { Hierarchy } from './hierarchy.js';
import { CataloguePreparer } from './search-prepare.js';
import type { CatalogueEntry } from './source-record.js';

export class SearchIndexBuilder {
  private readonly records = new RecordStoreBuilder();
  private readonly preparer = new CataloguePreparer();
  private readonly builder = new IndexBuilder(this.preparer.context);

  get size(): number {
    return this.records.size;
  }

  /** `line`: the record's catalogue line as read (kept as its stored form: ./record-store.ts). */
  add(entry: CatalogueEntry, line?: Uint8Array): void {
    this.builder.addDoc(this.records.add(entry, line), this.preparer.prepare(entry));
  }

  /**
   * An index as plain arrays, to be written to a file for another process (./index-worker.ts),
   * none of what only searching needs made here (the vocabulary's hash table, the search's
   * scratch arrays); `part`: a part of a catalogue, its priors left to the whole (its hierarchy
   * given for them).
   */
  finishArrays(part: boolean): { parts: IndexParts; hierarchy: Hierarchy } {
    const store = this.records.finishArrays();
    const built = this.builder.finish();
    const prior = part ? new Float32Array(0) : this.preparer.priors(store.labelEnds.length, storedLabels(store));
    this.preparer.release();
    const parts = { store, names: built.names.arrays, terms: built.terms, termFlags: built.termFlags, fields: built.fields, prior };
    return { parts, hierarchy: this.preparer.hierarchy };
  }

  /** The whole index, to be searched in this thread. */
  finish(): SearchIndex {
    const records = this.records.finish();
    const built = this.builder.finish();
    const prior = this.preparer.priors(records.size, (d) => records.label(d));
    return searched(new SearchIndex(records, built.names, new InvertedIndex(records.size, built), prior));
  }
}

export function buildSearchIndex(entries: Iterable<CatalogueEntry>): SearchIndex {
  const b = new SearchIndexBuilder();
  for (const e of entries) b.add(e);
  return b.finish();
}

/** Builds an index in small steps, yielding between them, so a running server keeps answering. */
export async function buildSearchIndexInBackground(entries: Iterable<CatalogueEntry>): Promise<SearchIndex> {
  const b = new SearchIndexBuilder();
  for (const e of entries) {
    b.add(e);
    if (b.size % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return b.finish();
}

/** An index as plain data (structured-clone friendly). */
export interface IndexParts {
  store: StoreArrays;
  names: NameArrays;
  terms: string[];
  termFlags: Uint8Array;
  fields: FieldPostings[];
  prior: Float32Array;
}

export function indexParts(index: SearchIndex): IndexParts {
  const { records, names, index: inverted, prior } = index;
  return { store: records.arrays, names: names.arrays, terms: inverted.terms, termFlags: inverted.termFlags, fields: inverted.fields, prior };
}

/** The buffers of the parts' typed arrays, to move them with postMessage. */
export function partBuffers(parts: IndexParts): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (value: unknown) => {
    if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer) buffers.add(value.buffer);
  };
  for (const v of Object.values(parts.store)) add(v);
  for (const v of Object.values(parts.names)) add(v);
  for (const f of parts.fields) for (const v of Object.values(f)) add(v);
  add(parts.termFlags);
  add(parts.prior);
  return [...buffers];
}

export function fromParts(parts: IndexParts): SearchIndex {
  const records = new RecordStore(parts.store);
  const names = new NameTable(parts.names);
  const inverted = new InvertedIndex(records.size, { terms: parts.terms, termFlags: parts.termFlags, fields: parts.fields, names });
  return searched(new SearchIndex(records, names, inverted, parts.prior));
}

/** An index that will be searched (not a part's, ./index-worker.ts): its query-time tables built ahead of the first query. */
function searched(index: SearchIndex): SearchIndex {
  prepareInnerInitials(index.index);
  return index;
}
