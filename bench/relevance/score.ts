// Scoring: a query is answered with at most 20 IDs; its rank is the position (1-based) of the
// first expected ID among them, or none. recall@1 = share ranked first, recall@20 = share
// ranked at all, MRR = mean of 1/rank (0 when not ranked).
import type { EntityType } from '../../src/shared/entity-id.js';
import type { Ranker } from './rankers.js';

export interface ScoredCase {
  query: string;
  /** Any of these IDs is a right answer (usually one). */
  expected: readonly string[];
  kind: EntityType;
  /** Slices (leave-one-out) or classes (hand-written queries) the case is reported in. */
  groups: readonly string[];
}

export interface Outcome {
  rank: number | null;
  first: string | null;
}

export interface Figures {
  n: number;
  recallAt1: number;
  recallAt20: number;
  mrr: number;
}

export function rankOf(answer: readonly string[], expected: readonly string[]): number | null {
  const at = answer.findIndex((id) => expected.includes(id));
  return at === -1 ? null : at + 1;
}

export interface Run {
  outcomes: Outcome[];
  /** Median milliseconds per query. */
  medianMs: number;
}

export function runCases(ranker: Ranker, cases: readonly ScoredCase[]): Run {
  const times: number[] = [];
  const outcomes = cases.map((c) => {
    const started = performance.now();
    const answer = ranker.search(c.query);
    times.push(performance.now() - started);
    return { rank: rankOf(answer, c.expected), first: answer[0] ?? null };
  });
  times.sort((a, b) => a - b);
  return { outcomes, medianMs: times.length > 0 ? times[Math.floor(times.length / 2)]! : 0 };
}

export function figures(outcomes: readonly Outcome[]): Figures {
  const n = outcomes.length;
  if (n === 0) return { n, recallAt1: 0, recallAt20: 0, mrr: 0 };
  let first = 0;
  let found = 0;
  let reciprocal = 0;
  for (const o of outcomes) {
    if (o.rank === null) continue;
    found++;
    if (o.rank === 1) first++;
    reciprocal += 1 / o.rank;
  }
  return { n, recallAt1: first / n, recallAt20: found / n, mrr: reciprocal / n };
}

export interface Breakdown {
  overall: Figures;
  byKind: Record<string, Figures>;
  byGroup: Record<string, Figures>;
}

/** Figures overall, per kind and per group, for the outcomes of one ranker on `cases`. */
export function breakdown(cases: readonly ScoredCase[], outcomes: readonly Outcome[], groups: readonly string[], kinds: readonly string[]): Breakdown {
  const pick = (keep: (c: ScoredCase) => boolean) => figures(outcomes.filter((_, i) => keep(cases[i]!)));
  return {
    overall: figures(outcomes),
    byKind: Object.fromEntries(kinds.map((k) => [k, pick((c) => c.kind === k)])),
    byGroup: Object.fromEntries(groups.map((g) => [g, pick((c) => c.groups.includes(g))])),
  };
}
