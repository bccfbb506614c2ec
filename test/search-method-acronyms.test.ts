// Acronyms of method names that their letters spell only with the rules of scientific naming
// (src/server/catalogue/acronyms.ts, language-rules.ts): "X-ray" gives X while other hyphenated
// words give both parts (SAXS), a Latin phrase's "in" gives I (FISH, ISH), combining forms inside
// one word give theirs (CIEF: capillary ISOElectric focusing; CITP), and a clinical recording's
// -graphy gives G (EEG). Searches over a small catalogue of real names and look-alikes.
import { describe, expect, it } from 'vitest';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const technique = (label: string, synonyms: string[] = []): Spec => ({ kind: 'technique', label, synonyms });
const lab = (label: string): Spec => ({ kind: 'laboratory', label, synonyms: [], city: 'Madrid', country: 'Spain' });

const RECORDS: Spec[] = [
  technique('small-angle X-ray scattering'),
  technique('small-angle neutron scattering', ['SANS']),
  technique('fluorescence in-situ hybridization assay'),
  technique('in-situ hybridization assay'),
  technique('capillary isoelectric focusing'),
  technique('capillary isotachophoresis'),
  technique('electroencephalography'),
  technique('electrolytic etching'),
  lab('Fisheries Research Institute'),
  lab('Centro de Investigaciones en Fitopatologías'),
  lab('Institut des sciences humaines'),
];

const { titles } = searchOver(RECORDS);

describe('acronyms of method names', () => {
  it('reads X-ray as X next to hyphenated words that give both parts', () => {
    expect(titles('SAXS')[0]).toBe('small-angle X-ray scattering');
  });

  it('reads the "in" of "in situ" as an initial', () => {
    expect(titles('FISH')[0]).toBe('fluorescence in-situ hybridization assay');
    expect(titles('ISH')).toContain('in-situ hybridization assay');
  });

  it('reads combining forms inside a word and the G of a recording', () => {
    expect(titles('CIEF')[0]).toBe('capillary isoelectric focusing');
    expect(titles('CITP')).toContain('capillary isotachophoresis');
    expect(titles('EEG')[0]).toBe('electroencephalography');
  });
});
