// Acronyms made of word beginnings (src/server/catalogue/acronym-readings.ts, with
// src/server/catalogue/initials-match.ts checking the beginnings in the names): an acronym in
// capitals is read as word beginnings even when another record has it as its own acronym or
// some record has it as a word, and so is the one word of a query written all in capitals.
// Searches over a small catalogue of real names and look-alikes.
import { describe, expect, it } from 'vitest';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const lab = (label: string, synonyms: string[] = [], city = 'Paris', country = 'France'): Spec => ({ kind: 'laboratory', label, synonyms, city, country });
const technique = (label: string): Spec => ({ kind: 'technique', label });

const RECORDS: Spec[] = [
  lab('Centro de Estudos Ambientais e Marinhos', [], 'Aveiro', 'Portugal'),
  lab('Centre for Economic and Social Analysis of Migration', ['CESAM'], 'London', 'United Kingdom'),
  lab('Langages HUmanités Médiations Apprentissages Interactions Numérique'),
  lab("AUCTUS: Des robots au service de l'humain au travail", [], 'Bordeaux'),
  lab("Centre de Recherche en Acquisition et Traitement de l'Image pour la Santé", [], 'Lyon'),
  lab('Lettres, Langages et Arts - Création, Recherche, Émergence, en Arts, Textes, Images, Spectacles', [], 'Toulouse'),
  technique('imaging assay'),
  technique('laser desorption-ionisation mass spectrometry'),
];

const { titles } = searchOver(RECORDS);

describe('word beginnings of an acronym another reading also explains', () => {
  it('reads an acronym in capitals that is another record’s own as word beginnings too', () => {
    // CESAM is the London centre's; C·ES·A·M also spells the Aveiro centre's words.
    const found = titles('CESAM');
    expect(found[0]).toBe('Centre for Economic and Social Analysis of Migration');
    expect(found).toContain('Centro de Estudos Ambientais e Marinhos');
  });

  it('reads an acronym in capitals that some record has as a word or inside its initials as word beginnings', () => {
    // "creatis" is inside the Toulouse laboratory's initials (LLACREATIS): C·RE·A·T·I·S is Lyon's.
    expect(titles('CREATIS')[0]).toBe("Centre de Recherche en Acquisition et Traitement de l'Image pour la Santé");
  });

  it('reads the one word of a query in capitals as word beginnings, even when it is a word', () => {
    // "l'humain" gives the word lhumain; L·HU·M·A·I·N are the beginnings of the other name's words.
    expect(titles('LHUMAIN')).toContain('Langages HUmanités Médiations Apprentissages Interactions Numérique');
  });
});
