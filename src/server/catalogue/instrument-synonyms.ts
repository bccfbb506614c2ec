// The standard other names of laboratory instruments, methods and consumables, as instrument
// catalogues and textbooks give them: a thermal cycler is also a thermocycler, a PCR machine or a
// DNA amplifier; a lock-in amplifier a phase-sensitive detector; a counter electrode an auxiliary
// electrode; an ODS column a C18 column. These are names of the same thing that share no word a
// rule could find (not spellings, endings or acronyms, which ./word-forms.ts, ./acronyms.ts and
// the stem classes read), so they are listed, one group per thing, in the folded words of
// ./search-text.ts. A query holding a group's phrase as whole words is also searched with the
// phrase replaced by each other name of its group (./search-index.ts): a record keeps its better
// score, a reading's counting a little less, so a record named as typed stays first.
// Only names in general use for the same thing belong here — never a name of one product or
// one record — and a broader term is no other name ("fluorometer" yes, "biochip" no).
import { prepareText } from './search-text.js';

const GROUPS: readonly (readonly string[])[] = [
  // electrochemistry
  ['counter electrode', 'auxiliary electrode'],
  ['standard hydrogen electrode', 'normal hydrogen electrode'],
  ['coulometer', 'voltameter'],
  ['electrodeposition', 'electrochemical deposition', 'electroplating'],
  ['electrophoretic deposition', 'electrocoating', 'electropainting', 'e-coating'],
  ['conductivity meter', 'conductometer'],
  // electronics and detectors
  ['lock-in amplifier', 'phase-sensitive detector', 'phase-sensitive amplifier'],
  ['boxcar integrator', 'boxcar averager'],
  ['multichannel analyzer', 'pulse height analyzer'],
  ['Geiger counter', 'Geiger-Müller counter'],
  ['thermal conductivity detector', 'katharometer', 'hot wire detector'],
  ['diode array detector', 'photodiode array detector'],
  ['diode array detection', 'photodiode array detection'],
  ['refractive index detector', 'differential refractometer'],
  ['nitrogen phosphorus detector', 'thermionic specific detector'],
  ['electron ionization', 'electron impact ionization', 'electron impact'],
  ['triple quadrupole', 'tandem quadrupole', 'QqQ'],
  // molecular and cell biology
  ['thermal cycler', 'thermocycler', 'PCR machine', 'DNA amplifier'],
  ['real-time PCR', 'quantitative PCR', 'qPCR', 'quantitative real-time PCR'],
  ['DNA microarray', 'DNA chip', 'gene chip'],
  ['western blot', 'immunoblot', 'protein immunoblot'],
  ['western blotting', 'immunoblotting'],
  ['next-generation sequencing', 'high-throughput sequencing', 'massively parallel sequencing', 'second-generation sequencing'],
  ['Sanger sequencing', 'chain termination sequencing', 'dideoxy sequencing'],
  ['enzyme-linked immunosorbent assay', 'enzyme immunoassay'],
  ['microplate reader', 'plate reader', 'ELISA reader'],
  ['gel documentation system', 'gel imager', 'gel doc'],
  ['electrophoresis tank', 'electrophoresis chamber', 'gel tank', 'gel box'],
  ['microcentrifuge', 'microfuge'],
  ['biological safety cabinet', 'biosafety cabinet', 'microbiological safety cabinet'],
  ['laminar flow cabinet', 'laminar flow hood', 'clean bench'],
  ['bioreactor', 'fermenter', 'fermentor'],
  ['bead beater', 'bead mill'],
  ['French press', 'French pressure cell'],
  ['sonicator', 'ultrasonic homogenizer', 'ultrasonic processor', 'ultrasonic disruptor'],
  ['ultrasonic bath', 'ultrasonic cleaner', 'sonication bath'],
  ['hemocytometer', 'counting chamber', 'Neubauer chamber'],
  ['vibratome', 'vibrating microtome'],
  ['cryotome', 'cryostat microtome'],
  ['liquid handler', 'liquid handling robot', 'liquid handling workstation', 'liquid handling system', 'pipetting robot'],
  ['micropipette', 'pipettor'],
  ['vortex mixer', 'vortexer'],
  ['magnetic stirrer', 'magnetic stir plate', 'stir plate', 'magnetic mixer'],
  ['dry block heater', 'heat block', 'heating block', 'dry bath'],
  // general laboratory
  ['freeze dryer', 'lyophilizer'],
  ['freeze drying', 'lyophilization'],
  ['rotary evaporator', 'rotavap', 'rotovap'],
  ['vacuum concentrator', 'centrifugal evaporator', 'centrifugal concentrator', 'SpeedVac'],
  ['fume hood', 'fume cupboard', 'fume cabinet'],
  ['autoclave', 'steam sterilizer'],
  ['glove box', 'dry box'],
  ['Schlenk line', 'vacuum gas manifold'],
  ['muffle furnace', 'muffle oven'],
  ['drying oven', 'hot air oven'],
  ['Petri dish', 'Petri plate'],
  ['Erlenmeyer flask', 'conical flask'],
  ['graduated cylinder', 'measuring cylinder'],
  ['viscometer', 'viscosimeter'],
  ['particle size analyzer', 'particle sizer'],
  ['water purification system', 'ultrapure water system'],
  ['surgical mask', 'medical mask', 'procedure mask'],
  ['safety glasses', 'safety spectacles', 'protective eyewear'],
  // spectroscopy and spectrometry
  ['spectrofluorometer', 'spectrofluorimeter', 'fluorescence spectrophotometer', 'fluorescence spectrometer', 'fluorimeter', 'fluorometer'],
  ['spectrofluorometry', 'fluorescence spectroscopy', 'fluorescence spectrophotometry', 'fluorimetry', 'fluorometry'],
  ['electron spin resonance', 'electron paramagnetic resonance'],
  ['fluorescence resonance energy transfer', 'Förster resonance energy transfer'],
  ['X-ray photoelectron spectroscopy', 'electron spectroscopy for chemical analysis'],
  ['photoelectron spectroscopy', 'photoemission spectroscopy'],
  ['optical emission spectroscopy', 'atomic emission spectroscopy'],
  ['optical emission spectrometry', 'atomic emission spectrometry'],
  ['ICP-OES', 'ICP-AES'],
  ['flame photometry', 'flame emission spectroscopy', 'flame atomic emission spectroscopy'],
  ['Mössbauer spectroscopy', 'nuclear gamma resonance spectroscopy', 'gamma resonance spectroscopy'],
  ['dynamic light scattering', 'photon correlation spectroscopy', 'quasi-elastic light scattering'],
  ['EDX', 'EDS', 'EDXS'],
  ['energy-dispersive X-ray spectroscopy', 'energy-dispersive spectroscopy'],
  ['WDX', 'WDS'],
  ['electron microprobe', 'electron probe microanalyzer'],
  ['pyranometer', 'solarimeter'],
  // imaging and medical
  ['magnetic resonance imaging', 'NMR imaging', 'nuclear magnetic resonance imaging'],
  ['computed tomography', 'computerized tomography', 'computed axial tomography'],
  ['ultrasonography', 'ultrasound imaging', 'sonography'],
  ['electrocardiography', 'ECG', 'EKG'],
  ['sphygmomanometer', 'blood pressure monitor', 'blood pressure meter'],
  // microscopy
  ['light microscope', 'optical microscope'],
  ['light microscopy', 'optical microscopy'],
  ['stereo microscope', 'stereomicroscope', 'dissecting microscope'],
  ['atomic force microscopy', 'scanning force microscopy'],
  ['atomic force microscope', 'scanning force microscope'],
  ['SNOM', 'NSOM'],
  ['cryo-electron microscopy', 'electron cryomicroscopy'],
  // separation
  ['ODS', 'C18', 'octadecylsilane', 'octadecylsilyl'],
  ['reversed phase', 'reverse phase'],
  ['gel permeation chromatography', 'size exclusion chromatography', 'gel filtration chromatography'],
  ['isoelectric focusing', 'electrofocusing'],
  // materials, thin films and fabrication
  ['sputter deposition', 'sputter coating'],
  ['thermal evaporation', 'vacuum evaporation', 'resistive evaporation'],
  ['e-beam', 'electron beam'],
  ['plasma-enhanced chemical vapor deposition', 'plasma-assisted chemical vapor deposition'],
  ['atomic layer deposition', 'atomic layer epitaxy'],
  ['spin coating', 'spin casting'],
  ['photolithography', 'optical lithography', 'UV lithography'],
  ['ion milling', 'ion beam etching', 'ion beam milling'],
  ['deep reactive-ion etching', 'Bosch process'],
  ['thermogravimetric analyzer', 'thermobalance'],
  ['dynamic mechanical analysis', 'dynamic mechanical thermal analysis'],
  ['mercury porosimetry', 'mercury intrusion porosimetry'],
  ['white light interferometry', 'coherence scanning interferometry', 'vertical scanning interferometry'],
  ['profilometer', 'surface profiler'],
  ['titration', 'titrimetry', 'volumetric analysis', 'titrimetric analysis'],
];

/** At most this many other names are searched for one query (each is one more search). */
const MAX_READINGS = 6;
/** A query of more words than this is not read for other names (a name is a few words, and each reading is one more search). */
const MAX_SEGMENTS = 8;
const SEGMENT = /[\p{L}\p{N}]+/gu;

interface Phrase {
  words: readonly string[];
  text: string;
  group: number;
}

/** Each phrase under its first folded word, built on first use. */
let byFirstWord: Map<string, Phrase[]> | null = null;
/** The first three letters of every phrase's first word, unaccented: most queries hold none, and need not be folded. */
let openings: Set<string> | null = null;
const opening = (segment: string) => segment.slice(0, 4).normalize('NFD').replace(/\p{M}/gu, '').slice(0, 3).toLowerCase();

function table(): Map<string, Phrase[]> {
  if (byFirstWord) return byFirstWord;
  byFirstWord = new Map();
  openings = new Set(GROUPS.flat().map((text) => opening(text.match(SEGMENT)![0])));
  GROUPS.forEach((names, group) => {
    for (const text of names) {
      const words = foldedWords(text);
      const list = byFirstWord!.get(words[0]!) ?? [];
      list.push({ words, text, group });
      byFirstWord!.set(words[0]!, list);
    }
  });
  return byFirstWord;
}

function foldedWords(text: string): string[] {
  return prepareText(text).tokens.map((t) => t.word);
}

/**
 * The query with one of its phrases replaced by each other name of the phrase's group
 * ("counter electrode" → "auxiliary electrode"; "qPCR machine" → "real-time PCR machine"), at
 * most MAX_READINGS; a phrase is matched on whole words of the query, folded as names are.
 */
export function synonymReadings(query: string): string[] {
  const segments = [...query.matchAll(SEGMENT)];
  if (segments.length === 0 || segments.length > MAX_SEGMENTS) return [];
  const phrases = table();
  if (!segments.some((s) => openings!.has(opening(s[0])))) return [];
  // Each segment's folded words ("C18" → c, 18), and for each word where its segment starts and ends.
  const words: string[] = [];
  const segmentOf: number[] = [];
  const firstOf: boolean[] = [];
  segments.forEach((s, i) => {
    const folded = foldedWords(s[0]);
    folded.forEach((w, k) => {
      words.push(w);
      segmentOf.push(i);
      firstOf.push(k === 0);
    });
  });
  const out: string[] = [];
  for (let i = 0; i < words.length && out.length < MAX_READINGS; i++) {
    if (!firstOf[i]) continue;
    // The longest phrase found here ("electron impact ionization", not "electron impact").
    let p: Phrase | undefined;
    for (const q of phrases.get(words[i]!) ?? []) {
      const end = i + q.words.length;
      if (end > words.length || (end < words.length && !firstOf[end]) || q.words.some((w, k) => words[i + k] !== w)) continue;
      if (!p || q.words.length > p.words.length) p = q;
    }
    if (p) {
      const end = i + p.words.length;
      const from = segments[segmentOf[i]!]!.index!;
      const last = segments[segmentOf[end - 1]!]!;
      const to = last.index! + last[0].length;
      for (const other of GROUPS[p.group]!) {
        if (other !== p.text && out.length < MAX_READINGS) out.push(query.slice(0, from) + other + query.slice(to));
      }
    }
  }
  return out;
}
