// Markdown tables of a relevance run: one row per group, rcat beside MiniSearch.
import type { Breakdown, Figures } from './score.js';

export interface Compared {
  /** Ranker name → its figures, in column order (rcat first). */
  rankers: Record<string, Breakdown>;
}

const pct = (x: number) => (x * 100).toFixed(1);

function cells(all: Figures[], pick: (f: Figures) => number, format: (x: number) => string): string[] {
  return all.map((f) => (f.n === 0 ? '–' : format(pick(f))));
}

function row(name: string, all: Figures[]): string {
  return [
    name,
    String(all[0]?.n ?? 0),
    ...cells(all, (f) => f.recallAt1, pct),
    ...cells(all, (f) => f.recallAt20, pct),
    ...cells(all, (f) => f.mrr, (x) => x.toFixed(3)),
  ].join(' | ');
}

/** A table: overall, each kind, then each group (slice or class) with at least one case. */
export function comparisonTable(compared: Compared, groupTitle: string): string[] {
  const names = Object.keys(compared.rankers);
  const each = Object.values(compared.rankers);
  const first = each[0]!;
  const header = ['', 'n', ...names.map((n) => `R@1 % ${n}`), ...names.map((n) => `R@20 % ${n}`), ...names.map((n) => `MRR ${n}`)];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`];
  lines.push(`| ${row('**all**', each.map((b) => b.overall))} |`);
  for (const kind of Object.keys(first.byKind)) {
    if (first.byKind[kind]!.n > 0) lines.push(`| ${row(`kind: ${kind}`, each.map((b) => b.byKind[kind]!))} |`);
  }
  for (const group of Object.keys(first.byGroup)) {
    if (first.byGroup[group]!.n > 0) lines.push(`| ${row(`${groupTitle}: ${group}`, each.map((b) => b.byGroup[group]!))} |`);
  }
  return lines;
}
