// Turns a catalogue entry into the spec's record (section 2): text composed honestly from
// what the source has, and limitations that say what is not known.
import type { CatalogRecord, SearchResultItem } from '../../shared/schemas.js';
import type { CatalogueEntry } from './source-record.js';

export function recordUrl(baseUrl: string, entry: Pick<CatalogueEntry, 'type' | 'uuid'>): string {
  return `${baseUrl}/en/catalogue/${entry.type}/${entry.uuid}`;
}

const SOURCE_NAMES: Record<string, string> = {
  CHMO: 'the Chemical Methods Ontology (CHMO)',
  OBI: 'the Ontology for Biomedical Investigations (OBI)',
  'PSI-MS': 'the PSI-MS mass spectrometry controlled vocabulary',
  ROR: 'the Research Organization Registry (ROR)',
};

const ONTOLOGY_SOURCES = new Set(['CHMO', 'OBI', 'PSI-MS']);

function list(items: readonly string[]): string {
  return items.join('; ');
}

function sourceName(source: string | undefined): string {
  return source ? (SOURCE_NAMES[source] ?? source) : 'the catalogue source';
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type Term = Pick<CatalogueEntry, 'source' | 'sourceId' | 'label' | 'definition'>;

/** The terms a record combines, its own first (docs/catalogue-format.md, "Merged terms"). */
function termsOf(e: CatalogueEntry): Term[] {
  return [e, ...(e.mergedTerms ?? [])];
}

// A merged record quotes each term's definition with the vocabulary it comes from, so a reader
// can tell whose words they are and where the two sources differ.
function definitionLine(term: Term, recordLabel: string): string {
  const from = `${sourceName(term.source)} (${term.sourceId})`;
  const named = term.label === recordLabel ? '' : `, as "${term.label}"`;
  return term.definition ? `Definition from ${from}${named}: ${term.definition}` : `${sentence(from)} gives no definition${named}.`;
}

function sourcesLine(e: CatalogueEntry): string | null {
  if (!e.mergedTerms) return e.source ? `Source: ${sourceName(e.source)} (${e.sourceId}).` : null;
  const all = list(termsOf(e).map((t) => `${sourceName(t.source)} (${t.sourceId})`));
  return `Sources: ${all} (each defines this concept; this record combines their terms).`;
}

export function composeText(e: CatalogueEntry): string {
  const lines: string[] = [];
  if (e.type === 'laboratory') {
    lines.push(`${e.label} is a facility listed in ${SOURCE_NAMES[e.source ?? ''] ?? 'the catalogue source'}.`);
    if (e.parentOrganizations?.length) lines.push(`Part of: ${list(e.parentOrganizations)}.`);
    const place = [e.city, e.country].filter(Boolean).join(', ');
    if (place) lines.push(`Location: ${place}.`);
    if (e.established) lines.push(`Established: ${e.established}.`);
    if (e.mergedTerms) lines.push(...termsOf(e).filter((t) => t.definition).map((t) => definitionLine(t, e.label)));
    else if (e.definition) lines.push(e.definition);
  } else {
    if (e.mergedTerms) lines.push(...termsOf(e).map((t) => definitionLine(t, e.label)));
    else lines.push(e.definition ? e.definition : `The source gives no definition of "${e.label}".`);
    if (e.manufacturer) lines.push(`Manufacturer: ${e.manufacturer}.`);
    if (e.parents.length) lines.push(`Broader terms: ${list(e.parents)}.`);
  }
  if (e.synonyms.length) lines.push(`Also known as: ${list(e.synonyms)}.`);
  const sources = sourcesLine(e);
  if (sources) lines.push(sources);
  return lines.join('\n');
}

function updateLimitation(e: CatalogueEntry): string | null {
  if (!e.updated) return 'The source gives no update date.';
  const sources = termsOf(e).map((t) => t.source);
  if (!sources.some((s) => s !== undefined && ONTOLOGY_SOURCES.has(s))) return null;
  return e.mergedTerms
    ? `The update date (${e.updated}) is the newest release date of this record's source vocabularies, not a date for this record.`
    : `The update date (${e.updated}) is the release date of the source vocabulary, not a date for this record.`;
}

export function composeLimitations(e: CatalogueEntry): string[] {
  const out = [
    'Eligibility, price and availability are not recorded here: confirm them with the facility before relying on this record.',
    'A record update is not a verification of the facility; no one has verified this record.',
  ];
  if (e.type === 'laboratory') {
    out.push('The source has no description of this facility\'s equipment, techniques, services or access conditions.');
    if (e.source === 'ROR') out.push('A ROR "facility" can be any kind of facility (for example an observatory, research station or museum), not only a laboratory.');
    if (!e.city) out.push('The facility\'s city is not recorded.');
  } else if (e.type === 'technique') {
    out.push('This is a generic definition of a technique; it describes no particular facility and does not say who offers it.');
  } else {
    out.push('This describes a type or model of equipment, not a particular instrument; it does not say which facility has one or whether it can be used.');
  }
  if (e.mergedTerms) {
    const ids = termsOf(e).map((t) => t.sourceId).join(', ');
    out.push(`This record combines terms that separate vocabularies define for the same concept (${ids}); their definitions are quoted side by side and may differ in scope.`);
  }
  if (e.type !== 'laboratory' && termsOf(e).every((t) => !t.definition)) out.push('The source gives no definition for this term.');
  const updated = updateLimitation(e);
  if (updated) out.push(updated);
  if (e.source === 'PSI-MS') out.push('Manufacturer names follow the vocabulary\'s historical brand names and may differ from current company names.');
  if (e.sourceUrls.length === 0) out.push('No source links are recorded.');
  return out;
}

export function toRecord(baseUrl: string, e: CatalogueEntry): CatalogRecord {
  return {
    id: e.id,
    title: e.label,
    url: recordUrl(baseUrl, e),
    text: composeText(e),
    metadata: {
      entityType: e.type,
      updatedAt: e.updated,
      verifiedAt: null,
      sourceUrls: e.sourceUrls,
      availability: 'unknown',
      limitations: composeLimitations(e),
    },
  };
}

export function toSearchItem(baseUrl: string, e: Pick<CatalogueEntry, 'id' | 'label' | 'type' | 'uuid'>): SearchResultItem {
  return { id: e.id, title: e.label, url: recordUrl(baseUrl, e) };
}
