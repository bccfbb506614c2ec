// The one word of a query in capitals read as word beginnings of any length with a word of the
// name left out (src/server/catalogue/long-beginnings.ts, spelt by
// src/server/catalogue/initials-match.ts with unbounded beginnings): the spelling on its own, the
// plan's readings, and searches over a small catalogue where look-alikes share the words.
import { describe, expect, it } from 'vitest';
import { InitialsMatcher } from '../src/server/catalogue/initials-match.js';
import { readLongBeginnings } from '../src/server/catalogue/long-beginnings.js';
import { planQuery } from '../src/server/catalogue/query-plan.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const lab = (label: string, city = 'Paris', country = 'France'): Spec => ({ kind: 'laboratory', label, city, country });

const RECORDS: Spec[] = [
  // Look-alikes: they hold the words the beginnings come from, not in an order that spells them.
  ...Array.from({ length: 30 }, (_, i) => lab(`Institut de Métrologie Appliquée`, `Town${i}`, 'Nowhere')),
  ...Array.from({ length: 30 }, (_, i) => lab(`Département Alimentation Humaine`, `Village${i}`, 'Nowhere')),
  lab('Centre de droit comparé du travail et de la sécurité sociale', 'Bordeaux'),
  ...Array.from({ length: 20 }, (_, i) => lab(`Centre de droit du travail comparé ${i}`, `Bourg${i}`, 'Nowhere')),
  lab('Instituto Boliviano de Metrologia', 'La Paz', 'Bolivia'),
  lab('Microbiologie de l’alimentation au service de la santé', 'Jouy-en-Josas'),
  lab('Unité Expérimentale Horticole', 'Angers'),
  lab('Centre Nutrition, santé et société', 'Dijon'),
];

const { index: search, titles } = searchOver(RECORDS);

describe('word beginnings of any length (initials-match.ts)', () => {
  it('reads a beginning longer than four letters only when asked', () => {
    const names = search.names;
    const matcher = new InitialsMatcher(names, search.index);
    const d = search.records.size - 4;
    const n = names.docNames[d]!;
    const [from, to] = [names.nameTokens[n]!, names.nameTokens[n + 1]!];
    // I·B·METRO of "Instituto Boliviano de METROlogia".
    expect(matcher.find('ibmetro', from, to, true)).toBeNull();
    expect(matcher.find('ibmetro', from, to, true, false, true, Infinity)).toEqual([from, to - 1]);
  });
});

describe('the records found from the beginnings (long-beginnings.ts)', () => {
  it('names the records one of whose names spells the word, and adds the readings', () => {
    // A query of capitals alone (capitals say nothing of which words are acronyms) is read so too.
    const plan = planQuery('MICALIS', search.index);
    const forced = readLongBeginnings(plan, search.index, search.names, true);
    expect(forced.map((d) => search.records.entry(d).label)).toEqual(['Microbiologie de l’alimentation au service de la santé']);
    // The walk reads the run's rarest word as a guess; the ranking reads the spelling in names.
    expect(plan.alternatives.some((a) => a.acronym === null && a.quality < 0.55 && a.terms?.length === 1)).toBe(true);
    expect(plan.alternatives.some((a) => a.acronym === 'micalis' && a.long && a.terms?.length === 0)).toBe(true);
  });

  it('leaves a plan of several words, a word in small letters, or an acronym a name has as it was', () => {
    for (const [query, shouted] of [['MICALIS SERVICE', true], ['micalis', false], ['ANGERS', true]] as const) {
      const plan = planQuery(query, search.index);
      const before = plan.alternatives.length;
      expect(readLongBeginnings(plan, search.index, search.names, shouted)).toEqual([]);
      expect(plan.alternatives.length).toBe(before);
    }
  });
});

describe('searching by an acronym of long word beginnings', () => {
  it('finds a name spelt by a beginning of five letters', () => {
    expect(titles('IBMETRO')[0]).toBe('Instituto Boliviano de Metrologia');
    expect(titles('UEHORTI')[0]).toBe('Unité Expérimentale Horticole');
  });

  it('finds a name with a word left out inside or after the letters', () => {
    // MIC·ALI·S: "Microbiologie de l’alimentation au service de la santé".
    expect(titles('MICALIS')[0]).toBe('Microbiologie de l’alimentation au service de la santé');
  });

  it('finds a name with a generic first word left out', () => {
    // NUTRI·S·S: "Centre Nutrition, santé et société".
    expect(titles('NUTRISS')[0]).toBe('Centre Nutrition, santé et société');
  });

  it('finds a name spelt from its third content word, generic head words left out', () => {
    // COMP·TRA·SEC: "Centre de droit COMParé du TRAvail et de la SÉCurité sociale".
    expect(titles('COMPTRASEC')[0]).toBe('Centre de droit comparé du travail et de la sécurité sociale');
  });

  it('ranks the look-alikes that only hold the words below it', () => {
    const found = titles('MICALIS');
    expect(found.indexOf('Département Alimentation Humaine')).not.toBe(0);
  });
});
