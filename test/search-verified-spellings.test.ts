// Word beginnings of a short acronym checked in the names that hold its derived initials
// (src/server/catalogue/verified-spellings.ts, read by src/server/catalogue/acronym-readings.ts,
// spelt by src/server/catalogue/initials-match.ts): the whole-name spelling on its own, the
// plan's readings kept or dropped, and searches over a small catalogue where many records share
// the derived initials the beginnings give.
import { describe, expect, it } from 'vitest';
import { InitialsMatcher } from '../src/server/catalogue/initials-match.js';
import { planQuery } from '../src/server/catalogue/query-plan.js';
import { verifySpellings } from '../src/server/catalogue/verified-spellings.js';
import { type RecordSpec as Spec, searchOver } from './support/small-catalogue.js';

const lab = (label: string, city = 'Paris', country = 'France'): Spec => ({ kind: 'laboratory', label, city, country });

// Seventy records whose initials are those of "Institute of Marine Research" (I M R) and whose
// words do not begin I·MA·R, listed before it: the walk's best-covered candidates are all alike.
const LOOK_ALIKES: Spec[] = Array.from({ length: 70 }, (_, i) => lab(`Institute of Medical Research`, `City${i}`, 'Nowhere'));
const RECORDS: Spec[] = [
  ...LOOK_ALIKES,
  lab('Institut de Neurosciences des Systèmes', 'Marseille'),
  lab('Institut Montpelliérain Alexander Grothendieck', 'Montpellier'),
  lab('Institute of Marine Research', 'Bergen', 'Norway'),
  lab('Institut des Sciences des Sociétés'),
  lab('Instituto de Investigaciones Agropecuarias', 'Santiago', 'Chile'),
];

const { index: search, titles } = searchOver(RECORDS);

describe('a whole name spelt by word beginnings (initials-match.ts)', () => {
  it('finds the run that covers the name when a shorter one spells the letters first', () => {
    const names = search.names;
    const matcher = new InitialsMatcher(names, search.index);
    const d = search.records.size - 3;
    const n = names.docNames[d]!;
    const [from, to] = [names.nameTokens[n]!, names.nameTokens[n + 1]!];
    // I·MAR of "Institute of MARine" is found first; I·MA·R covers the name.
    expect(matcher.find('imar', from, to, true)).toEqual([from, from + 2]);
    expect(matcher.find('imar', from, to, true, false, true)).toEqual([from, to - 1]);
    expect(matcher.find('imr', from, to, false, false, true)).toEqual([from, to - 1]);
    expect(matcher.find('imar', from, to, false, false, true)).toBeNull();
  });
});

describe('readings kept only where a name spells them (verified-spellings.ts)', () => {
  it('keeps the derived initials a name spells by its word beginnings and names the records that need them', () => {
    const plan = planQuery('IMAR', search.index);
    const forced = verifySpellings(plan, search.index, search.names);
    const kept = plan.alternatives.filter((a) => a.verify).flatMap((a) => a.terms!.map((t) => search.index.terms[t]));
    expect(kept).toContain('imr');
    // "Institut Montpelliérain Alexander Grothendieck" holds I·M·A·G, never spelt by I·MA·R.
    expect(kept).not.toContain('imag');
    expect(forced.map((d) => search.records.entry(d).label)).toEqual(['Institute of Marine Research']);
  });

  it('reads the kept initials in the walk as a guess, the spelling in the ranking at its own quality', () => {
    // Most holders of "imr" do not spell I·MA·R: they must not crowd out what other readings find.
    const plan = planQuery('IMAR', search.index);
    verifySpellings(plan, search.index, search.names);
    const walked = plan.alternatives.filter((a) => a.verify);
    expect(walked.length).toBeGreaterThan(0);
    expect(walked.every((a) => a.quality <= 0.55 && a.acronym === null)).toBe(true);
    expect(plan.alternatives.some((a) => a.acronym === 'imar' && a.syllabic && a.terms?.length === 0 && a.quality > 0.8)).toBe(true);
  });

  it('leaves a plan without such readings as it was', () => {
    const plan = planQuery('marine research', search.index);
    const before = plan.alternatives.length;
    expect(verifySpellings(plan, search.index, search.names)).toEqual([]);
    expect(plan.alternatives.length).toBe(before);
  });
});

describe('searching by an acronym of word beginnings', () => {
  it('finds the name among many whose initials the beginnings give', () => {
    // IN·MA·R: the seventy records with I M R come first in the walk and are not spelt so.
    expect(titles('INMAR')[0]).toBe('Institute of Marine Research');
  });

  it('reads beginnings of several letters of a four-letter acronym no name has as its initials', () => {
    // IN·I·A: Instituto de Investigaciones Agropecuarias (I I A).
    expect(titles('INIA')[0]).toBe('Instituto de Investigaciones Agropecuarias');
  });

  it('reads an acronym that is a name’s initials so only below that name, and only as the query’s only word', () => {
    // I·NS·S are the initials of Institut de NeuroSciences des Systèmes (combining forms split):
    // IN·S·S of Institut des Sciences des Sociétés comes below it.
    const found = titles('INSS');
    expect(found[0]).toBe('Institut de Neurosciences des Systèmes');
    expect(found.indexOf('Institut des Sciences des Sociétés')).toBeGreaterThan(0);
    const plan = planQuery('INSS Marseille', search.index);
    expect(verifySpellings(plan, search.index, search.names).map((d) => search.records.entry(d).label)).not.toContain('Institut des Sciences des Sociétés');
  });

  it('ranks only the records found so for such an acronym: the walk does not read the initials the beginnings give', () => {
    const plan = planQuery('INSS', search.index);
    const forced = verifySpellings(plan, search.index, search.names);
    expect(forced.map((d) => search.records.entry(d).label)).toContain('Institut des Sciences des Sociétés');
    expect(plan.alternatives.some((a) => a.verify === 'spelt')).toBe(false);
    expect(plan.alternatives.some((a) => a.acronym === null && a.syllabic && !a.skip && a.terms!.length > 0 && a.quality <= 0.55)).toBe(false);
    expect(plan.alternatives.some((a) => a.acronym === 'inss' && a.syllabic && a.terms?.length === 0)).toBe(true);
  });

  it('does not read three letters so', () => {
    expect(titles('IMA')).not.toContain('Institute of Marine Research');
  });
});

describe('one word typed in capitals in a query of capitals alone', () => {
  // CE·R·ME·S of Centre de Recherche Médicale et Sanitaire (C R M S); the look-alikes share its
  // initials but not its word beginnings, and one record holds the word as a name of its own.
  const { titles: among } = searchOver([
    ...Array.from({ length: 70 }, (_, i) => lab('Centre de Recherche sur les Matériaux des Surfaces', `Town${i}`, 'Nowhere')),
    lab('Centre de Recherche Médicale et Sanitaire', 'Niamey', 'Niger'),
    lab('Cermes Observatory', 'Lyon'),
  ]);

  it('is read by word beginnings a whole name spells, not only guessed', () => {
    const found = among('CERMES');
    expect(found.slice(0, 2)).toContain('Centre de Recherche Médicale et Sanitaire');
    const lookAlike = found.indexOf('Centre de Recherche sur les Matériaux des Surfaces');
    expect(lookAlike === -1 || found.indexOf('Centre de Recherche Médicale et Sanitaire') < lookAlike).toBe(true);
  });
});

describe('a name spelt by word beginnings with its head word left out', () => {
  // HYD·E·S·T of Laboratoire HYDrologie, Érosion et Sols Tropicaux: "Laboratoire" gives no letter;
  // a name one letter away (HYDES) is a letter variant of the acronym, below every letter explained.
  const { titles: among } = searchOver([
    lab('Laboratoire Hydrologie, Érosion et Sols Tropicaux', 'Montpellier'),
    lab('LabEx HYDES', 'Grenoble'),
    { kind: 'technique', label: 'hydrostatic weighing' },
    lab('Institut des Sciences de la Terre'),
  ]);

  it('is read as the whole name\'s spelling, above a letter variant', () => {
    expect(among('HYDEST').slice(0, 2)).toEqual(['Laboratoire Hydrologie, Érosion et Sols Tropicaux', 'LabEx HYDES']);
    expect(among('HYDESTR')[0]).toBe('Laboratoire Hydrologie, Érosion et Sols Tropicaux');
  });
});

describe('word beginnings of letters that are another name\'s initials', () => {
  // C·R·E·ST of Centre de Recherche sur les Écosystèmes et la STratigraphie, whose initials C R E S
  // six other names share; "crest" is the whole initials of another name and a word of a third.
  const { index: small } = searchOver([
    lab('Collaborative Research in Engineering, Science and Technology', 'Penang', 'Malaysia'),
    { kind: 'technique', label: 'neural crest cell migration assay' },
    lab('Centre de Recherche sur les Écosystèmes et la Stratigraphie', 'Dijon'),
    ...Array.from({ length: 6 }, (_, i) => lab('Centre de Recherche en Éducation et Santé', `Ville${i}`)),
  ]);

  it('are credited in the names that spell them, though the walk finds those records by no term', () => {
    const hits = small.search('CREST').hits;
    expect(hits[0]!.entry.label).toBe('Collaborative Research in Engineering, Science and Technology');
    const spelt = hits.find((h) => h.entry.label === 'Centre de Recherche sur les Écosystèmes et la Stratigraphie');
    expect(spelt?.score).toBeGreaterThan(0.3);
    expect(hits.map((h) => h.entry.label)).not.toContain('Centre de Recherche en Éducation et Santé');
  });
});
