// The search engine's one normalisation (src/server/catalogue/search-text.ts), its language
// rules (language-rules.ts) and its derived acronyms (acronyms.ts), as functions: the same
// text always gives the same tokens and key on the record side and on the query side.
import { describe, expect, it } from 'vitest';
import { runAcronyms, wholeNameAcronyms } from '../src/server/catalogue/acronyms.js';
import { canonicalSpelling, combinedInitials, englishStem } from '../src/server/catalogue/language-rules.js';
import { CAPS, CJK, GLUED, nameKey, prepareText, STOP } from '../src/server/catalogue/search-text.js';
import { searchOver } from './support/small-catalogue.js';

const words = (text: string) => prepareText(text).tokens.filter((t) => !(t.flags & STOP)).map((t) => t.word);
const acronyms = (name: string, runs = false) => {
  const out = new Set<string>();
  (runs ? runAcronyms : wholeNameAcronyms)(prepareText(name).tokens, out);
  return [...out];
};

describe('folding', () => {
  it('applies NFKC, removes accents and spells out letters Unicode does not decompose', () => {
    expect(words('ＳＥＭ ﬁlter')).toEqual(['sem', 'filter']);
    expect(words('Spectrométrie Straße Ørsted')).toEqual(['spectrometrie', 'strasse', 'orsted']);
    expect(words('Łódź Říčany Žďár Bắc Ninh Hà Nội Đông')).toEqual(['lodz', 'ricany', 'zdar', 'bac', 'ninh', 'ha', 'noi', 'dong']);
    expect(words('SPECTROMÉTRIE')).toEqual(words('spectrometrie'));
    expect(words('Spectrome\u0301trie')).toEqual(words('Spectrométrie'));
  });

  it('splits on punctuation and between letters and digits, marking what was written together', () => {
    const t = prepareText('LC-MS/MS UMR8223').tokens;
    expect(t.map((x) => x.word)).toEqual(['lc', 'ms', 'ms', 'umr', '8223']);
    expect(t.map((x) => (x.flags & GLUED) !== 0)).toEqual([false, true, true, false, true]);
  });

  it('gives one exact-name key whatever the spacing and punctuation', () => {
    expect(nameKey('UMR8223')).toBe(nameKey('UMR 8223'));
    expect(nameKey('umr-8223')).toBe(nameKey('UMR 8223'));
    expect(nameKey('LCPDA')).toBe(nameKey('LC-PDA'));
    expect(nameKey('ESI-QTOF')).toBe(nameKey('ESI-Q-TOF'));
    expect(nameKey('micro-probe')).toBe(nameKey('microprobe'));
    expect(nameKey('UV/VIS')).toBe(nameKey('UV-Vis'));
    expect(nameKey('Zentrum für Umwelt')).toBe(nameKey('ZENTRUM FUR UMWELT'));
    expect(nameKey('Institute of Chemistry')).not.toBe(nameKey('Institute for Chemistry'));
  });

  it('reads Chinese, Japanese and Korean runs as overlapping character pairs', () => {
    const t = prepareText('国家超级计算中心').tokens;
    expect(t.map((x) => x.word)).toEqual(['国家', '家超', '超级', '级计', '计算', '算中', '中心']);
    expect(t.every((x) => x.flags & CJK)).toBe(true);
    expect(words('기후변화연구원')).toContain('연구');
    expect(words('中')).toEqual(['中']);
  });

  it('keeps other scripts as words', () => {
    expect(words('Институт техничких наука')).toEqual(['институт', 'техничких', 'наука']);
    expect(words('Ινστιτούτο Φυσικής')).toEqual(['ινστιτουτο', 'φυσικης']);
  });

  it('never takes a word written in capitals for a function word', () => {
    expect(words('ITS')).toEqual(['its']);
    expect(words('ITS PCR')).toEqual(['its', 'pcr']);
    expect(words('The ITS region')).toEqual(['its', 'region']);
    expect(words('its region')).toEqual(['region']);
    // Capitals say nothing in a name written all in capitals.
    expect(words('INSTITUTE OF PHYSICS')).toEqual(['institute', 'physics']);
    expect(prepareText('SEM').tokens[0]!.flags & CAPS).toBe(CAPS);
  });

  it('never takes one capital letter written against a number for a function word', () => {
    expect(words('BF2I')).toEqual(['bf', '2', 'i']);
    expect(words('U2E')).toEqual(['u', '2', 'e']);
    expect(words('I3')).toEqual(['i', '3']);
    // Written apart from the number, or in lower case, "i" and "u" are still function words.
    expect(words('Ricerca i 2')).toEqual(['ricerca', '2']);
    expect(words('bf2i')).toEqual(['bf', '2']);
  });

  it('drops elided articles and the English possessive', () => {
    expect(words("Centre d'Études de l'Énergie")).toEqual(['center', 'etudes', 'energie']);
    expect(words("Banner Alzheimer's Institute")).toEqual(['banner', 'alzheimer', 'institute']);
  });

  it('reads a country written as initials with dots as its name, on both sides', () => {
    expect(words('U.S. Geological Survey')).toEqual(['united', 'states', 'geological', 'survey']);
    expect(words('U. S. A. Army')).toEqual(words('United States Army'));
    expect(words('Met Office U.K.')).toEqual(['met', 'office', 'united', 'kingdom']);
    expect(nameKey('U.S. Army Yuma Test Center')).toBe(nameKey('United States Army Yuma Test Center'));
    // Not other initials, an acronym in capitals, or a compound adjective.
    expect(words('U.S.S.R. Academy')).toEqual(['u', 's', 's', 'r', 'academy']);
    expect(words('US Army')).toEqual(['us', 'army']);
    expect(words('U.S.-based')).toEqual(['u', 's', 'based']);
    const { first } = searchOver([
      { kind: 'laboratory', label: 'United States Army Yuma Test Center' },
      { kind: 'laboratory', label: 'U.S. Army Cold Regions Test Center' },
      { kind: 'laboratory', label: 'Army Test Center of Yuma County' },
      { kind: 'laboratory', label: 'United Kingdom Atomic Energy Authority' },
    ]);
    expect(first('U.S. Army Yuma Test Center')).toBe('United States Army Yuma Test Center');
    expect(first('United States Army Cold Regions Test Center')).toBe('U.S. Army Cold Regions Test Center');
    expect(first('U.K. Atomic Energy Authority')).toBe('United Kingdom Atomic Energy Authority');
  });

  it('reads number words as digits, and 2D as two-dimensional', () => {
    expect(words('two-dimensional NMR')).toEqual(words('2D NMR'));
    expect(words('3D imaging')).toEqual(['3', 'dimensional', 'imaging']);
  });
});

describe('British and American spellings meet', () => {
  const pairs = [
    ['crystallisation', 'crystallization'], ['ageing', 'aging'], ['labelling', 'labeling'], ['labelled', 'labeled'],
    ['colour', 'color'], ['colourimetric', 'colorimetric'], ['centre', 'center'], ['centres', 'centers'],
    ['analyse', 'analyze'], ['analysed', 'analyzed'], ['analyser', 'analyzer'], ['sulphur', 'sulfur'],
    ['sulphate', 'sulfate'], ['haem', 'heme'], ['haemoglobin', 'hemoglobin'], ['foetal', 'fetal'],
    ['oesophagus', 'esophagus'], ['programme', 'program'], ['ionisation', 'ionization'], ['characterise', 'characterize'],
    ['behavioural', 'behavioral'], ['tumour', 'tumor'], ['fibre', 'fiber'], ['litre', 'liter'], ['aluminium', 'aluminum'],
    ['catalogue', 'catalog'], ['anaemia', 'anemia'], ['paediatric', 'pediatric'], ['diarrhoea', 'diarrhea'],
    ['modelling', 'modeling'], ['defence', 'defense'], ['focussing', 'focusing'], ['disc', 'disk'], ['mould', 'mold'],
    ['aetiology', 'etiology'], ['oestrogen', 'estrogen'], ['coeliac', 'celiac'],
  ];
  for (const [british, american] of pairs) {
    it(`${british} = ${american}`, () => expect(canonicalSpelling(british!)).toBe(canonicalSpelling(american!)));
  }

  it('leaves French, Spanish and Portuguese words in -tre and -bre alone (entre is not enter)', () => {
    for (const w of ['entre', 'outre', 'notre', 'votre', 'timbre', 'sobre', 'contre']) expect(canonicalSpelling(w)).toBe(w);
    expect(canonicalSpelling('theatre')).toBe('theater');
    const { first } = searchOver([
      { kind: 'laboratory', label: 'Outer Solar System Laboratory' },
      { kind: 'laboratory', label: 'Enter Research Group' },
      { kind: 'laboratory', label: "Laboratoire d'Écologie Marine d'Outre-Mer" },
      { kind: 'laboratory', label: 'Centre de Recherches entre Terre et Mer' },
    ]);
    expect(first('écologie outre-mer')).toBe("Laboratoire d'Écologie Marine d'Outre-Mer");
    expect(first('recherches entre terre et mer')).toBe('Centre de Recherches entre Terre et Mer');
  });

  it('leaves words that only look British alone', () => {
    for (const w of ['four', 'hour', 'journal', 'source', 'resources', 'flour', 'genre', 'acre', 'filled', 'aerosol', 'analysis', 'water', 'laser', 'horses']) {
      expect(canonicalSpelling(w)).toBe(w);
    }
  });
});

describe('derived acronyms', () => {
  it('take the initials of the content words, with and without function words', () => {
    expect(acronyms('National Solar Observatory')).toContain('nso');
    expect(acronyms('Institut de Recherche pour le Développement')).toEqual(expect.arrayContaining(['ird', 'idrpld']));
    expect(acronyms('Zentrum für Umweltforschung und Technologie')).toEqual(expect.arrayContaining(['zut', 'zfuut']));
    expect(acronyms('Istituto di Fisica e Matematica')).toEqual(expect.arrayContaining(['ifm', 'idfem']));
    expect(acronyms('Los Alamos National Laboratory')).toContain('lanl');
  });

  it('pass over the function words of more languages that a name spells its acronym without', () => {
    // French avec, Italian and Spanish con, German mit, aus, über, Portuguese pelo, nas; not entre
    // (Entre Ríos is a name).
    expect(acronyms('Équipe de Recherche en Lien avec la Théorie Économique')).toContain('erlte');
    expect(acronyms('Laboratorio di Interazione con i Sistemi Ambientali')).toContain('lisa');
    // Spanish and Portuguese sobre, French contre, although the spelling rules make them sober and conter.
    expect(acronyms('Centro de Estudios sobre Migraciones Internacionales')).toContain('cemi');
    expect(acronyms('Institut de Recherche contre les Maladies Rares')).toContain('irmr');
    expect(acronyms('Zentrum für Kinder mit Behinderungen')).toContain('zkb');
    expect(acronyms('Instituto de Pesquisas pelo Desenvolvimento nas Cidades')).toContain('ipdc');
    // Written in capitals they are words ("MIT"), as English function words are; those that are
    // also names' words with a capital ("NAS", "Aus") are function words only in lower case.
    expect(words('Zentrum MIT AVEC mit')).toEqual(['zentrum', 'mit', 'avec']);
    expect(words('Centro nas Cidades Nas NAS')).toEqual(['centro', 'cidades', 'nas', 'nas']);
  });

  it('count hyphenated parts as words, or only their first part', () => {
    expect(acronyms('matrix-assisted laser desorption/ionization')).toContain('maldi');
    expect(acronyms('X-ray photoelectron spectroscopy')).toContain('xps');
    expect(acronyms('time-of-flight mass spectrometry')).toContain('tofms');
    // The part after one letter gives none while other hyphenated words keep theirs.
    expect(acronyms('small-angle X-ray scattering')).toContain('saxs');
    expect(acronyms('wide-angle X-ray scattering')).toContain('waxs');
  });

  it('count the function word of a Latin phrase of method names', () => {
    expect(acronyms('in-situ hybridization assay', true)).toContain('ish');
    expect(acronyms('fluorescence in situ hybridization')).toContain('fish');
    expect(acronyms('in vitro fertilisation')).toContain('ivf');
    expect(acronyms('Institute in Paris')).toContain('ip'); // elsewhere "in" is a function word
  });

  it('split combining forms and read numbers as digits', () => {
    expect(combinedInitials('infrared')).toBe('ir');
    expect(combinedInitials('immunohistochemistry')).toBe('ihc');
    expect(combinedInitials('photoluminescence')).toBe('pl');
    expect(combinedInitials('isoelectric')).toBe('ie');
    expect(combinedInitials('isotachophoresis')).toBe('itp');
    // After two combining forms a clinical recording's -graphy gives its G.
    expect(combinedInitials('electroencephalography')).toBe('eeg');
    expect(combinedInitials('electrocardiography')).toBe('ecg');
    expect(combinedInitials('electromyography')).toBe('emg');
    expect(combinedInitials('photography')).toBeNull();
    for (const w of ['laser', 'microscopy', 'biology', 'chemistry', 'spectrometry', 'polymer']) expect(combinedInitials(w)).toBeNull();
    expect(acronyms('thermogravimetric analysis')).toContain('tga');
    expect(acronyms('three-dimensional quadrupole ion trap')).toContain('3dqit');
  });

  it('give runs that start or end a name for partial acronyms', () => {
    const runs = acronyms('nuclear magnetic resonance spectrometer', true);
    expect(runs).toContain('nmr');
    expect(runs).toContain('mrs');
    expect(runs).not.toContain('nmrs'); // the whole name is a whole-name acronym
    expect(acronyms('A', true)).toEqual([]);
  });
});

describe('English stemmer', () => {
  it('joins the word forms researchers type', () => {
    expect(englishStem('microscope')).toBe(englishStem('microscopy'));
    expect(englishStem('spectrometer')).toBe(englishStem('spectrometry'));
    expect(englishStem('SEM'.toLowerCase())).toBe('sem');
  });
});
