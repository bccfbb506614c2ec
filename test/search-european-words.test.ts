// Names in Polish, Czech, Slovak, Slovene, Croatian, Hungarian, Lithuanian, Turkish,
// Azerbaijani and the Nordic languages: their generic organisation and subject words read as
// the English ones whatever their case ending (./src/server/catalogue/european-words.ts,
// inflections.ts), their function words are not searched for, and compounds of three parts, or
// of a known and an unknown part, are split (compounds.ts). Through SearchIndex over a small
// catalogue with look-alike records, and the modules' own functions.
import { describe, expect, it } from 'vitest';
import { europeanEquivalents } from '../src/server/catalogue/european-words.js';
import { inflectionStem } from '../src/server/catalogue/inflections.js';
import { compoundParts } from '../src/server/catalogue/compounds.js';
import { cognateKey } from '../src/server/catalogue/word-classes.js';
import type { SourceRecord } from '../src/server/catalogue/source-record.js';
import { searchOver } from './support/small-catalogue.js';

const lab = (label: string, more: Partial<SourceRecord> = {}) => ({ kind: 'laboratory' as const, label, ...more });
const RECORDS = [
  lab('Institute of Physics', { city: 'Zagreb', country: 'Croatia' }),
  lab('Institut za zemljište', { city: 'Belgrade', country: 'Serbia' }),
  lab('Institut za filozofiju', { city: 'Zagreb', country: 'Croatia' }),
  lab('Central Mining Institute', { city: 'Katowice', country: 'Poland' }),
  lab('Instytut Nauk Geologicznych', { city: 'Warsaw', country: 'Poland' }),
  lab('Veterinary Research Institute', { city: 'Brno', country: 'Czechia' }),
  lab('Výzkumný ústav rostlinné výroby', { city: 'Prague', country: 'Czechia' }),
  lab('Institute of Cultural History', { city: 'Ljubljana', country: 'Slovenia' }),
  lab('Center for Physical Sciences and Technology', { city: 'Vilnius', country: 'Lithuania' }),
  lab('Lithuanian Centre for Social Sciences', { city: 'Vilnius', country: 'Lithuania' }),
  lab('Institute for Energy Security and Environmental Safety', { city: 'Budapest', country: 'Hungary' }),
  lab('Energy Technologies Institute', { city: 'Loughborough', country: 'United Kingdom' }),
  lab('Sheki Regional Scientific Center', { city: 'Shaki', country: 'Azerbaijan' }),
  lab('Regional Center for Energy', { city: 'Baku', country: 'Azerbaijan' }),
  lab('Leibniz Centre for Agricultural Landscape Research', { city: 'Müncheberg', country: 'Germany' }),
  lab('Leibniz Centre for Tropical Marine Research', { city: 'Bremen', country: 'Germany' }),
  lab('Landschaft Museum', { city: 'Berlin', country: 'Germany' }),
  lab("Laboratoire des Sciences de l'Ingénieur, de l'Informatique et de l'Imagerie", { city: 'Strasbourg', country: 'France' }),
  lab('Laboratoire des Sciences du Climat', { city: 'Paris', country: 'France' }),
  lab('Norwegian Defence Research Establishment', { city: 'Kjeller', country: 'Norway' }),
  lab('Norwegian Institute for Water Research', { city: 'Oslo', country: 'Norway' }),
  lab('Institute of Infection Biology', { city: 'Berlin', country: 'Germany' }),
  lab('Institute of Cell Biology', { city: 'Bern', country: 'Switzerland' }),
];
const { index, first } = searchOver(RECORDS);

describe('generic and subject words of more European languages', () => {
  it('finds the English-labelled record from a name in Croatian, Polish, Czech, Slovene or Lithuanian', () => {
    expect(first('Institut za fiziku')).toBe('Institute of Physics');
    expect(first('Główny Instytut Górnictwa')).toBe('Central Mining Institute');
    expect(first('Výzkumný Ustav Veterinárního Lékařství')).toBe('Veterinary Research Institute');
    expect(first('Inštitut za kulturno zgodovino')).toBe('Institute of Cultural History');
    expect(first('Fizinių ir technologijos mokslų centras')).toBe('Center for Physical Sciences and Technology');
  });

  it('finds it from Azerbaijani (ə read as e) and the reverse way, English for a record in another language', () => {
    expect(first('Azərbaycan Milli Elmlər Akademiyasi Şəki Regional Elmi Mərkəzi')).toBe('Sheki Regional Scientific Center');
    expect(first('Institute of Geological Sciences')).toBe('Instytut Nauk Geologicznych');
  });

  it('reads a word by its inflection stem: fiziku, fizyki, fyziky and fizikos are all physics', () => {
    for (const w of ['fiziku', 'fizyki', 'fyziky', 'fizikos', 'fizikai']) expect(europeanEquivalents(w)).toContain('physics');
    expect(inflectionStem('veterinarniho')).toBe('veterinar');
    expect(inflectionStem('technologijos')).toBe('technolog');
    expect(inflectionStem('arastirmalari')).toBe('arastirm');
    // English words of a group are read as written only: "status" is not "state".
    expect(europeanEquivalents('state')).toContain('panstwowy');
    expect(europeanEquivalents('status')).toEqual([]);
  });
});

describe('the Hungarian -ció of learned words', () => {
  it('is the English -tion, in the noun and its -s adjective', () => {
    for (const [hu, en] of [['evolucio', 'evolution'], ['informacios', 'information'], ['infekcio', 'infection'], ['integracio', 'integration']]) {
      expect(cognateKey(hu!)).toBe(cognateKey(en!));
    }
    expect(first('Infekcióbiológiai Intézet')).toBe('Institute of Infection Biology');
  });
});

describe('subject and place words of research-organisation names', () => {
  it('reads engineering, computer science, defence and country names in other languages', () => {
    expect(first('Engineering Science, Computer Science and Imaging Laboratory')).toBe(
      "Laboratoire des Sciences de l'Ingénieur, de l'Informatique et de l'Imagerie",
    );
    expect(first('Forsvarets forskningsinstitutt')).toBe('Norwegian Defence Research Establishment');
    expect(europeanEquivalents('nederland')).toContain('netherlands');
    expect(europeanEquivalents('magyarorszagi')).toContain('hungary');
    expect(europeanEquivalents('miedzynarodowy')).toContain('international');
    expect(europeanEquivalents('tecnologia')).toContain('technology');
  });
});

describe('compounds of three parts, or of a known and an unknown part', () => {
  const inner = index.index;

  it('splits a compound into three parts when two would leave one unknown', () => {
    // The middle part without its link: the index knows "landschaft" by its translations, "landschafts" only by its stem.
    expect(compoundParts(inner, 'agrarlandschaftsforschung')).toEqual(['agrar', 'landschaft', 'forschung']);
    expect(first('Leibniz-Zentrum für Agrarlandschaftsforschung')).toBe('Leibniz Centre for Agricultural Landscape Research');
  });

  it('keeps the known part of a compound whose other part no record has', () => {
    expect(compoundParts(inner, 'kornyezetbiztonsagi')).toEqual(['kornyezet', 'biztonsagi']);
    expect(first('Energia- és Környezetbiztonsági Intézet')).toBe('Institute for Energy Security and Environmental Safety');
  });
});
