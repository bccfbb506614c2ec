// A reading that spans several query words ("cns", the initials of "Centre for Nuclear
// Studies"; a compound of two of them) weighs what it says of them together: each word has its
// share of it (src/server/catalogue/query-plan.ts unitWeights). Before, every word it spanned
// weighed the whole of the rare reading, so "centre" and "studies" outweighed the query's one
// distinctive word and organisations holding more generic words outranked the one named.
import { describe, expect, it } from 'vitest';
import { planQuery } from '../src/server/catalogue/query-plan.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const lab = (label: string, extra: Partial<Spec> = {}): Spec => ({ kind: 'laboratory', label, city: 'Dijon', country: 'France', ...extra });
const TOPICS = ['Northern', 'Anglophone', 'Baltic', 'Medieval', 'Urban', 'Andean', 'Coastal', 'Alpine', 'Legal', 'Rural', 'Asian', 'Celtic'];

const RECORDS: Spec[] = [
  // The record named: its own short name, and its name with a descriptive tail held out of the catalogue.
  lab('CEA Morvandel', { synonyms: ['Morvandel'], parentOrganizations: ['Direction des Applications Militaires'] }),
  // Look-alikes holding the generic words, and one the initials "CNS" name.
  lab('Belgian Nuclear Research Centre', { synonyms: ['SCK CEN'] }),
  lab('European Centre for Theoretical Studies in Nuclear Physics'),
  lab('Centre Nantais de Sociologie', { synonyms: ['CNS'] }),
  ...TOPICS.map((t) => lab(`Centre for ${t} Studies`)),
  ...TOPICS.map((t) => lab(`${t} Nuclear Institute`)),
  // Generic words many names hold.
  ...Array.from({ length: 150 }, (_, i) => lab(`${TOPICS[i % TOPICS.length]} Research Centre ${i}`)),
  ...Array.from({ length: 60 }, (_, i) => lab(`Institute of Nuclear Medicine ${i}`)),
  ...Array.from({ length: 60 }, (_, i) => lab(`School of Advanced Studies ${i}`)),
  ...Array.from({ length: 300 }, (_, i) => lab(`Institute of Marine Botany ${i}`)),
  // Three words as rare as each other; one record has two of them, another one.
  lab('Brannoch Tiderke Observatory'),
  lab('Vellquist Field Station'),
];

const { titles, index } = searchOver(RECORDS);

describe('a reading spanning several query words', () => {
  it('gives each word its share, so the generic words do not outweigh the distinctive one', () => {
    const plan = planQuery('Morvandel Centre for Nuclear Studies', index.index);
    const weight = (w: string) => plan.units.find((u) => u.token.word === w)!.weight;
    // "cns" is as rare as "morvandel"; shared among its three words, none weighs what it does.
    expect(plan.alternatives.some((a) => a.terms?.some((t) => index.index.terms[t] === 'cns'))).toBe(true);
    for (const w of ['center', 'nuclear', 'studies']) expect(weight(w)).toBeLessThan(weight('morvandel') / 2);
    expect(weight('morvandel')).toBeGreaterThan(plan.totalWeight / 3);
  });

  it('finds the organisation holding the distinctive word above those holding more generic ones', () => {
    expect(titles('Morvandel Centre for Nuclear Studies')[0]).toBe('CEA Morvandel');
    // The initials themselves still find their record.
    expect(titles('CNS')[0]).toBe('Centre Nantais de Sociologie');
    expect(titles('Centre for Baltic Studies')[0]).toBe('Centre for Baltic Studies');
  });

  it('matches a record holding a third of the query by weight', () => {
    // With generic words weighing less, a record named in another language or by fewer words
    // often holds only a third of a query's weight; it is a match, after those holding more.
    const plan = planQuery('Vellquist Brannoch Tiderke', index.index);
    const [v, b, t] = plan.units.map((u) => u.weight);
    expect(v).toBeCloseTo(b!, 6);
    expect(v).toBeCloseTo(t!, 6);
    expect(titles('Vellquist Brannoch Tiderke')).toEqual(['Brannoch Tiderke Observatory', 'Vellquist Field Station']);
  });
});
