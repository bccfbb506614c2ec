// Which matches are ranked name by name (src/server/catalogue/coverage.ts): a unit that a record
// has only by a guess (a near spelling, bare word beginnings) counts less in the candidates' key
// when the query reads it better in another record, so the record that has the typed acronym is
// not crowded out by the many that have the parent's acronym and a near spelling of the unit's.
import { describe, expect, it } from 'vitest';
import { surelyFound } from '../src/server/catalogue/coverage.js';
import { planQuery } from '../src/server/catalogue/query-plan.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const lab = (label: string, synonyms: string[] = [], city = 'Pisa', country = 'Italy'): Spec => ({ kind: 'laboratory', label, synonyms, city, country });

const LETTERS = 'abdeghjklmnopqrstuvwxyz';
// 92 institutes of one parent, each with a name holding "CNR" and an acronym one edit from "IFC".
const LOOK_ALIKES: Spec[] = [...LETTERS.toUpperCase()].flatMap((c) => [
  lab(`Istituto ${c} di Ricerca Applicata`, [`CNR Istituto di Ricerca Applicata IF${c}`]),
  lab(`Istituto ${c} di Scienze Marine`, [`CNR Istituto di Scienze Marine I${c}C`]),
  lab(`Istituto ${c} di Studi Storici`, [`CNR Istituto di Studi Storici ${c}FC`]),
  lab(`Istituto ${c} di Fisica`, [`CNR Istituto di Fisica IFC${c}`]),
]);
const OTHERS: Spec[] = Array.from({ length: 300 }, (_, i) => lab(`Laboratorio ${i} di Chimica`, [], 'Roma'));
const RECORDS: Spec[] = [lab('Istituto di Fisiologia Clinica', ['Clinical Physiology Institute', 'IFC']), ...LOOK_ALIKES, ...OTHERS];

const { index: search, titles } = searchOver(RECORDS);

describe('the candidates of a parent acronym and a unit acronym', () => {
  it('ranks the record with the unit acronym as typed, though many have the parent and a near spelling', () => {
    expect(LOOK_ALIKES.length).toBeGreaterThan(64);
    expect(titles('CNR IFC')[0]).toBe('Istituto di Fisiologia Clinica');
  });

  it('counts a unit as guessed only when the query reads it better somewhere', () => {
    // "IFC" is a name's word: records holding a near spelling of it only guess it.
    expect(surelyFound(planQuery('CNR IFC', search.index))).toBe(0b11);
    // "Fisiologla" is no record's word: only its near spellings find records, so none is only guessing.
    expect(surelyFound(planQuery('Fisiologla', search.index))).toBe(0);
    expect(titles('Fisiologla')[0]).toBe('Istituto di Fisiologia Clinica');
  });
});
