// Compounds of German, Dutch, the Nordic languages and Hungarian (./src/server/catalogue/compounds.ts):
// a compound that another record has as a word is still read as its parts when only names in
// another language have it ("Diabetesforschung" finds the Institute of Diabetes Research, and the
// record named with the compound keeps it as a reading of both parts); a German plural in -en of
// a Latin noun is read as that noun ("Quanten" → quantum), and parts the index knows as words
// come before parts only an inflection stem finds ("quantum|information", not
// "quanteni|formation"); a learned word of another language is no compound ("Internacional",
// "Neurobiologie", "thérapeutiques"). Through SearchIndex over a small catalogue with look-alike
// records, and the splitter's own look-up. A compound the index has only as the joined form of
// a hyphenated pair ("Diabetes-Forschung") is split too.
import { describe, expect, it } from 'vitest';
import { compoundParts, splitCompounds } from '../src/server/catalogue/compounds.js';
import { prepareText } from '../src/server/catalogue/search-text.js';
import type { SourceRecord } from '../src/server/catalogue/source-record.js';
import { searchOver } from './support/small-catalogue.js';

const lab = (label: string, more: Partial<SourceRecord> = {}) => ({ kind: 'laboratory' as const, label, ...more });
const RECORDS = [
  lab('Institute of Diabetes Research', { city: 'Munich', country: 'Germany' }),
  lab('Deutsches Zentrum für Diabetesforschung', { city: 'Neuherberg', country: 'Germany' }),
  lab('Institute of Cancer Research', { city: 'London', country: 'United Kingdom' }),
  lab('Institute for Quantum Optics and Quantum Information', { city: 'Innsbruck', country: 'Austria' }),
  lab('Institut für Quantenelektronik', { city: 'Zurich', country: 'Switzerland' }),
  lab('Institut de Formation et de Recherche Démographiques', { city: 'Ouagadougou', country: 'Burkina Faso' }),
  lab('Centro Internacional de Física', { city: 'Bogotá', country: 'Colombia' }),
  lab('Institut für Neurobiologie', { city: 'Magdeburg', country: 'Germany' }),
  lab('Laboratoire de cibles thérapeutiques', { city: 'Lyon', country: 'France' }),
  ...['Marine Biology Station', 'Laboratory of Organic Chemistry', 'Centre for Climate Research', 'Institute of Applied Mathematics',
    'Plasma Physics Laboratory', 'National Centre for Genomics', 'Soil Science Institute', 'Centre for Language Studies',
    'Centre for Materials Science', 'Observatory of Astrophysics', 'Institute of Information Science'].map((l) => lab(l)),
];
const { first, index } = searchOver(RECORDS);
const inner = index.index;
const splits = (text: string) => {
  const wholes: { word: string; parts: readonly { word: string }[] }[] = [];
  splitCompounds(inner, prepareText(text).tokens, () => true, wholes);
  return wholes.map((w) => w.parts.map((p) => p.word));
};

describe('compounds read as their parts', () => {
  it('reads a Latin noun in a German plural as the noun, and prefers parts known as words', () => {
    expect(compoundParts(inner, 'quanteninformation')).toEqual(['quantum', 'information']);
    expect(compoundParts(inner, 'quantenoptik')?.[0]).toBe('quantum');
  });

  it('splits a compound only names in another language have, and no learned word', () => {
    expect(splits('Diabetesforschung')).toEqual([['diabetes', 'forschung']]);
    expect(splits('Centro Internacional')).toEqual([]);
    expect(splits('Institut für Neurobiologie')).toEqual([]);
    expect(splits('cibles thérapeutiques')).toEqual([]);
  });

  it('finds the English-named record from the compound another record has, and that record from it still', () => {
    expect(first('Institut für Diabetesforschung')).toBe('Institute of Diabetes Research');
    expect(first('Deutsches Zentrum für Diabetesforschung')).toBe('Deutsches Zentrum für Diabetesforschung');
    expect(first('Institut für Quantenoptik und Quanteninformation')).toBe('Institute for Quantum Optics and Quantum Information');
  });
});

describe('a compound the index has only as a hyphenated pair joined', () => {
  const hyphenated = searchOver([
    lab('Institute of Diabetes Research', { city: 'Munich', country: 'Germany' }),
    lab('Leibniz-Zentrum für Diabetes-Forschung', { city: 'Düsseldorf', country: 'Germany' }),
    lab('Institute of Cancer Research', { city: 'London', country: 'United Kingdom' }),
    ...['Marine Biology Station', 'Laboratory of Organic Chemistry', 'Centre for Climate Research'].map((l) => lab(l)),
  ]);

  it('is split as one only names in another language have ("Diabetes-Forschung")', () => {
    expect(hyphenated.first('Institut für Diabetesforschung')).toBe('Institute of Diabetes Research');
    expect(hyphenated.titles('Institut für Diabetesforschung')).toContain('Leibniz-Zentrum für Diabetes-Forschung');
  });
});

describe('a compound only a slip finds, and a part read without its link', () => {
  const tech = (label: string) => ({ kind: 'technique' as const, label });
  const slips = searchOver([
    lab('Institute for Mechanics of Materials', { city: 'Darmstadt', country: 'Germany' }),
    lab('Institut für Werkstofftechnik', { city: 'Kassel', country: 'Germany' }),
    lab('Institute of Materials Technology', { city: 'Zagreb', country: 'Croatia' }),
    lab('Institute of Automation', { city: 'Bremen', country: 'Germany' }),
    lab('Zentrum für Robotik und Automatisierungstechnik', { city: 'Ilmenau', country: 'Germany' }),
    lab('Institute of Process Engineering', { city: 'Linz', country: 'Austria' }),
    lab('Centre for Automotive Research', { city: 'Coventry', country: 'United Kingdom' }),
    tech('thermogravimetric analysis'),
    tech('thermal analysis'),
    tech('gravimetric analysis'),
  ]);
  const slipSplits = (text: string) => {
    const wholes: { word: string; parts: readonly { word: string }[] }[] = [];
    splitCompounds(slips.index.index, prepareText(text).tokens, () => 'slip', wholes);
    return wholes.map((w) => w.parts.map((p) => p.word));
  };

  it('splits a compound of known words that only a near spelling finds ("Werkstoffmechanik", two edits from "werkstofftechnik")', () => {
    expect(slipSplits('Werkstoffmechanik')).toEqual([['werkstoff', 'mechanik']]);
    expect(slips.first('Institut für Werkstoffmechanik')).toBe('Institute for Mechanics of Materials');
    expect(slips.first('Institut für Werkstofftechnik')).toBe('Institut für Werkstofftechnik');
  });

  it('leaves two English words glued as a slip of one ("thermalgravimetric")', () => {
    expect(slipSplits('thermalgravimetric')).toEqual([]);
    expect(slips.first('thermalgravimetric analysis')).toBe('thermogravimetric analysis');
  });

  it('reads a part without its link where the index knows that better, and Technik as engineering', () => {
    expect(compoundParts(slips.index.index, 'automatisierungstechnik')).toEqual(['automatisierung', 'technik']);
    expect(slips.first('Institut für Automatisierungstechnik')).toBe('Institute of Automation');
    expect(slips.first('Institut für Verfahrenstechnik')).toBe('Institute of Process Engineering');
  });
});
