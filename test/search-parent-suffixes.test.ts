// An acronym written with its parent organisation's initials glued on ("IOCAS": Institute of
// Oceanology, Chinese Academy of Sciences; src/server/catalogue/parent-suffixes.ts): the plan's
// readings, and searches over a small catalogue where look-alikes have the same own name under
// another parent, or another own name under the same parent.
import { describe, expect, it } from 'vitest';
import { readParentSuffixes } from '../src/server/catalogue/parent-suffixes.js';
import { planQuery } from '../src/server/catalogue/query-plan.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const lab = (label: string, parent: string, city = 'Lima', country = 'Peru'): Spec => ({ kind: 'laboratory', label, city, country, parentOrganizations: [parent] });

const ANDEAN = 'Andean Academy of Sciences';
const BALTIC = 'Baltic Academy of Sciences';
const EVORA = 'Universidade de Évora';
const AVEIRO = 'Universidade de Aveiro';

const RECORDS: Spec[] = [
  lab('Institute of Hydrobiology', ANDEAN),
  lab('Institute of Hydrobiology', BALTIC, 'Riga', 'Latvia'),
  lab('Institute of Hydrology', BALTIC, 'Riga', 'Latvia'),
  lab('Institute of Soil Science', ANDEAN),
  lab('Institute of Soil Science', BALTIC, 'Riga', 'Latvia'),
  // Other institutes of both academies, whose names spell neither.
  ...Array.from({ length: 12 }, (_, i) => lab(`Institute of Palaeontology ${i}`, i % 2 ? ANDEAN : BALTIC)),
  lab('Centro de Materiais', EVORA, 'Évora', 'Portugal'),
  lab('Centro de Materiais', AVEIRO, 'Aveiro', 'Portugal'),
  lab('Centro de Estudos Clássicos', EVORA, 'Évora', 'Portugal'),
  // A record whose own name has the letters as its initials needs no parent.
  lab('Instituto Superior de Biologia Aplicada', 'Ministerio de Ciencia'),
];

const { index: search, titles } = searchOver(RECORDS);

describe('the records found by an own name and a parent’s initials (parent-suffixes.ts)', () => {
  it('names the records under that parent whose whole own name spells the rest, and adds the reading', () => {
    const plan = planQuery('IHAAS', search.index);
    const forced = readParentSuffixes(plan, search.index, search.names, true);
    expect(forced.map((d) => [search.records.entry(d).label, search.records.entry(d).parentOrganizations])).toEqual([['Institute of Hydrobiology', [ANDEAN]]]);
    const reading = plan.alternatives.find((a) => a.only !== undefined);
    expect(reading).toMatchObject({ acronym: 'ih', syllabic: true, terms: [] });
    expect([...reading!.only!]).toEqual(forced);
  });

  it('leaves a word in small letters, a word a name has as its initials, and a part of one letter', () => {
    for (const [query, shouted] of [['ihaas hydrobiology', false], ['ISBA', true], ['IAAS', true]] as const) {
      const plan = planQuery(query, search.index);
      const before = plan.alternatives.length;
      expect(readParentSuffixes(plan, search.index, search.names, shouted)).toEqual([]);
      expect(plan.alternatives.length).toBe(before);
    }
  });
});

describe('searching by an acronym with the parent’s initials glued on', () => {
  it('finds the institute of the parent the letters name, not its namesake elsewhere', () => {
    expect(titles('IHAAS')[0]).toBe('Institute of Hydrobiology');
    expect(search.search('IHAAS').hits[0]!.entry.parentOrganizations).toEqual([ANDEAN]);
    expect(search.search('IHBAS').hits[0]!.entry.parentOrganizations).toEqual([BALTIC]);
    expect(search.search('ISSBAS').hits[0]!.entry.parentOrganizations).toEqual([BALTIC]);
  });

  it('reads the own name by word beginnings, as in CE·M of "Centro de Materiais"', () => {
    const hits = search.search('CEMUE').hits;
    expect(hits[0]!.entry.label).toBe('Centro de Materiais');
    expect(hits[0]!.entry.parentOrganizations).toEqual([EVORA]);
  });

  it('finds it as one word of several', () => {
    expect(search.search('IHAAS Lima').hits[0]!.entry.parentOrganizations).toEqual([ANDEAN]);
  });

  it('still finds a record whose own name has the letters as initials', () => {
    expect(titles('ISBA')[0]).toBe('Instituto Superior de Biologia Aplicada');
  });
});
