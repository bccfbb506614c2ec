// Records as the search engine reads them (./search-index.ts): their names prepared once
// (./search-text.ts), a name's parenthesised part also read on its own ("differential scanning
// calorimetric (DSC) analysis" is also "differential scanning calorimetric analysis" and
// "DSC"), their parent organisations, city and country as shared context names (a
// university is one entry however many institutes name it), their body words, and their prior
// (./hierarchy.ts).
import { Hierarchy } from './hierarchy.js';
import type { IndexableDoc } from './inverted-index.js';
import { type PreparedText, prepareText, searchWords } from './search-text.js';
import type { CatalogueEntry } from './source-record.js';

const PARENTHESISED = /\(([^()]*)\)/g;
/** How many recent names and bodies are kept for reuse. */
const RECENT_NAMES = 4096;

/** A name's readings besides itself: without its parenthesised parts, and each part without spaces. */
function parenthesisReadings(name: string): string[] {
  if (!name.includes('(')) return [];
  const outside = name.replace(PARENTHESISED, ' ').replace(/\s+/g, ' ').trim();
  const out = outside.length > 0 && outside !== name ? [outside] : [];
  for (const m of name.matchAll(PARENTHESISED)) {
    const inside = m[1]!.trim();
    if (inside.length >= 2 && !/\s/.test(inside)) out.push(inside);
  }
  return out;
}

/** The body field: the definition (every merged term's too: one concept), broader terms, maker. */
function bodyText(e: CatalogueEntry): string {
  const definitions = [e.definition, ...(e.mergedTerms ?? []).map((t) => t.definition)];
  return [...definitions, e.parents.join(' '), e.manufacturer].filter(Boolean).join(' ');
}

export class CataloguePreparer {
  /** The shared context names, by number (grows as records are prepared). */
  readonly context: PreparedText[] = [];
  private readonly contextIds = new Map<string, number>();
  // Names repeat across neighbouring records (a synonym the records of one source share,
  // cities): recent ones are prepared once. Kept small, so prepared names do not pile up.
  private readonly prepared = new Map<string, PreparedText>();
  private readonly bodies = new Map<string, string[]>();
  readonly hierarchy = new Hierarchy();

  private text(value: string): PreparedText {
    let p = this.prepared.get(value);
    if (!p) {
      p = prepareText(value);
      if (this.prepared.size >= RECENT_NAMES) this.prepared.clear();
      this.prepared.set(value, p);
    }
    return p;
  }

  private contextId(value: string): number {
    let id = this.contextIds.get(value);
    if (id === undefined) {
      id = this.context.length;
      this.context.push(this.text(value));
      this.contextIds.set(value, id);
    }
    return id;
  }

  private body(e: CatalogueEntry): string[] {
    const text = bodyText(e);
    let words = this.bodies.get(text);
    if (!words) {
      words = searchWords(text);
      if (this.bodies.size >= RECENT_NAMES) this.bodies.clear();
      this.bodies.set(text, words);
    }
    return words;
  }

  /** A record as the index reads it (records are prepared in document order). */
  prepare(e: CatalogueEntry): IndexableDoc {
    this.hierarchy.note(e);
    const written = [e.label, ...e.synonyms];
    const names = written.map((n) => this.text(n));
    for (const n of written) for (const r of parenthesisReadings(n)) names.push(this.text(r));
    const place = [...(e.parentOrganizations ?? []), e.city, e.country].filter((x): x is string => !!x && x.trim().length > 0);
    const context = [...new Set(place.map((p) => this.contextId(p)))];
    return { names, context, body: this.body(e) };
  }

  /** Per record, 0…1, from the labels in document order: how general a concept it is (how many records have it as a broader term). */
  priors(size: number, label: (d: number) => string): Float32Array {
    this.release();
    return this.hierarchy.priors(size, label);
  }

  /** Lets go of the recent names and bodies (the build is over). */
  release(): void {
    this.prepared.clear();
    this.bodies.clear();
  }
}
