// The subject words research organisations are named by in Russian, Ukrainian, Belarusian,
// Bulgarian, Serbian, Macedonian and Kazakh (and in Greek), with the English words they mean:
// the native words the loan reading of ./transliterate.ts cannot reach ("стекла": glass,
// "морских": marine, "нефти": oil, "Жер шаруашылығы": agriculture). Each line is the English
// words, a colon, and stems in the standard Latin reading of ./transliterate.ts (BGN/PCGN for
// Russian, Bulgarian, Serbian and Kazakh: х kh, ц ts, ч ch, ш sh, щ shch, ж zh, ы y, я ya, й i;
// Ukrainian by its national scheme: г h, и y, і i; Greek as English borrowed it: η e, υ y, φ ph,
// χ ch, ου u). A word is read by the longest stem it starts with whose rest is an inflectional
// ending (ENDING), so one stem covers a noun's cases and an adjective's forms. This is general
// linguistic data, the commonest words of research names in these languages, never words taken
// from the catalogue. Built on the first query that needs it.
const LINES = `
glass: stekl stekol stakl stakol
marine sea: morsk mor morya moryu morei morskyy morskoy
ocean oceanology: okean okeanolog
river rivers: rechn rek rik richk
lake lakes: ozer ozyor
water: vod vodn vodo vodnyy
oil petroleum: neft naft neftyan naftov
gas: gaz gazov
coal: ugol ugl vugill vugl
forest forestry: les lesn lesnoi lesovod lis lisov lisn
soil soils: pochv pochvoved grunt
plants plant: rastenii rastenie rastenievod rastitel roslyn roslyn roslynn
crops culture: kultur
animals animal: zhivotn tvaryn zhivotnovod
fish fisheries: ryb rybn rybokhozyaistv
agriculture agricultural: selskokhozyaistvenn zemledel zemlerob silskohospodar silskoho zemedel sharuashyl sharuashylyq sharuashylygh zemjodel zemjodelsk
kazakh kazakhstan: qazaq qazaqstan
land: zher
grain: zern zernov
tobacco: tabak tabach
vegetables: ovoshch ovochev
fruit: plod plodov frukt
potato: kartofel kartofl
medicinal: lekarstvenn likarsk lekarstv
aromatic: aromatichesk efiromaslichn
oilseed: maslichn
nuclear: yadern yadrn yadr yadren pyrenik pyren
atomic: atomn
physics physical: fizik fizich
chemistry: khimi khimich khemi khemij khemiy khemijsk khimiy
general: obshch opsht opshch zagaln
applied: prikladn prykladn primenjen
theoretical: teoretichesk teoretychn
experimental: eksperimentaln
fundamental: fundamentaln
computational computing: vychislitel obchyslyuvaln ypologist
instrumentation instruments: priborostroen priladobuduvann pribor prylad
machine: mashinostroen mashynobuduvann mashin
engineering: inzhener inzhenern
construction building: stroitel budivel budivn stroitelstv
mining: gorn gornotekhnichesk girnych rudn
metals metallurgy: metall metalurg
materials: materialoved materialoznavstv
energy power: energetik energetichesk enerhetyk energ
electrical: elektrotekhnichesk
transport: transportn
railway: zheleznodorozhn zaliznychn
space: kosmichesk kosmos kosm
radio: radiotekhnichesk
communications: svyaz
information: informatsionn informatsii informatsiya
automobile automotive: avtomobil
aviation: aviatsionn aviats
health: zdorov zdorovya zdorovia zdravookhranen
medicine medical: meditsin medytsyn
preventive: profilakticheskoi profilakticheskii profilaktichesk profilaktyk
children child paediatric: detsk dityach dytyach det
maternal mother: materinstv mater
heart cardiology: serdts serdech
blood: krov krovi
brain: mozg mozk
eye: glaz glazn ochn
cancer oncology: onkolog onkologichesk rak
tuberculosis: tuberkulez tuberkuloz ftiziat
leprosy: lepr
diseases: bolezn zabolevan khvorob
infections: infektsi infektsionn
surgery: khirurg
trauma traumatology: travmatolog
orthopaedics: ortoped
epidemiology: epidemiolog
hygiene: gigien
veterinary: veterinar
nutrition food: pitan kharchuvann pishchev kharchov
sciences science: nauk nayk naukov epistem epistemon
research: issledovan issledovatelsk dosledzhen doslidzhen doslidn izsledovan istrazhivan zerttey zertteu ereun
problems: problem
study studies: izuchen vyvchenn
history: istori istor
economics economic economy: ekonomik ekonomichesk ekonomich ekonom
finance financial: finans finansov
law legal: prav pravov yuridichesk
philosophy: filosof
sociology: sotsiolog
linguistics language: yazyk yazykoznan movoznavstv movn ezik
literature: literatur
education: obrazovan osvit obrazovaniy
development: razvit rozvyt
sustainable: ustoichiv stalogo
reflective: refleksivn refleksyvn
specialization: spetsializats
quantum: kvantov kvant
optics optical: optik optichesk
lasers: lazer
semiconductors: poluprovodnik napivprovidnyk
crystals crystallography: kristall
polymers: polimer
catalysis: kataliz katalit
organic: organichesk orhanichn
inorganic: neorganichesk
biology: biolog
genetics: genetik genetichesk
microbiology: mikrobiolog
biochemistry: biokhimi
biophysics: biofizik
ecology environmental: ekolog ekologichesk perivallon periballon
environment: okruzhayushch dovkill
climate: klimat
weather meteorology: meteorolog pogod
geology: geolog heolog
geography: geograf heohraf
geophysics: geofizik
astronomy astronomical: astronom
astrophysics: astrofizik
observatory: observatori obserwatori
mathematics: matematik
mechanics: mekhanik
electronics: elektronik
technology technologies: tekhnolog tekhnologii tekhnichesk tekhnika tekhnolohii
applications: epharmog epharmogon
safety security: bezopasn bezpek asphal
foundation: idrym
hospital: bolnits likarn
clinical: klinichesk
federal: federaln
regional: regionaln
main: glavn holovn
central: tsentraln
`;

/** Inflectional endings of a stem's nouns and adjectives, in the standard Latin reading. */
const ENDING = /^(?:n|sk|ov|ev|enn|ichesk|ichn|ychn|chn|)(?:yi|ii|yy|oi|a|y|i|u|e|o|om|ov|ev|ei|am|ami|akh|ya|yu|ye|ia|iya|iyu|ie|iye|yam|yami|yakh|ykh|ikh|ym|im|ymi|imi|aya|oe|ogo|ego|omu|yi|ei|ou|os|as|es|is|on|ou|ikos|ikou|iko|ikon|ikes|ikis|ias|ion|eia|eias|eis|ou|iu|ja|ju|ji|iy|j|)$/;
/** The shortest stem. */
const MIN_STEM = 3;

let table: Map<string, readonly string[]> | null = null;

function build(): Map<string, readonly string[]> {
  const out = new Map<string, readonly string[]>();
  for (const line of LINES.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const english = line.slice(0, colon).trim().split(/\s+/);
    for (const stem of line.slice(colon + 1).trim().split(/\s+/)) {
      const known = out.get(stem);
      out.set(stem, known ? [...new Set([...known, ...english])] : english);
    }
  }
  return out;
}

/**
 * The English words a word in Cyrillic or Greek letters means by its subject stem, given its
 * standard Latin reading; undefined when no stem of the table begins it with an ending after.
 */
export function cyrillicSubject(reading: string): readonly string[] | undefined {
  table ??= build();
  for (let n = reading.length; n >= MIN_STEM; n--) {
    const english = table.get(reading.slice(0, n));
    if (english && ENDING.test(reading.slice(n))) return english;
  }
  return undefined;
}
