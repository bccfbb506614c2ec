// Legal forms and status phrases of Latin-script organisation names ("veřejná výzkumná
// instituce", "GmbH", "S.p.A.", "Federal State Budgetary Institution of Science") are left out
// of a query's units (./src/server/catalogue/legal-forms.ts), and a discipline found by a
// translation or cognate also reaches its other English form (translation-chains.ts:
// "Sociologický" → sociological → sociology). Through SearchIndex over a small catalogue with
// look-alike records that share the legal form, and the modules' own functions.
import { describe, expect, it } from 'vitest';
import { withoutLegalForms } from '../src/server/catalogue/legal-forms.js';
import { disciplineForms, softenedAdjective } from '../src/server/catalogue/translation-chains.js';
import { prepareText, STOP } from '../src/server/catalogue/search-text.js';
import type { SourceRecord } from '../src/server/catalogue/source-record.js';
import { searchOver } from './support/small-catalogue.js';

const lab = (label: string, more: Partial<SourceRecord> = {}) => ({ kind: 'laboratory' as const, label, ...more });
const czech = { city: 'Prague', country: 'Czechia', parents: ['Czech Academy of Sciences'] };
const slovak = { city: 'Bratislava', country: 'Slovakia', parents: ['Slovak Academy of Sciences'] };
const RECORDS = [
  lab('Czech Academy of Sciences, Institute of Sociology', czech),
  lab('Czech Academy of Sciences, Institute of Computer Science', { ...czech, synonyms: ['Ústav informatiky AV ČR, veřejná výzkumná instituce'] }),
  lab('Czech Academy of Sciences, Institute of Geonics', { ...czech, synonyms: ['Ústav geoniky AV ČR, veřejná výzkumná instituce'] }),
  lab('Czech Academy of Sciences, Institute of Hydrodynamics', { ...czech, synonyms: ['Ústav pro hydrodynamiku AV ČR, veřejná výzkumná instituce'] }),
  lab('Institute of Botany of the Slovak Academy of Sciences', slovak),
  lab('Institute of Materials Research of the Slovak Academy of Sciences', { ...slovak, synonyms: ['Ústav materiálového výskumu SAV, verejná výskumná inštitúcia'] }),
  lab('Institute of Zoology of the Slovak Academy of Sciences', { ...slovak, synonyms: ['Ústav zoológie SAV, verejná výskumná inštitúcia'] }),
  lab('Botanical Garden', { city: 'Košice', country: 'Slovakia' }),
  lab('Slovak Sociological Association', { city: 'Bratislava', country: 'Slovakia' }),
  lab('Institute for Anthropological Research', { city: 'Zagreb', country: 'Croatia' }),
  lab('Anthropology Museum', { city: 'Madrid', country: 'Spain' }),
  lab('Institute of Immunology', { city: 'Zagreb', country: 'Croatia' }),
  lab('Immunological Diagnostics Unit', { city: 'Graz', country: 'Austria' }),
  lab('Institute of Microbiology', { city: 'Zagreb', country: 'Croatia' }),
  lab('Institute of Solid State Chemistry', { city: 'Yekaterinburg', country: 'Russia' }),
  lab('Federal State Budgetary Institution of Science Institute of Organic Synthesis', { city: 'Yekaterinburg', country: 'Russia' }),
  lab('Federal State Budgetary Institution of Science Institute of Metal Physics', { city: 'Yekaterinburg', country: 'Russia' }),
  // Records of other subjects, so that words weigh as rarely as they do in a catalogue.
  ...['Marine Biology Station', 'Laboratory of Organic Chemistry', 'Centre for Climate Research', 'Institute of Applied Mathematics',
    'Plasma Physics Laboratory', 'National Centre for Genomics', 'Soil Science Institute', 'Centre for Language Studies',
    'Laboratory of Neurobiology', 'Institute of Economics', 'Centre for Materials Science', 'Observatory of Astrophysics'].map((l) => lab(l)),
];
const { first } = searchOver(RECORDS);

const words = (text: string) =>
  withoutLegalForms(prepareText(text).tokens)
    .filter((t) => !(t.flags & STOP))
    .map((t) => t.word);

describe('legal forms of Latin-script names', () => {
  it('leaves them out of a query, written with dots or in full, in any of the languages', () => {
    expect(words('Bruker Optik GmbH')).toEqual(['bruker', 'optik']);
    expect(words('Leibniz-Institut für Bildungsverläufe e.V.')).toEqual(['leibniz', 'institut', 'bildungsverlaufe']);
    expect(words('Istituto Italiano di Tecnologia S.p.A.')).toEqual(['istituto', 'italiano', 'tecnologia']);
    expect(words('Instytut Chemii Sp. z o.o.')).toEqual(['instytut', 'chemii']);
    expect(words('Ústav geoniky AV ČR, veřejná výzkumná instituce')).toEqual(['ustav', 'geoniky', 'av', 'cr']);
    expect(words('Federal State Budgetary Institution of Science Institute of Metal Physics')).toEqual(['institute', 'metal', 'physics']);
  });

  it('keeps a word that is a legal form only at the end, initials written apart, and a query that is only a legal form', () => {
    expect(words('AB Sciex mass spectrometer')).toEqual(['ab', 'sciex', 'mass', 'spectrometer']);
    expect(words('S. A. Smith Laboratory')).toEqual(['s', 'a', 'smith', 'laboratory']);
    expect(words('GmbH')).toEqual(['gmbh']);
    expect(words('veřejná výzkumná instituce')).toEqual(['verejna', 'vyzkumna', 'instituce']);
  });

  it('finds the institute by its distinctive words, not the sibling sharing the legal form', () => {
    expect(first('Sociologický ústav, veřejná výzkumná instituce')).toBe('Czech Academy of Sciences, Institute of Sociology');
    expect(first('Botanický ústav Slovenská akadémia vied, verejná výskumná inštitúcia')).toBe('Institute of Botany of the Slovak Academy of Sciences');
    expect(first('Federal State Budgetary Institution of Science Institute of Solid State Chemistry')).toBe('Institute of Solid State Chemistry');
  });
});

describe('a discipline reached in both its English forms', () => {
  it('gives the noun of an adjective and the adjectives of a noun, in English and as other languages end them', () => {
    expect(disciplineForms('sociological')).toContain('sociology');
    expect(disciplineForms('anthropology')).toEqual(expect.arrayContaining(['anthropological', 'anthropologic']));
    expect(disciplineForms('pharmacologiques')).toContain('pharmacology');
    expect(disciplineForms('botanical')).toContain('botany');
  });

  it('follows no word of another meaning: physics is not physical, Germany not German', () => {
    expect(disciplineForms('physical')).toEqual([]);
    expect(disciplineForms('germany')).toEqual([]);
    expect(disciplineForms('electronic')).toEqual([]);
    expect(disciplineForms('optical')).toEqual([]);
  });

  it('reads a South Slavic adjective in -oški as one in -ogical', () => {
    expect(softenedAdjective('imunoloski')).toBe('imunological');
    expect(softenedAdjective('pedagoska')).toBe('pedagogical');
    expect(softenedAdjective('slovenski')).toBeNull();
  });

  it('finds the record named by the adjective from a translation that reads as the noun', () => {
    expect(first('Institut za antropologiju')).toBe('Institute for Anthropological Research');
    expect(first('Imunološki zavod')).toBe('Institute of Immunology');
  });
});
