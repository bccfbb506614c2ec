// Initials spelled out by the query's words (National Institute of Cardiology → NIC) in a record
// whose own names spell those initials with other words (src/server/catalogue/spelled-out.ts,
// read by src/server/catalogue/name-match.ts): which records' names spell a term, and searches
// over a small catalogue where the record so contradicted used to come first.
import { describe, expect, it } from 'vitest';
import { ACRONYM } from '../src/server/catalogue/inverted-index.js';
import { spellsItself } from '../src/server/catalogue/spelled-out.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const lab = (label: string, synonyms: string[], city: string, country: string): Spec => ({ kind: 'laboratory', label, synonyms, city, country });

const RECORDS: Spec[] = [
  lab('National Institute of Chemistry', ['NIC', 'Kemijski inštitut'], 'Ljubljana', 'Slovenia'),
  lab('Instituto Nacional de Cardiología', ['NIC'], 'Mexico City', 'Mexico'),
  lab('Institute of Chemistry', ['IC'], 'Bratislava', 'Slovakia'),
  lab('National Center for Atmospheric Research', ['NCAR'], 'Boulder', 'United States'),
  lab('NCAR Research Applications Laboratory', [], 'Boulder', 'United States'),
  lab('Laboratoire atmosphères, milieux, observations spatiales', ['LATMOS'], 'Guyancourt', 'France'),
];

const { index, titles } = searchOver(RECORDS);

describe('records whose own names spell an acronym', () => {
  const inner = (index as unknown as { index: import('../src/server/catalogue/inverted-index.js').InvertedIndex }).index;
  const nic = inner.termId('nic');
  const docsOf = (t: number) => {
    const { starts, docs } = inner.fields[ACRONYM]!;
    return [...docs.subarray(starts[t]!, starts[t + 1]!)];
  };
  it('holds the derived initials of a whole name', () => {
    expect(nic).toBeGreaterThanOrEqual(0);
    const [chemistry] = docsOf(nic);
    expect(chemistry).toBeDefined();
    expect(spellsItself(inner, nic, chemistry!)).toBe(true);
  });
  it('does not hold an acronym a record only has as a word of a name', () => {
    const spelling = new Set(docsOf(nic));
    const others = [...Array(RECORDS.length).keys()].filter((d) => !spelling.has(d));
    expect(others.length).toBe(RECORDS.length - 1);
    for (const d of others) expect(spellsItself(inner, nic, d)).toBe(false);
  });
});

describe('search over a small catalogue', () => {
  it('ranks the record whose acronym the words spell out before one whose names spell it with other words', () => {
    // Both have NIC; the Slovenian institute's own name says NIC is Chemistry, not Cardiology.
    expect(titles('National Institute of Cardiology')[0]).toBe('Instituto Nacional de Cardiología');
  });
  it('still finds the record whose names spell the acronym with the words typed', () => {
    expect(titles('National Institute of Chemistry')[0]).toBe('National Institute of Chemistry');
  });
  it('keeps the spelled-out reading where the record reads every word typed, abbreviated or clipped', () => {
    expect(titles('Natl Ctr Atmospher Res')[0]).toBe('National Center for Atmospheric Research');
  });
});

describe('spelled-out initials that nothing else of a record corroborates', () => {
  const tech = (label: string, synonyms: string[]): Spec => ({ kind: 'technique', label, synonyms });
  const { titles: over } = searchOver([
    lab('Central Research Institute for Dryland Agriculture', ['CRIDA'], 'Hyderabad', 'India'),
    lab('Indian Institute of Millets Research', ['IIMR'], 'Hyderabad', 'India'),
    tech('photodiode array detection', ['PDA', 'DAD']),
    tech('liquid chromatography with photodiode array detection', ['LC-PDA']),
    tech('nuclear magnetic resonance spectroscopy', ['NMR spectroscopy']),
    tech('NMR relaxometry', []),
    tech('mass spectrometry', ['MS']),
    { kind: 'equipment', label: 'NMR probe', synonyms: [] },
    { kind: 'equipment', label: 'atom probe', synonyms: [] },
  ]);
  it('does not let a run of a long query, read as some record\'s acronym, outrank the record that has the query\'s words', () => {
    // "Project for Dryland Agriculture" spells PDA; nothing else of the query is in the photodiode records' names.
    expect(over('Project Directorate of the All India Coordinated Research Project for Dryland Agriculture')[0]).toBe('Central Research Institute for Dryland Agriculture');
  });
  it('counts the initials fully where another word of the query is in the record\'s names', () => {
    expect(over('nuclear magnetic resonance relaxometry')[0]).toBe('NMR relaxometry');
    expect(over('nuclear magnetic resonance probe')[0]).toBe('NMR probe');
  });
  it('counts the initials fully where they are the whole query', () => {
    expect(over('photo diode array')).toContain('photodiode array detection');
  });
});
