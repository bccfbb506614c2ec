// Names whose subject words are not cognates of their translations (law, droit, Recht, derecho;
// image processing, Bild + Verarbeitung; pest, ravageur): a name typed in one European language
// finds the record written in another (./src/server/catalogue/subject-vocabulary.ts,
// subject-words.ts, joined to the generic words in european-words.ts). Through SearchIndex over
// a small catalogue with look-alike records, and the module's own function.
import { describe, expect, it } from 'vitest';
import { europeanEquivalents } from '../src/server/catalogue/european-words.js';
import { subjectMeanings } from '../src/server/catalogue/subject-words.js';
import { cognateKey } from '../src/server/catalogue/word-classes.js';
import type { SourceRecord } from '../src/server/catalogue/source-record.js';
import { searchOver } from './support/small-catalogue.js';

const lab = (label: string, more: Partial<SourceRecord> = {}) => ({ kind: 'laboratory' as const, label, ...more });
const RECORDS = [
  lab('Zentrum für Werkstoffe und Bildgebung', { city: 'Stuttgart', country: 'Germany' }),
  lab('Image Processing Laboratory', { city: 'Lyon', country: 'France' }),
  lab('Institute for Materials Research', { city: 'Leeds', country: 'United Kingdom' }),
  lab('Image Analysis Group', { city: 'Oxford', country: 'United Kingdom' }),
  lab('Centro de Derecho Espacial', { city: 'Madrid', country: 'Spain' }),
  lab('Space Research Centre', { city: 'Warsaw', country: 'Poland' }),
  lab('Centre for Law and Society', { city: 'Cardiff', country: 'United Kingdom' }),
  lab('Unité Ravageurs et Adventices des Cultures', { city: 'Dijon', country: 'France' }),
  lab('Crop Protection Unit', { city: 'Harpenden', country: 'United Kingdom' }),
  lab('Seguridad Alimentaria y Nutrición Humana', { city: 'Valencia', country: 'Spain' }),
  lab('Food Science Laboratory', { city: 'Reading', country: 'United Kingdom' }),
  lab('Laboratory of Human Genetics', { city: 'Leiden', country: 'Netherlands' }),
  lab('Centre Interdisciplinaire de Recherche Planétaire', { city: 'Nantes', country: 'France' }),
  lab('Planetary Science Institute', { city: 'Tucson', country: 'United States' }),
  lab('Zakład Biologii Molekularnej', { city: 'Kraków', country: 'Poland' }),
  lab('Department of Cell Biology', { city: 'Utrecht', country: 'Netherlands' }),
];
const { first } = searchOver(RECORDS);

describe('subject words in another language', () => {
  it('finds a record named in German, Spanish or French from its name in English', () => {
    expect(first('Centre for Materials and Imaging')).toBe('Zentrum für Werkstoffe und Bildgebung');
    expect(first('Space Law Centre')).toBe('Centro de Derecho Espacial');
    expect(first('Pests and Weeds Unit')).toBe('Unité Ravageurs et Adventices des Cultures');
    expect(first('Food Safety and Human Nutrition')).toBe('Seguridad Alimentaria y Nutrición Humana');
  });

  it('finds the English-labelled record from a name in another language, and keeps the look-alikes apart', () => {
    expect(first('Zentrum für Weltraumforschung')).toBe('Space Research Centre');
    // A German compound typed is split into words the vocabulary knows (Bild + Verarbeitung).
    expect(first('Institut für Bildverarbeitung')).toBe('Image Processing Laboratory');
    expect(first('Laboratoire de génétique humaine')).toBe('Laboratory of Human Genetics');
    expect(first('Institute for Materials Research')).toBe('Institute for Materials Research');
    expect(first('Space Research Centre')).toBe('Space Research Centre');
  });

  it('reads a word by its translations, several meanings at once, and by an inflection stem', () => {
    expect(subjectMeanings('droit')).toEqual(expect.arrayContaining(['law', 'recht', 'derecho', 'diritto']));
    expect(subjectMeanings('law')).toContain('droit');
    expect(subjectMeanings('vegetables')).toContain('gemuse');
    // "traitement" is processing and treatment.
    expect(subjectMeanings('traitement')).toEqual(expect.arrayContaining(['processing', 'treatment', 'verarbeitung', 'behandlung']));
    // An inflected form reads by its stem ("materialow" → material), not when asked for the word as written.
    expect(subjectMeanings('materialow')).toContain('werkstoffe');
    expect(subjectMeanings('materialow', false)).toBeUndefined();
    // Forms that are English words of another meaning are left out.
    for (const w of ['see', 'sol', 'boom', 'rat', 'mare', 'constructor', '__proto__']) expect(subjectMeanings(w)).toBeUndefined();
  });

  it('joins a subject word to a generic word of the same English word', () => {
    expect(europeanEquivalents('engineering')).toEqual(expect.arrayContaining(['genie', 'ingenierie', 'inzynieria']));
    expect(europeanEquivalents('genie')).toContain('engineering');
  });
});

describe('cognates by their adjective endings, and in languages that inflect by case', () => {
  it('reads -ar/-aire/-ary, -al/-el/-ell and -ous/-eux as one ending', () => {
    const same = [
      ['molecular', 'moleculaire', 'molekularen', 'moleculares'],
      ['planetary', 'planetaire', 'planetario'],
      ['cultural', 'culturel', 'kulturellen', 'culturale'],
      ['professional', 'professionnel', 'professionnelles'],
      ['infectious', 'infectieux', 'infectieuses'],
    ];
    for (const [english, ...others] of same) for (const w of others) expect(cognateKey(w!)).toBe(cognateKey(english!));
    expect(cognateKey('signal')).not.toBe(cognateKey('sign'));
  });

  it('finds the record whose words are cognates by those endings, or inflected Polish forms spelt with k', () => {
    expect(first('Interdisciplinary Centre for Planetary Research')).toBe('Centre Interdisciplinaire de Recherche Planétaire');
    expect(first('Department of Molecular Biology')).toBe('Zakład Biologii Molekularnej');
  });
});
