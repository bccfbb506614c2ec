// A learned word with an umlaut vowel where English writes e (./src/server/catalogue/umlaut-vowels.ts,
// read with the loan spellings): Archäologie = archeology, Ökologie = ecology, Oekosysteme =
// ecosystems. The spellings tried, and searches of a small catalogue with look-alike records
// through SearchIndex.
import { describe, expect, it } from 'vitest';
import { umlautVariants } from '../src/server/catalogue/umlaut-vowels.js';
import { type RecordSpec, searchOver } from './support/small-catalogue.js';

describe('umlaut vowels for English e', () => {
  it('spells an English word with a or o for an e of its first letters', () => {
    expect(umlautVariants('archeological', true)).toEqual(['archaological']);
    expect(umlautVariants('ecology', true)).toContain('ocology');
  });

  it('only where a Latin ae or oe may have stood', () => {
    expect(umlautVariants('slovansky', false)).toEqual([]);
    expect(umlautVariants('modulaires', false)).not.toContain('medulaires');
    expect(umlautVariants('special', true)).toEqual([]);
    expect(umlautVariants('hamatologie', false)).toEqual(['hematologie']);
  });

  it("spells another language's word with e for a or o, and ae, oe without the e or as e", () => {
    expect(umlautVariants('okologiai', false)).toContain('ekologiai');
    expect(umlautVariants('oekosysteme', false)).toEqual(expect.arrayContaining(['okosysteme', 'ekosysteme']));
  });

  it('leaves short words alone', () => {
    expect(umlautVariants('metal', true)).toEqual([]);
  });
});

const lab = (label: string, more: Partial<RecordSpec> = {}): RecordSpec => ({ kind: 'laboratory', label, ...more });
const RECORDS: RecordSpec[] = [
  lab('Deutsches Archäologisches Institut, Abteilung Rom', { country: 'Italy' }),
  lab('German Institute for Japanese Studies', { country: 'Japan' }),
  lab('Institute of Ecology and Botany', { country: 'Hungary' }),
  lab('Institute of Aquatic Ecology', { country: 'Spain' }),
  lab('Institute of Terrestrial Ecosystems', { country: 'Switzerland' }),
  lab('Institut national de l’environnement industriel et des risques', { country: 'France' }),
  lab('Botanical Institute', { country: 'Hungary' }),
  lab('Archaeological Institute of America', { country: 'United States' }),
  lab('Laboratory of Organic Chemistry'),
  lab('Centre for Climate Research'),
];

describe('umlaut spellings find the same learned word in the other language', () => {
  const { first } = searchOver(RECORDS);

  it('finds the German name from the English one', () => {
    expect(first('German Archaeological Institute, Rome Department')).toBe('Deutsches Archäologisches Institut, Abteilung Rom');
  });

  it('finds the English name from the Hungarian and German ones', () => {
    expect(first('Ökológiai és Botanikai Intézet')).toBe('Institute of Ecology and Botany');
    expect(first('Institut für Terrestrische Oekosysteme')).toBe('Institute of Terrestrial Ecosystems');
  });
});
