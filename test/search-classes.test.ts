// Each class of name a researcher types that is not written in the record the same way
// (issue 13), through SearchIndex over a small catalogue with look-alike records
// (./support/search-catalogue.ts). The REST API is exercised in search-classes-rest.test.ts
// and on the shipped catalogue in catalogue-search.test.ts.
import { describe, expect, it } from 'vitest';
import type { SearchIndex } from '../src/server/catalogue/search-index.js';
import { buildSearchIndex } from '../src/server/catalogue/search-index-builder.js';
import { classCatalogue } from './support/search-catalogue.js';
import { searchOver } from './support/small-catalogue.js';

const index = buildSearchIndex(classCatalogue());
const titles = (q: string) => index.search(q).hits.map((h) => h.entry.label);
const first = (q: string) => titles(q)[0];
const rank = (q: string, label: string) => titles(q).indexOf(label);

describe('1. spelling and punctuation that is not the record\'s', () => {
  it('reads letters and digits of a code however they are spaced', () => {
    expect(first('UMR8223')).toBe('Institut de Recherche en Musicologie');
    expect(first('UMR 8223')).toBe('Institut de Recherche en Musicologie');
    expect(first('umr-8223')).toBe('Institut de Recherche en Musicologie');
  });

  it('joins and splits hyphenated codes and words', () => {
    expect(first('LCPDA')).toBe('liquid chromatography photodiode array detection');
    expect(first('ESI-QTOF')).toBe('ESI-Q-TOF mass spectrometer');
    expect(first('electron micro-probe analysis')).toBe('electron microprobe analysis');
    expect(first('UV/VIS spectroscopy')).toBe('UV-Vis spectroscopy');
  });

  it('ranks a record first whose name is the query once case, accents, spaces and punctuation are ignored', () => {
    expect(first('centre for xray optics')).toBe('Centre for X-Ray Optics');
    expect(first('CENTRE FOR X RAY OPTICS')).toBe('Centre for X-Ray Optics');
    expect(first('Institut de Recherche en Musicologie')).toBe('Institut de Recherche en Musicologie');
  });
});

describe('2. British and American spellings, both ways', () => {
  it('finds the record in the other spelling first', () => {
    expect(first('protein crystallisation')).toBe('protein crystallization');
    expect(first('color center spectroscopy')).toBe('colour centre spectroscopy');
    expect(first('foetal heart monitoring')).toBe('fetal heart monitoring');
  });
});

describe('3. acronyms and initialisms the record does not spell out', () => {
  it('derives initials of content words, an exact hit above a word that only starts with them', () => {
    expect(first('NSO')).toBe('National Solar Observatory');
    expect(rank('NSO', 'NSOM Imaging Laboratory')).toBeGreaterThan(0);
    // Two names have the initials ITS; the station whose name only starts with them comes after both.
    expect(titles('ITS').slice(0, 2).sort()).toEqual(['Institute for Transport Studies', 'Institute of Technical Sciences']);
  });

  it('derives them with and without function words, in several languages', () => {
    expect(first('ZfU')).toBe('Zentrum für Umweltforschung');
    expect(first('IRD')).toBe('Institut de Recherche pour le Développement');
    expect(first('IFA')).toBe('Istituto di Fisica Applicata');
  });

  it('reads a long acronym no record has as a word as initials, in capitals or not', () => {
    // Six letters or more in capitals may be a shouted word; one that is no record's word is initials.
    expect(first('IDEICE')).toBe('Instituto Dominicano de Evaluación e Investigación de la Calidad Educativa');
    expect(first('fietaas')).toBe('flow injection electrothermal atomic absorption spectrometry');
  });

  it('reads word beginnings of a whole name, or of the words that start it, even in a query all in capitals', () => {
    // INSTitute of Arctic and Alpine Research: a shouted word no record has; Stress
    // Environnementaux et BIOsurveillance des Milieux Aquatiques: the first words only.
    expect(first('INSTAAR')).toBe('Institute of Arctic and Alpine Research');
    expect(first('SEBIO')).toBe('Stress Environnementaux et Biosurveillance des Milieux Aquatiques');
  });

  it('reads a word made of combining forms as its initials, on its own or among other words', () => {
    expect(first('PL')).toBe('photoluminescence');
    expect(first('PL detection')).toBe('photoluminescence detection');
  });

  it('reads the letters of hyphenated and slashed parts', () => {
    expect(first('MALDI-TOF')).toBe('matrix-assisted laser desorption/ionization time-of-flight mass spectrometry');
  });

  it('reads a parenthesised acronym, and the name without it', () => {
    expect(first('DSC')).toBe('differential scanning calorimetry (DSC) analysis');
    expect(first('differential scanning calorimetry analysis')).toBe('differential scanning calorimetry (DSC) analysis');
  });

  it('accepts letter variants of a published acronym', () => {
    expect(first('MALS')).toBe('multi-angle laser light scattering');
    expect(first('TGA-MS')).toBe('thermogravimetry-mass spectrometry');
    expect(first('SEM-EDXA')).toBe('scanning electron microscopy energy dispersive X-ray spectroscopy');
  });
});

describe('4. other scripts and languages', () => {
  it('indexes Chinese by character pairs', () => {
    expect(first('济南中心')).toBe('National Supercomputing Center in Jinan');
    expect(first('国家超级计算天津中心')).toBe('National Supercomputing Center in Tianjin');
  });

  it('searches Cyrillic names', () => {
    expect(first('Институт техничких наука')).toBe('Institute of Technical Sciences');
  });

  it('reads German, Dutch or Scandinavian k as an English c, and splits a compound no record has', () => {
    expect(first('Institut für klinische Elektronik')).toBe('Institute for Clinical Electronics');
    expect(first('Max-Planck-Institut für Infektionsbiologie')).toBe('Max Planck Institute for Infection Biology');
    expect(first('Infektionsbiologie')).toBe('Max Planck Institute for Infection Biology');
    // A word the index has is never split, however long.
    expect(first('Musicologie')).toBe('Institut de Recherche en Musicologie');
  });

  it('reads a word\'s ending in another language as the English one (-ical/-ique, -ory/-oire)', () => {
    expect(first('Center for Sociological and Political Research')).toBe('Centre de recherches sociologiques et politiques');
    expect(first('Observatoire astronomique de Kyiv')).toBe('Astronomical Observatory');
  });

  it('reads generic organisation words in another language as the English ones (research, centre)', () => {
    expect(first('Marine Research Center')).toBe('Centro de Investigación Marina');
    expect(first('Centro de Investigación Marina')).toBe('Centro de Investigación Marina');
    // A generic word weighs what its commonest equivalent does: the distinctive word decides.
    expect(first('Forschung Kältetechnik')).toBe('Zentrum für Kältetechnik');
  });

  it('does not put a French name through the English stemmer', () => {
    const horses = titles('horses');
    expect(horses).not.toContain('Centre de culture hors sol');
    expect(horses).toContain('Horse Breeding Research Station');
  });

  it('ranks an unstemmed exact word above its stemmed form', () => {
    expect(first('horses')).toBe('Horses Welfare Unit');
    expect(first('horse')).toBe('Horse Breeding Research Station');
  });
});

describe('5. abbreviated words in organisation names', () => {
  it('expands the usual abbreviations', () => {
    expect(first('Czech Acad Sci, Inst Philosophy')).toBe('Czech Academy of Sciences, Institute of Philosophy');
    expect(first('Natl Ctr Atmospher Res')).toBe('National Center for Atmospheric Research');
  });
});

describe('6. typos on short words', () => {
  it('tolerates one wrong or swapped letter in a short word or acronym', () => {
    expect(first('MADI-TOF')).toBe('matrix-assisted laser desorption/ionization time-of-flight mass spectrometry');
    expect(first('NRM spectroscopy')).toBe('nuclear magnetic resonance spectroscopy');
    expect(first('nuclear magentic resonance')).toBe('nuclear magnetic resonance spectroscopy');
  });

  it('reads a misspelt word as its correction: the correction first, then its stem class', () => {
    // "mikroscope" → microscope: the equipment first, the technique (its stem class) next.
    expect(titles('confocal mikroscope').slice(0, 2)).toEqual(['confocal microscope', 'confocal microscopy']);
    expect(titles('confocal mikroscopy').slice(0, 2)).toEqual(['confocal microscopy', 'confocal microscope']);
  });

  it('ranks exact and completed words above typo matches', () => {
    expect(first('ceram')).toBe('Ceramics Laboratory');
    expect(first('cream')).toBe('Cream Research Laboratory');
  });
});

describe('7. organisation context', () => {
  it('ranks institutes of a parent organisation above ones that only share its city', () => {
    const r = titles('university of cambridge');
    expect(r[0]).toMatch(/Cavendish Laboratory|Electron Microscopy Facility/);
    expect(r.indexOf('Cavendish Laboratory')).toBeLessThan(r.indexOf('Whitehead Institute'));
    expect(r.indexOf('Cavendish Laboratory')).toBeLessThan(r.indexOf('Cambridge Innovation Center'));
  });

  it('ranks a kind of facility in the place named first', () => {
    const hits = index.search('electron microscopy facility Cambridge').hits;
    expect(hits[0]!.entry.sourceId).toBe('emf-cam');
    expect(hits[1]!.entry.sourceId).toBe('emf-bri');
  });
});

describe('7. an organisation\'s name with its parent, as researchers write it', () => {
  it('ranks the institute of that name whose parent is named first, above one holding more of the words in its own name', () => {
    const hits = index.search('Institute of Physics, Chinese Academy of Sciences').hits;
    expect(hits[0]!.entry.sourceId).toBe('iop-cas');
    expect(hits.findIndex((h) => h.entry.label === 'Institute of Psychology, Chinese Academy of Sciences')).toBeGreaterThan(0);
  });

  it('weighs an abbreviation as what it stands for, so the rare words decide', () => {
    // "Inst" and "Sci" are also rare words as written; read as institute and sciences they
    // weigh little, and "Chinese" picks the parent.
    expect(index.search('Inst Phys Chinese Acad Sci').hits[0]!.entry.sourceId).toBe('iop-cas');
    expect(index.search('Inst Phys Slovak Acad Sci').hits[0]!.entry.label).toBe('Institute of Physics of the Slovak Academy of Sciences');
  });
});

describe('8. the plain concept first', () => {
  it('confocal: the microscopy and the microscope before the Raman variants', () => {
    expect(titles('confocal').slice(0, 2).sort()).toEqual(['confocal microscope', 'confocal microscopy']);
  });

  it('PCR finds polymerase chain reaction, above a laboratory with those initials', () => {
    expect(first('PCR')).toBe('polymerase chain reaction assay');
    expect(rank('PCR', 'Paris Cardiovascular Research Center')).toBeGreaterThan(1);
  });

  it('HPLC puts the technique above its assay variant', () => {
    expect(titles('HPLC').slice(0, 2)).toEqual(['high-performance liquid chromatography', 'high performance liquid chromatography assay']);
  });

  it('mass spectrometry facility: mass spectrometry and its facilities first', () => {
    expect(titles('mass spectrometry facility').slice(0, 2).sort()).toEqual(['Mass Spectrometry Facility', 'mass spectrometry']);
  });
});

describe('5b. the chemist\'s shorthand of common solvents', () => {
  // Made-up records: the generic method and its variants by solvent, as a catalogue names them.
  const { first: firstOf } = searchOver(
    ['extraction', 'solvent extraction', 'ethanol extraction', 'methanol extraction', 'tetrahydrofuran extraction'].map((label) => ({ kind: 'technique' as const, label })),
    'solvents',
  );

  it('reads EtOH, MeOH, THF as the solvents they name', () => {
    expect(firstOf('EtOH extraction')).toBe('ethanol extraction');
    expect(firstOf('MeOH extraction')).toBe('methanol extraction');
    expect(firstOf('THF extraction')).toBe('tetrahydrofuran extraction');
  });
});
