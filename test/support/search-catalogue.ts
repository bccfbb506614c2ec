// A small catalogue for the search class tests (test/search-classes*.test.ts): for each class
// of issue 13 the record a researcher means and the records that used to come first or that
// look alike (distractors), so each test fails if its class is not handled.
import { type CatalogueEntry, SourceRecord, toEntry } from '../../src/server/catalogue/source-record.js';

type Spec = Partial<SourceRecord> & { label: string; kind: SourceRecord['kind'] };

const lab = (label: string, more: Partial<SourceRecord> = {}): Spec => ({ kind: 'laboratory', label, ...more });
const technique = (label: string, synonyms: string[] = [], parents: string[] = []): Spec => ({ kind: 'technique', label, synonyms, parents });
const equipment = (label: string, synonyms: string[] = []): Spec => ({ kind: 'equipment', label, synonyms });

export const CLASS_RECORDS: Spec[] = [
  // 1. spelling and punctuation
  technique('liquid chromatography photodiode array detection', ['LC-PDA']),
  technique('liquid chromatography', ['LC']),
  equipment('photodiode array detector', ['PDA detector']),
  lab('Institut de Recherche en Musicologie', { synonyms: ['IReMus', 'UMR 8223'], city: 'Paris', country: 'France' }),
  lab('Laboratoire de Physique des Solides', { synonyms: ['UMR 8502'], city: 'Orsay', country: 'France' }),
  equipment('ESI-Q-TOF mass spectrometer'),
  equipment('ESI mass spectrometer'),
  equipment('time-of-flight mass spectrometer'),
  technique('electron microprobe analysis'),
  technique('electron probe current measurement'),
  technique('UV-Vis spectroscopy'),
  technique('visible light spectroscopy'),
  lab('Centre for X-Ray Optics', { city: 'Berkeley', country: 'United States' }),
  lab('Centre for X-ray Optics and Lasers Research', { city: 'Berkeley', country: 'United States' }),
  // 2. British and American spellings
  technique('protein crystallization'),
  technique('protein crystal structure determination'),
  technique('colour centre spectroscopy'),
  technique('center of mass spectroscopy'),
  technique('fetal heart monitoring'),
  technique('heart rate monitoring'),
  // 3. acronyms
  lab('National Solar Observatory', { city: 'Boulder', country: 'United States' }),
  lab('Max Planck Institute for Infection Biology', { city: 'Berlin', country: 'Germany' }),
  lab('Institute for Clinical Electronics', { city: 'Hamburg', country: 'Germany' }),
  lab('Berlin Institute of Health', { city: 'Berlin', country: 'Germany' }),
  lab('NSOM Imaging Laboratory', { city: 'Boulder', country: 'United States' }),
  lab('Institute for Transport Studies', { city: 'Leeds', country: 'United Kingdom' }),
  lab('Itsukushima Research Station', { city: 'Hatsukaichi', country: 'Japan' }),
  technique('matrix-assisted laser desorption/ionization time-of-flight mass spectrometry'),
  technique('laser desorption mass spectrometry'),
  technique('multi-angle laser light scattering', ['MALLS']),
  technique('laser light scattering'),
  technique('thermogravimetry-mass spectrometry', ['TG-MS']),
  technique('thermogravimetric analysis', ['TGA']),
  technique('scanning electron microscopy energy dispersive X-ray spectroscopy', ['SEM-EDX']),
  technique('scanning electron microscopy', ['SEM']),
  technique('differential scanning calorimetry (DSC) analysis'),
  technique('scanning calorimetry analysis'),
  lab('Zentrum für Umweltforschung', { city: 'Leipzig', country: 'Germany' }),
  lab('Institut de Recherche pour le Développement', { city: 'Marseille', country: 'France' }),
  lab('Istituto di Fisica Applicata', { city: 'Florence', country: 'Italy' }),
  lab('Instituto Dominicano de Evaluación e Investigación de la Calidad Educativa', { city: 'Santo Domingo', country: 'Dominican Republic' }),
  technique('flow injection electrothermal atomic absorption spectrometry'),
  technique('flow injection analysis'),
  lab('Institute of Arctic and Alpine Research', { city: 'Boulder', country: 'United States' }),
  lab('Alpine Research Institute', { city: 'Innsbruck', country: 'Austria' }),
  lab('Stress Environnementaux et Biosurveillance des Milieux Aquatiques', { city: 'Reims', country: 'France' }),
  lab('Laboratoire de Biosurveillance', { city: 'Reims', country: 'France' }),
  technique('photoluminescence'),
  technique('photoluminescence detection'),
  technique('fluorescence detection'),
  // 4. other scripts and languages
  lab('National Supercomputing Center in Jinan', { synonyms: ['国家超级计算济南中心'], city: 'Jinan', country: 'China' }),
  lab('National Supercomputing Center in Tianjin', { synonyms: ['国家超级计算天津中心'], city: 'Tianjin', country: 'China' }),
  lab('Institute of Technical Sciences', { synonyms: ['Институт техничких наука'], city: 'Belgrade', country: 'Serbia' }),
  lab('Institute of Technical Physics', { synonyms: ['Институт технической физики'], city: 'Moscow', country: 'Russia' }),
  lab('Centre de culture hors sol', { city: 'Angers', country: 'France' }),
  lab('Horse Breeding Research Station', { city: 'Newmarket', country: 'United Kingdom' }),
  lab('Horses Welfare Unit', { city: 'Newmarket', country: 'United Kingdom' }),
  lab('Centre de recherches sociologiques et politiques', { city: 'Paris', country: 'France' }),
  lab('Centre for Political Studies', { city: 'Lyon', country: 'France' }),
  lab('Centro de Investigación Marina', { city: 'Vigo', country: 'Spain' }),
  lab('Marine Biology Teaching Collection', { city: 'Vigo', country: 'Spain' }),
  lab('Zentrum für Kältetechnik', { city: 'Dresden', country: 'Germany' }),
  lab('Refrigeration Engineering Research Group', { city: 'Dresden', country: 'Germany' }),
  lab('Astronomical Observatory', { city: 'Kyiv', country: 'Ukraine' }),
  lab('Kyiv Observatory Museum', { city: 'Kyiv', country: 'Ukraine' }),
  // 5. abbreviated organisation words
  lab('Czech Academy of Sciences, Institute of Philosophy', { city: 'Prague', country: 'Czech Republic' }),
  lab('Czech Academy of Sciences, Institute of Physics', { city: 'Prague', country: 'Czech Republic' }),
  lab('Institute of Philosophy', { city: 'Zagreb', country: 'Croatia' }),
  lab('National Center for Atmospheric Research', { city: 'Boulder', country: 'United States' }),
  lab('National Center for Atmospheric Science', { city: 'Leeds', country: 'United Kingdom' }),
  // 6. typos
  technique('nuclear magnetic resonance spectroscopy', ['NMR', 'NMR spectroscopy']),
  technique('near-field microscopy', ['NFM']),
  lab('Ceramics Laboratory', { city: 'Lausanne', country: 'Switzerland' }),
  lab('Cream Research Laboratory', { city: 'Cork', country: 'Ireland' }),
  // 7. organisation context
  lab('Cavendish Laboratory', { parentOrganizations: ['University of Cambridge'], city: 'Cambridge', country: 'United Kingdom' }),
  lab('Whitehead Institute', { parentOrganizations: ['Massachusetts Institute of Technology'], city: 'Cambridge', country: 'United States' }),
  lab('Cambridge Innovation Center', { city: 'Cambridge', country: 'United States' }),
  lab('University of Oxford Department of Physics', { parentOrganizations: ['University of Oxford'], city: 'Oxford', country: 'United Kingdom' }),
  lab('Electron Microscopy Facility', { sourceId: 'emf-cam', parentOrganizations: ['University of Cambridge'], city: 'Cambridge', country: 'United Kingdom' }),
  lab('Electron Microscopy Facility', { sourceId: 'emf-bri', parentOrganizations: ['University of Bristol'], city: 'Bristol', country: 'United Kingdom' }),
  lab('Advanced Electron Microscopy Facility', { city: 'Chicago', country: 'United States' }),
  lab('Institute of Physics', { sourceId: 'iop-cas', parentOrganizations: ['Chinese Academy of Sciences'], city: 'Beijing', country: 'China' }),
  lab('Institute of Physics', { sourceId: 'iop-zag', city: 'Zagreb', country: 'Croatia' }),
  lab('Institute of Psychology, Chinese Academy of Sciences', { parentOrganizations: ['Chinese Academy of Sciences'], city: 'Beijing', country: 'China' }),
  lab('Institute of Physics of the Slovak Academy of Sciences', { parentOrganizations: ['Slovak Academy of Sciences'], city: 'Bratislava', country: 'Slovakia' }),
  // 8. the plain concept first
  technique('confocal microscopy'),
  equipment('confocal microscope'),
  technique('confocal Raman microscopy', [], ['confocal microscopy']),
  technique('confocal Raman spectroscopy', [], ['confocal microscopy']),
  technique('polymerase chain reaction assay'),
  technique('fluorogenic PCR assay', ['TaqMan'], ['polymerase chain reaction assay']),
  lab('Paris Cardiovascular Research Center', { city: 'Paris', country: 'France' }),
  technique('high-performance liquid chromatography', ['HPLC', 'high performance liquid chromatography']),
  technique('high performance liquid chromatography assay', ['HPLC']),
  technique('reversed-phase high-performance liquid chromatography', [], ['high-performance liquid chromatography']),
  technique('chiral high-performance liquid chromatography', [], ['high-performance liquid chromatography']),
  technique('mass spectrometry', ['MS']),
  lab('Mass Spectrometry Facility', { city: 'Zurich', country: 'Switzerland' }),
  technique('thermogravimetry-mass spectrometry coupling', ['TG-MS coupling']),
];

export function classCatalogue(): CatalogueEntry[] {
  return CLASS_RECORDS.map((spec, i) => toEntry(SourceRecord.parse({ sourceId: `test:${i}`, ...spec })));
}

/** The same records as catalogue file lines (for a server). */
export function classCatalogueLines(): string {
  return `${CLASS_RECORDS.map((spec, i) => JSON.stringify({ sourceId: `test:${i}`, ...spec })).join('\n')}\n`;
}
