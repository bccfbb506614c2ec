// Generic words of research-organisation names in more European languages than EQUIVALENTS
// (./language-rules.ts) has: Polish, Czech, Slovak, Slovene, Croatian/Serbian/Bosnian, Hungarian,
// Lithuanian, Latvian, Estonian, Finnish, the Nordic languages, Romanian, Turkish, Azerbaijani
// and Catalan, plus the subject words such names are made of (physics, chemistry, agriculture,
// medicine, forestry, mining, energy, environment). Each group is one meaning, its English word
// first; a group whose English word has a group in EQUIVALENTS is read as one with it. Forms are
// folded and are matched by their inflection stem (./inflections.ts), so "fiziku", "fizyki",
// "fyziky" and "fizikos" all read as physics. This is linguistic data, never the catalogue's.
import { inflectionStem } from './inflections.js';
import type { InvertedIndex } from './inverted-index.js';
import { canonicalSpelling, EQUIVALENTS } from './language-rules.js';
import { subjectMeanings } from './subject-words.js';

const GROUPS: readonly (readonly string[])[] = [
  ['institute', 'instytut', 'instytutu', 'ustav', 'ustavu', 'intezet', 'intezete', 'intezeti', 'institutt', 'instituutti', 'institutas',
    'instituto', 'institutul', 'enstitu', 'enstitusu', 'zavod', 'zavoda', 'institut', 'instituts', 'institutet', 'instituttet'],
  ['research', 'badan', 'badawczy', 'badawcze', 'badawczo', 'vyzkum', 'vyzkumny', 'vyzkumna', 'vyzkumu', 'vyskum', 'vyskumny', 'vyskumu',
    'raziskave', 'raziskovalni', 'istrazivanje', 'istrazivacki', 'istrazivanja', 'kutato', 'kutatas', 'kutatasi', 'kutatointezet',
    'tyrimu', 'tyrimo', 'tyrimas', 'petijumu', 'petniecibas', 'uuringute', 'uurimis', 'tutkimus', 'tutkimuksen', 'forskning',
    'forsknings', 'rannsokna', 'cercetare', 'cercetari', 'arastirma', 'arastirmalari', 'tedqiqat', 'tedqiqatlar', 'recerca', 'recerques',
    'investigacio'],
  ['center', 'centrum', 'centras', 'centar', 'centra', 'centrs', 'keskus', 'keskuksen', 'kozpont', 'kozpontja', 'merkez', 'merkezi',
    'centru', 'centrul', 'senter', 'setur', 'osrodek', 'stredisko'],
  ['university', 'uniwersytet', 'uniwersytetu', 'univerzita', 'univerzitet', 'univerza', 'egyetem', 'egyetemi', 'universitetas',
    'universitate', 'universitatea', 'yliopisto', 'yliopiston', 'ulikool', 'universitet', 'universitetet', 'universiteti',
    'universitesi', 'haskoli', 'universitat'],
  ['academy', 'akademia', 'akademii', 'akademie', 'akademija', 'akademije', 'akademiya', 'akademiyasi', 'akademi', 'akademisi',
    'akadeemia', 'akatemia', 'akademien', 'academia'],
  ['science/sciences', 'nauk', 'nauka', 'nauki', 'nauke', 'vied', 'tudomany', 'tudomanyi', 'mokslu', 'mokslo', 'mokslas',
    'zinatnu', 'zinatnes', 'teaduste', 'teadus', 'tiede', 'tieteiden', 'vetenskap', 'vetenskaps', 'videnskab', 'videnskabernes',
    'vitenskap', 'elmler', 'elmleri', 'bilim', 'bilimler', 'bilimleri', 'stiinte', 'stiintelor', 'znanosti', 'znanost',
    'ciencies'],
  ['scientific', 'naukowy', 'naukowe', 'vedecky', 'vedecke', 'vedeckych', 'tudomanyos', 'mokslinis', 'moksliniu', 'zinatniskais',
    'tieteellinen', 'vetenskaplig', 'videnskabelig', 'vitenskapelig', 'elmi', 'bilimsel', 'stiintific', 'znanstveni', 'naucni',
    'naucno', 'cientific', 'scientifique', 'wissenschaftlich', 'wissenschaftliche', 'cientifico', 'scientifico', 'wetenschappelijk'],
  ['national', 'narodowy', 'narodowe', 'narodni', 'narodny', 'nemzeti', 'nacionalinis', 'nacionala', 'nacionalni', 'rahvuslik',
    'kansallinen', 'nasjonal', 'nationell', 'milli', 'ulusal'],
  ['central', 'centralny', 'centralna', 'centralni', 'ustredni', 'hlavni', 'glowny', 'glowna', 'kozponti', 'centrinis', 'centralais',
    'sentral', 'centrale', 'zentral', 'zentrale', 'centraal'],
  ['state', 'panstwowy', 'panstwowe', 'statni', 'statny', 'allami', 'valstybinis', 'riiklik', 'valtion', 'statlig', 'statens',
    'devlet', 'dovlet', 'estatal', 'staatlich', 'staatliche', 'statale', 'estadual'],
  ['agriculture/agricultural', 'rolnictwa', 'rolnictwo', 'rolniczy', 'zemedelsky', 'zemedelstvi', 'polnohospodarsky',
    'polnohospodarstva', 'kmetijski', 'kmetijstvo', 'poljoprivreda', 'poljoprivredni', 'mezogazdasagi', 'mezogazdasag',
    'lauksaimniecibas', 'pollumajandus', 'maatalous', 'maatalouden', 'landbruk', 'jordbruk', 'jordbrugs', 'landbrug', 'tarim',
    'tarimsal', 'agricultura', 'agricola', 'agricole', 'agraria', 'agrario', 'landwirtschaft', 'landwirtschaftliche', 'landbouw'],
  ['physics', 'fizyka', 'fizyki', 'fyzika', 'fyziky', 'fizika', 'fiziku', 'fizike', 'fizikai', 'fizikos', 'fizikas', 'fuusika',
    'fysiikka', 'fysiikan', 'fysikk', 'fysik', 'fizik', 'fizigi', 'physik', 'physique', 'fisica', 'fysica'],
  ['physical', 'fizyczny', 'fizycznej', 'fyzikalni', 'fizikalni', 'fizinis', 'fiziniu', 'fysikalisch', 'physikalische', 'fisico'],
  ['chemistry', 'chemia', 'chemii', 'chemie', 'kemija', 'kemije', 'kemia', 'kemiai', 'chemijos', 'kimija', 'kimya', 'kemi', 'kjemi',
    'keemia', 'chimie', 'chimica', 'quimica'],
  ['medicine', 'medycyny', 'medycyna', 'lekarstvi', 'medicina', 'orvostudomany', 'medicinos', 'medicinas', 'meditsiini',
    'laaketiede', 'laaketieteen', 'medisin', 'medicin', 'medizin', 'geneeskunde', 'medecine'],
  ['veterinary', 'veterinarni', 'weterynaryjny', 'weterynarii', 'weterynarvjne', 'veterinarski', 'allatorvosi', 'veterinarijos',
    'veterinaar', 'veterinaer', 'veterinar', 'veteriner', 'veterinaria', 'veterinario', 'veterinaire', 'tierarztliche',
    'tiermedizin', 'diergeneeskunde'],
  ['forestry', 'lesnictwa', 'lesnictwo', 'lesnictvi', 'lesnicky', 'lesnictvo', 'gozdarstvo', 'gozdarski', 'sumarstvo', 'sumarski',
    'sumarstva', 'erdeszeti', 'erdeszet', 'miskininkystes', 'mezsaimniecibas', 'metsandus', 'metsantutkimus', 'skogbruk', 'skovbrug',
    'ormancilik', 'silvicultura', 'forestal', 'forestale', 'forestier', 'forstwirtschaft', 'forstliche', 'bosbouw'],
  ['mining', 'gornictwa', 'gornictwo', 'gorniczy', 'hornictvi', 'hornicky', 'rudarstvo', 'rudarski', 'rudarstva', 'banyaszati',
    'banyaszat', 'kasybos', 'kalnrupniecibas', 'maeandus', 'kaivos', 'bergverk', 'gruvdrift', 'madencilik', 'mineria', 'minier',
    'miniere', 'bergbau', 'mijnbouw', 'mineraria'],
  ['energy', 'energia', 'energie', 'energetyki', 'energetyka', 'energetiky', 'energetika', 'energetike', 'energetikos', 'energetikai',
    'energi', 'enerji', 'energetica', 'energetique', 'enerjisi'],
  ['environment/environmental', 'srodowiska', 'srodowisko', 'prostredi', 'zivotniho', 'okolje', 'okolja', 'okolis', 'okolisa',
    'sredina', 'sredinu', 'kornyezet', 'kornyezeti', 'kornyezetvedelmi', 'aplinkos', 'vides', 'keskkonna', 'ymparisto', 'ympariston',
    'miljo', 'miljoe', 'cevre', 'cevresel', 'mediu', 'mediului', 'ambiente', 'ambiental', 'environnement', 'umwelt', 'milieu'],
  ['health', 'zdrowia', 'zdravi', 'zdravja', 'zdravlja', 'egeszseg', 'egeszsegugyi', 'sveikatos', 'veselibas', 'tervise', 'terveys',
    'terveyden', 'helse', 'halsa', 'sundhed', 'saglik', 'sanatate', 'salud', 'saude', 'sante', 'gesundheit', 'gezondheid'],
  ['history', 'historii', 'historie', 'dejin', 'zgodovino', 'zgodovine', 'zgodovina', 'povijest', 'povijesti', 'istorije', 'istorija',
    'torteneti', 'tortenet', 'istorijos', 'vestures', 'ajaloo', 'historia', 'historian', 'tarih', 'tarihi', 'istorie', 'storia',
    'histoire', 'geschichte', 'geschiedenis'],
  ['culture/cultural', 'kultury', 'kultura', 'kulturno', 'kulturne', 'kulturni', 'kulturalny', 'kulturalis', 'kulturos',
    'kulturas', 'kultuuri', 'kulttuuri', 'kultur', 'kultuur', 'cultura', 'culturale', 'culturel', 'culturelle'],
  ['mathematics', 'matematyki', 'matematyka', 'matematiky', 'matematika', 'matematike', 'matematikai', 'matematikos', 'matemaatika',
    'matematiikka', 'matematikk', 'matematik', 'matematica', 'mathematik', 'mathematiques', 'wiskunde'],
  ['society', 'towarzystwo', 'spolecnost', 'drustvo', 'tarsasag', 'draugija', 'biedriba', 'selts', 'seura', 'selskab', 'selskap',
    'sallskap', 'dernek', 'societate', 'societat'],
  ['museum', 'muzeum', 'muzej', 'muzeja', 'muziejus', 'muzejs', 'muuseum', 'muze', 'muzeu', 'muzeul'],
  ['hospital', 'szpital', 'nemocnice', 'nemocnica', 'bolnica', 'bolnisnica', 'korhaz', 'ligonine', 'slimnica', 'haigla', 'sairaala',
    'sykehus', 'sjukhus', 'hastane', 'hastanesi', 'spital', 'spitalul'],
  ['faculty', 'wydzial', 'fakulta', 'fakultet', 'fakulteta', 'fakultetas', 'fakultate', 'fakulteti', 'tiedekunta', 'fakulte',
    'fakultesi', 'facultat'],
  ['department', 'zaklad', 'katedra', 'oddelek', 'odjel', 'odsek', 'tanszek', 'osztaly', 'skyrius', 'nodala', 'osakond',
    'avdeling', 'afdeling', 'bolum', 'bolumu', 'departament', 'departamentul'],
  ['school', 'szkola', 'skola', 'iskola', 'mokykla', 'koulu', 'skole', 'okul', 'scoala'],
  ['foundation', 'fundacja', 'nadace', 'nadacia', 'fundacija', 'alapitvany', 'fondas', 'sihtasutus', 'saatio', 'stiftelse',
    'stiftelsen', 'vakif', 'fundatia', 'fundacio'],
  ['engineering', 'ingenierie', 'ingenieur', 'ingenieurs', 'ingenieria', 'ingegneria', 'engenharia', 'ingenieurwesen', 'inzynierii',
    'inzynieria', 'inzenyrstvi', 'inzinierstva', 'inzenirstvo', 'inzenjerstvo', 'mernoki', 'inzinerijos', 'inzenierzinatnu',
    'insenerteaduste', 'tekniikan', 'muhendislik', 'muhendisligi', 'inginerie', 'enginyeria', 'technik', 'techniek', 'teknik', 'teknikk'],
  ['informatics/computer', 'informatique', 'informatica', 'informatik', 'informatyki', 'informatyka', 'informatiky', 'informatika',
    'informatike', 'informatikai', 'informatikos', 'informaatika', 'tietojenkasittely', 'tietotekniikka', 'bilgisayar', 'informatiek'],
  ['disease/diseases', 'maladie', 'maladies', 'enfermedad', 'enfermedades', 'doenca', 'doencas', 'malattia', 'malattie', 'krankheit',
    'krankheiten', 'ziekte', 'ziekten', 'chorob', 'choroby', 'nemoci', 'chorob', 'bolezni', 'bolesti', 'betegseg', 'betegsegek',
    'ligu', 'slimibu', 'haiguste', 'sairauksien', 'sygdomme', 'sykdommer', 'sjukdomar', 'hastalik', 'hastaliklari', 'boli', 'malalties'],
  ['safety/security', 'securite', 'seguridad', 'seguranca', 'sicurezza', 'sicherheit', 'veiligheid', 'bezpieczenstwa', 'bezpecnosti',
    'bezpecnost', 'varnosti', 'varnost', 'sigurnosti', 'sigurnost', 'biztonsag', 'biztonsagi', 'saugos', 'drosibas', 'ohutuse',
    'turvallisuus', 'turvallisuuden', 'sakerhet', 'sikkerhed', 'sikkerhet', 'guvenlik', 'guvenligi', 'siguranta', 'seguretat'],
  ['defence', 'defense', 'defensa', 'defesa', 'difesa', 'verteidigung', 'defensie', 'obrony', 'obrana', 'obrany', 'obrambe', 'obrane',
    'honvedelmi', 'gynybos', 'aizsardzibas', 'kaitse', 'kaitseuuringute', 'puolustus', 'puolustuksen', 'forsvar', 'forsvarets',
    'forsvars', 'forsvaret', 'savunma', 'apararii'],
  ['applied', 'appliquee', 'appliquees', 'aplicada', 'aplicadas', 'applicata', 'applicate', 'angewandte', 'toegepaste', 'stosowanej',
    'stosowana', 'aplikovane', 'aplikovanej', 'uporabne', 'primijenjene', 'alkalmazott', 'taikomosios', 'lietiskas', 'rakendus',
    'soveltava', 'soveltavan', 'anvendt', 'anvendte', 'tillampad', 'uygulamali', 'aplicate', 'aplicades'],
  ['food', 'aliments', 'alimentation', 'alimentaire', 'alimentos', 'alimentacion', 'alimentari', 'alimenti', 'lebensmittel',
    'voedsel', 'voeding', 'zywnosci', 'zywnosc', 'potravin', 'potraviny', 'hrane', 'hrana', 'zivil', 'elelmiszer', 'maisto',
    'partikas', 'toidu', 'elintarvike', 'elintarvikkeiden', 'livsmedel', 'fodevarer', 'naeringsmidler', 'gida', 'alimentare'],
  ['plant/plants', 'plante', 'plantes', 'plantas', 'piante', 'pflanzen', 'pflanzenbau', 'planten', 'roslin', 'rostlin', 'rastlin',
    'bilja', 'biljaka', 'noveny', 'novenyi', 'augalu', 'augu', 'taimede', 'kasvi', 'kasvien', 'vaxter', 'planter', 'bitki', 'plantes'],
  ['international', 'internacional', 'internacionales', 'internationale', 'internationaux', 'internazionale', 'internationaal',
    'miedzynarodowy', 'miedzynarodowe', 'mezinarodni', 'medzinarodne', 'mednarodni', 'medunarodni', 'nemzetkozi', 'tarptautinis',
    'starptautiskais', 'rahvusvaheline', 'kansainvalinen', 'internasjonal', 'internationell', 'uluslararasi', 'beynelxalq',
    'internationalen'],
  ['innovation/innovations', 'inovacao', 'innovacion', 'innovazione', 'innovatie', 'innowacji', 'innowacje', 'inovace', 'inovacij',
    'inovacija', 'inovacije', 'innovacio', 'innovacios', 'inovaciju', 'innovaatio', 'innovasjon', 'yenilik', 'inovare'],
  ['technology/technologies', 'tecnologia', 'tecnologias', 'technologie', 'technologien', 'technologii', 'technologia', 'technologijos',
    'tehnologije', 'tehnologij', 'tehnologija', 'technologiai', 'technologijas', 'tehnoloogia', 'teknologia', 'teknologi',
    'teknoloji', 'teknolojisi', 'texnologiya', 'tehnologie', 'tehnologii', 'tecnologie'],
  ['platform', 'plataforma', 'plateforme', 'piattaforma', 'plattform', 'platforma', 'platformu'],
  ['development', 'developpement', 'desarrollo', 'desenvolvimento', 'sviluppo', 'entwicklung', 'ontwikkeling', 'rozwoju', 'rozwoj',
    'rozvoj', 'rozvoje', 'razvoj', 'razvoja', 'fejlesztesi', 'pletros', 'attistibas', 'arendus', 'kehittamis', 'utvikling',
    'utveckling', 'udvikling', 'kalkinma', 'dezvoltare', 'desenvolupament'],
  ['water', 'eau', 'eaux', 'agua', 'aguas', 'acqua', 'acque', 'wasser', 'wody', 'vody', 'vode', 'voda', 'vizugyi', 'vandens',
    'udens', 'vesi', 'veden', 'vann', 'vatten', 'apelor', 'aigua'],
  ['netherlands/dutch', 'nederland', 'nederlands', 'nederlandse', 'niederlande', 'niederlandische', 'holandia', 'nizozemsko',
    'hollandia', 'olanda', 'alankomaat', 'nyderlandai', 'hollanda', 'neerlandais', 'neerlandaise'],
  ['germany', 'deutschland', 'allemagne', 'alemania', 'germania', 'niemcy', 'nemecko', 'nemetorszag', 'saksa', 'tyskland', 'almanya',
    'duitsland'],
  ['france', 'frankreich', 'francia', 'franca', 'frankrijk', 'francja', 'francie', 'fransa'],
  ['poland/polish', 'polska', 'polski', 'polskiej', 'polskie', 'polnisch', 'polnische', 'polen', 'pologne', 'polonais', 'polonia',
    'polaco', 'polacco', 'polsko'],
  ['czech', 'ceska', 'cesky', 'ceske', 'ceskych', 'cesko', 'tschechische', 'tcheque', 'checa', 'ceca'],
  ['hungary/hungarian', 'magyar', 'magyarorszag', 'magyarorszagi', 'ungarn', 'ungarische', 'hongrie', 'hongrois', 'hungria',
    'ungheria', 'wegry', 'madarsko'],
  ['lithuania/lithuanian', 'lietuvos', 'lietuva', 'litauen', 'lituanie', 'litwa', 'litwy'],
  ['latvia/latvian', 'latvijas', 'latvija', 'lettland'],
  ['estonia/estonian', 'eesti', 'estland'],
  ['finland/finnish', 'suomen', 'suomi', 'finnland', 'finlande', 'finlandia'],
  ['sweden/swedish', 'sverige', 'sveriges', 'svenska', 'svensk', 'schweden', 'suecia', 'svezia', 'szwecja'],
  ['norway/norwegian', 'norge', 'norges', 'norsk', 'norske', 'norwegen', 'norvege', 'noruega', 'norvegia', 'norwegia'],
  ['denmark/danish', 'danmark', 'danmarks', 'dansk', 'danske', 'danemark', 'dinamarca', 'danimarca', 'dania'],
  ['spain/spanish', 'espana', 'espanol', 'espanola', 'spanien', 'espagne', 'spagna', 'hiszpania'],
  ['italy/italian', 'italia', 'italiano', 'italiana', 'italien', 'italie', 'italienische'],
  ['austria/austrian', 'osterreich', 'osterreichische', 'osterreichischen', 'autriche', 'austriaco'],
  ['switzerland/swiss', 'schweiz', 'schweizer', 'schweizerische', 'suisse', 'svizzera', 'svizzero', 'suiza', 'szwajcaria', 'isvicre'],
  ['belgium/belgian', 'belgique', 'belgie', 'belgien', 'belgica', 'belgio'],
  ['croatia/croatian', 'hrvatska', 'hrvatski', 'hrvatske', 'kroatien', 'croatie'],
  ['serbia/serbian', 'srbija', 'srbije', 'srpski', 'srpska'],
  ['slovenia/slovenian', 'slovenija', 'slovenije'],
  ['turkey/turkish', 'turkiye', 'turkiyesi', 'turkei'],
  ['azerbaijan/azerbaijani', 'azerbaycan', 'azerbaycanin'],
  ['europe/european', 'europa', 'europaische', 'europaischen', 'europeen', 'europeenne', 'europeo', 'europea', 'europees', 'europese',
    'europejski', 'evropsky', 'europai', 'euroopan', 'avrupa'],
];

/** A folded word in the form the table is keyed by: its canonical spelling, then its stem. */
function keyOf(word: string): string {
  return inflectionStem(canonicalSpelling(word));
}

/**
 * Each form's key → its group's words, EQUIVALENTS' group joined. The English words of a group
 * (its first entry, "agriculture/agricultural") are keyed as written only: "status" is not "state".
 */
const TABLE = new Map<string, readonly string[]>();
/** A stem this short is no key ("stat", of statni, would catch "status"): the forms are keyed as written. */
const MIN_STEM_KEY = 5;
/**
 * Each form's stem key → its group's words, looked up after the words as written and EQUIVALENTS:
 * the stem of "germania" is "german", which keeps its own group (deutsch, allemand).
 */
const STEM_KEYS = new Map<string, readonly string[]>();
/** The other-language forms, whose inflected forms the index is searched for. */
const INFLECTED = new Set<string>();
for (const [english, ...forms] of GROUPS) {
  const heads = english!.split('/').map(canonicalSpelling);
  const others = forms.map(canonicalSpelling);
  const all = [...new Set([...heads, ...others, ...heads.flatMap((h) => EQUIVALENTS[h] ?? [])])];
  for (const w of heads) if (!TABLE.has(w)) TABLE.set(w, all);
  for (const w of others) {
    INFLECTED.add(w);
    if (!TABLE.has(w)) TABLE.set(w, all);
    if (keyOf(w).length >= MIN_STEM_KEY && !STEM_KEYS.has(keyOf(w))) STEM_KEYS.set(keyOf(w), all);
  }
  for (const w of all) if (!TABLE.has(w)) TABLE.set(w, all);
}

/** The generic words a folded word stands for (itself left out): by itself, or else by its stem. */
export function europeanEquivalents(word: string, byStem = true): readonly string[] {
  const stem = byStem ? inflectionStem(word) : '';
  const byKey = (key: string) => TABLE.get(key) ?? STEM_KEYS.get(key);
  const group = TABLE.get(word) ?? EQUIVALENTS[word] ?? STEM_KEYS.get(word) ?? (stem.length >= MIN_STEM_KEY ? byKey(stem) : undefined);
  // A subject word's translations (./subject-words.ts), beside a generic word's.
  const subject = subjectMeanings(word, byStem);
  const all = subject ? [...new Set([...(group ?? []), ...subject])] : group;
  return all ? all.filter((w) => w !== word) : [];
}

/** At most this many index words are looked at for one stem. */
const MAX_SCAN = 64;

/**
 * The index's words for a folded word's generic equivalents: each equivalent as written, and
 * the index's inflected forms of the other-language ones ("institute" → instytutu, ustavu).
 */
export function europeanEquivalentTerms(index: InvertedIndex, word: string): number[] {
  const out = new Set<number>();
  const own = index.termId(word);
  for (const w of europeanEquivalents(word)) {
    const t = index.termId(w);
    if (t >= 0) out.add(t);
    const stem = inflectionStem(w);
    if (!INFLECTED.has(w) || (stem === w && w.length < 5)) continue;
    const [from, to] = index.prefixRange(stem);
    for (let s = from; s < to && s < from + MAX_SCAN; s++) if (inflectionStem(index.terms[s]!) === stem) out.add(s);
  }
  out.delete(own);
  return [...out];
}
