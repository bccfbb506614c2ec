// Standard other names of instruments and methods (src/server/catalogue/instrument-synonyms.ts):
// the readings a query gets, and searches through SearchIndex on a small catalogue showing the
// class found — an instrument typed by another of its standard names that shares no word with the
// record, a phrase inside a longer query, and a record named as typed staying first.
import { describe, expect, it } from 'vitest';
import { synonymReadings } from '../src/server/catalogue/instrument-synonyms.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const equipment = (label: string, synonyms: string[] = []): Spec => ({ kind: 'equipment', label, synonyms });
const technique = (label: string, synonyms: string[] = []): Spec => ({ kind: 'technique', label, synonyms });

const RECORDS: Spec[] = [
  equipment('auxiliary electrode'),
  equipment('reference electrode'),
  technique('count of multi-electrode plate electrodes detecting action potential assay'),
  equipment('gamma counter'),
  equipment('lock-in amplifier'),
  equipment('detector'),
  equipment('thermal cycler'),
  equipment('DNA microarray'),
  equipment('real-time PCR machine'),
  technique('real time polymerase chain reaction assay', ['qPCR']),
  equipment('C18 column'),
  equipment('column connector'),
  technique('organism detection by size assay'),
  equipment('spectrofluorimeter'),
  equipment('spectrophotometer'),
  technique('fluorescence spectroscopy'),
  equipment('phase-sensitive detector mount'),
];

const { titles } = searchOver(RECORDS, 'syn');

describe('instrument-synonyms.ts synonymReadings', () => {
  it('replaces a phrase of whole words by each other name of its group, the rest of the query kept as typed', () => {
    expect(synonymReadings('counter electrode')).toEqual(['auxiliary electrode']);
    expect(synonymReadings('Metrohm counter electrode, Pt')).toEqual(['Metrohm auxiliary electrode, Pt']);
    expect(synonymReadings('qPCR machine')).toEqual(['real-time PCR machine', 'quantitative PCR machine', 'quantitative real-time PCR machine']);
    // Folded as names are: case, hyphens and underscores, British spellings, digits apart from letters.
    expect(synonymReadings('DNA_amplifier')).toContain('thermal cycler');
    expect(synonymReadings('Phase Sensitive Detector')).toContain('lock-in amplifier');
    expect(synonymReadings('ODS column')).toContain('C18 column');
    expect(synonymReadings('C18 column')).toContain('ODS column');
  });

  it('reads whole words only, the longest phrase at a place, and a bounded number of readings', () => {
    expect(synonymReadings('counterelectrode')).toEqual([]);
    expect(synonymReadings('encounter electrode')).toEqual([]);
    expect(synonymReadings('C180 column')).toEqual([]);
    // "electron impact ionization" is read whole, not as "electron impact" followed by "ionization".
    expect(synonymReadings('electron impact ionization source')).toEqual(['electron ionization source', 'electron impact source']);
    expect(synonymReadings('spectrofluorometer fluorescence spectroscopy').length).toBeLessThanOrEqual(6);
    expect(synonymReadings('x '.repeat(40))).toEqual([]);
  });
});

describe('searches', () => {
  it('an instrument typed by another standard name finds the record that shares no word with it', () => {
    expect(titles('counter electrode')[0]).toBe('auxiliary electrode');
    expect(titles('phase-sensitive detector')[0]).toBe('lock-in amplifier');
    expect(titles('DNA amplifier')[0]).toBe('thermal cycler');
    expect(titles('ODS column')[0]).toBe('C18 column');
    expect(titles('fluorescence spectrophotometer')[0]).toBe('spectrofluorimeter');
    expect(titles('qPCR machine')[0]).toBe('real-time PCR machine');
  });

  it('a record named as typed stays first', () => {
    expect(titles('phase-sensitive detector mount')[0]).toBe('phase-sensitive detector mount');
    expect(titles('qPCR')[0]).toBe('real time polymerase chain reaction assay');
    expect(titles('spectrophotometer')[0]).toBe('spectrophotometer');
  });
});
