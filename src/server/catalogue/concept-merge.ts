// Finds terms that define the same concept in different vocabularies and merges each group into
// one record with `mergedTerms` (docs/catalogue-format.md, "Merged terms"). The catalogue build
// (scripts/build-catalogue.ts) applies it to the shipped sources.
//
// Two terms of one kind are the same concept when their vocabularies differ and
//  1. their labels are identical once case, accents, punctuation and spacing are ignored
//     (equipment and techniques only: two facilities may share a name), or
//  2. one names the other: its links hold the other's first link (the term's own address), or
//     its definition or alternative names hold the other's identifier, or
//  3. one lists the other's label as an alternative name, unless one label's words are a proper
//     part of the other's ("chromatography" listing "analytical chromatography" names a narrower
//     concept, not the same one).
// A group never holds two terms of one vocabulary (a vocabulary that defines two terms means two
// concepts): a link that would join them is skipped. Terms with fields a merged term cannot hold
// (manufacturer, place, parent organisations, year established) are never merged, so nothing is
// lost. Which term survives depends only on identifiers, never on text that changes between
// releases, so a rebuild keeps every ID: the vocabulary's place in `precedence`, then sourceId.
import type { EntityType } from '../../shared/entity-id.js';
import type { MergedTerm, SourceRecord } from './source-record.js';

export type MergeReason = 'same label' | 'names the other term' | 'lists the other label';

export interface MergeGroup {
  kind: EntityType;
  survivor: SourceRecord;
  merged: SourceRecord[];
  reasons: MergeReason[];
}

export interface MergeOutcome {
  /** The records in their input order, merged terms removed and survivors carrying them. */
  records: SourceRecord[];
  groups: MergeGroup[];
  /** Links not followed because they would put two terms of one vocabulary in one group. */
  skippedLinks: number;
}

interface Link {
  a: number;
  b: number;
  reason: MergeReason;
}

/** The vocabulary a term belongs to: its identifier's prefix (CHMO:0000001 → CHMO), else its source. */
export function vocabularyOf(r: Pick<SourceRecord, 'sourceId' | 'source'>): string {
  const curie = /^([A-Za-z][A-Za-z0-9_.-]*):(?!\/\/)/.exec(r.sourceId);
  return curie ? curie[1]!.toUpperCase() : (r.source ?? '');
}

/** A label as compared for identity: case, accents, punctuation and spacing ignored. */
export function labelKey(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function mergeable(r: SourceRecord): boolean {
  return !r.manufacturer && !r.country && !r.city && !r.parentOrganizations?.length && r.established == null && !r.mergedTerms;
}

function isProperPart(a: string, b: string): boolean {
  const wa = new Set(a.split(' '));
  const wb = new Set(b.split(' '));
  const inside = (x: Set<string>, y: Set<string>) => x.size < y.size && [...x].every((w) => y.has(w));
  return inside(wa, wb) || inside(wb, wa);
}

function groupBy<K>(indexes: readonly number[], key: (i: number) => K | undefined): Map<K, number[]> {
  const out = new Map<K, number[]>();
  for (const i of indexes) {
    const k = key(i);
    if (k === undefined) continue;
    const list = out.get(k);
    if (list) list.push(i);
    else out.set(k, [i]);
  }
  return out;
}

function findLinks(records: readonly SourceRecord[], candidates: readonly number[]): Link[] {
  const links: Link[] = [];
  const vocab = records.map(vocabularyOf);
  const add = (a: number, b: number, reason: MergeReason) => {
    if (a !== b && records[a]!.kind === records[b]!.kind && vocab[a] !== vocab[b]) links.push({ a: Math.min(a, b), b: Math.max(a, b), reason });
  };
  const byLabel = groupBy(candidates, (i) => `${records[i]!.kind}\n${labelKey(records[i]!.label)}`);
  for (const same of byLabel.values()) {
    if (records[same[0]!]!.kind === 'laboratory') continue;
    for (const a of same) for (const b of same) if (a < b) add(a, b, 'same label');
  }
  const byFirstUrl = groupBy(candidates, (i) => records[i]!.sourceUrls[0]);
  // Only identifiers with a prefix (CHMO:0000001, https://…) are looked for in text: a bare word
  // used as an identifier would match ordinary prose.
  const byId = groupBy(candidates, (i) => (records[i]!.sourceId.includes(':') ? records[i]!.sourceId : undefined));
  for (const a of candidates) {
    const r = records[a]!;
    for (const url of r.sourceUrls.slice(1)) for (const b of byFirstUrl.get(url) ?? []) add(a, b, 'names the other term');
    const words = `${r.definition ?? ''} ${r.synonyms.join(' ')}`.split(/[\s,;()[\]]+/);
    for (const w of words) for (const b of byId.get(w.replace(/[.]$/, '')) ?? []) add(a, b, 'names the other term');
  }
  for (const a of candidates) {
    const r = records[a]!;
    if (r.kind === 'laboratory') continue;
    for (const name of r.synonyms) {
      for (const b of byLabel.get(`${r.kind}\n${labelKey(name)}`) ?? []) {
        if (!isProperPart(labelKey(r.label), labelKey(records[b]!.label))) add(a, b, 'lists the other label');
      }
    }
  }
  const order: MergeReason[] = ['same label', 'names the other term', 'lists the other label'];
  const key = (l: Link) => `${order.indexOf(l.reason)}\n${records[l.a]!.sourceId}\n${records[l.b]!.sourceId}`;
  return links.sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
}

function toMergedTerm(r: SourceRecord): MergedTerm {
  const { id, sourceId, source, label, definition, synonyms, parents, sourceUrls, updated } = r;
  return { ...(id ? { id } : {}), sourceId, ...(source ? { source } : {}), label, definition, synonyms, parents, sourceUrls, updated };
}

/** Merges every group of terms that define one concept (rules above). */
export function mergeConcepts(records: readonly SourceRecord[], precedence: readonly string[]): MergeOutcome {
  const candidates = records.map((_, i) => i).filter((i) => mergeable(records[i]!));
  const root = records.map((_, i) => i);
  const find = (i: number): number => (root[i] === i ? i : (root[i] = find(root[i]!)));
  const members = new Map<number, number[]>(candidates.map((i) => [i, [i]]));
  const reasons = new Map<number, Set<MergeReason>>();
  let skippedLinks = 0;
  for (const link of findLinks(records, candidates)) {
    const [ra, rb] = [find(link.a), find(link.b)];
    if (ra === rb) continue;
    const vocabA = new Set(members.get(ra)!.map((i) => vocabularyOf(records[i]!)));
    if (members.get(rb)!.some((i) => vocabA.has(vocabularyOf(records[i]!)))) {
      skippedLinks++;
      continue;
    }
    root[rb] = ra;
    members.set(ra, [...members.get(ra)!, ...members.get(rb)!]);
    reasons.set(ra, new Set([...(reasons.get(ra) ?? []), ...(reasons.get(rb) ?? []), link.reason]));
    members.delete(rb);
  }
  const rank = (r: SourceRecord) => {
    const p = precedence.indexOf(vocabularyOf(r));
    return p === -1 ? precedence.length : p;
  };
  const byPrecedence = (x: number, y: number) => {
    const [rx, ry] = [records[x]!, records[y]!];
    return rank(rx) - rank(ry) || (rx.sourceId < ry.sourceId ? -1 : rx.sourceId > ry.sourceId ? 1 : 0);
  };
  const replaced = new Map<number, SourceRecord | null>();
  const groups: MergeGroup[] = [];
  for (const [groupRoot, group] of members) {
    if (group.length < 2) continue;
    const [first, ...rest] = [...group].sort(byPrecedence);
    const survivor = records[first!]!;
    const merged = rest.map((i) => records[i]!);
    replaced.set(first!, { ...survivor, mergedTerms: merged.map(toMergedTerm) });
    for (const i of rest) replaced.set(i, null);
    groups.push({ kind: survivor.kind, survivor, merged, reasons: [...reasons.get(groupRoot)!] });
  }
  const out: SourceRecord[] = [];
  for (const [i, r] of records.entries()) {
    const next = replaced.has(i) ? replaced.get(i) : r;
    if (next) out.push(next);
  }
  const groupKey = (g: MergeGroup) => `${g.kind}\n${g.survivor.sourceId}`;
  groups.sort((x, y) => (groupKey(x) < groupKey(y) ? -1 : 1));
  return { records: out, groups, skippedLinks };
}
