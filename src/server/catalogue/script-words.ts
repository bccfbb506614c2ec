// The generic words of organisation names in other alphabets, with the English words they
// mean: read like EQUIVALENTS (./language-rules.ts), each English word with its own group of
// equivalents. Words of alphabets ./transliterate.ts reads are given in their standard Latin
// reading (an adjective in its masculine singular: "научного" → nauchnyi); Devanagari,
// Arabic-script and Hebrew words as folded (./search-text.ts: Devanagari without its vowel
// signs, Arabic without hamza and madda, Hebrew without points; the article and conjunction
// written onto a word's front are taken off). One word may mean two English
// words ("научный": scientific or research), which an EQUIVALENTS group cannot say.
import { arabicMeaning } from './arabic-script.js';
import { cyrillicSubject } from './cyrillic-words.js';
import { lexiconMeaning } from './script-lexicon.js';
import { fold } from './search-text.js';

function table(entries: Record<string, string>, folded: boolean): ReadonlyMap<string, readonly string[]> {
  const out = new Map<string, readonly string[]>();
  for (const [words, meaning] of Object.entries(entries)) {
    for (const w of words.split(' ')) out.set(folded ? fold(w) : w, meaning.split(' '));
  }
  return out;
}

/** Standard Latin readings of Cyrillic, Greek, Armenian and Georgian generic words. */
const READINGS = table({
  // Russian
  'nauchnyi nauchno': 'scientific research science',
  'issledovatelskii issledovanii issledovaniya issledovanie issledovaniyam': 'research',
  'nauka nauki': 'science sciences',
  'rossiiskii vserossiiskii rossii rossiya rossiiskoi': 'russian russia',
  'gosudarstvennyi': 'state',
  'mezhdunarodnyi': 'international',
  'obedinennyi': 'joint united',
  'konstruktorskii proektnyi': 'design development',
  'meditsinskii': 'medical',
  'selskokhozyaistvennyi agrarnyi': 'agricultural agrarian',
  'politekhnicheskii': 'polytechnic',
  'bolnitsa': 'hospital',
  'otdel otdelenie': 'department division',
  'kafedra': 'department chair',
  'filial': 'branch',
  'sibirskii': 'siberian',
  'severnyi': 'northern north',
  'yuzhnyi': 'southern south',
  'vostochnyi': 'eastern east',
  'zapadnyi': 'western west',
  'dalnevostochnyi': 'far eastern',
  'obshchestvo': 'society',
  'ministerstvo': 'ministry',
  'komitet': 'committee',
  'muzei': 'museum',
  'biblioteka': 'library',
  'prikladnoi prikladnyi': 'applied',
  'uchrezhdenie': 'institution',
  'vysshaya vysshii': 'higher',
  'shkola': 'school',
  'sad': 'garden',
  'nii niii': 'research institute',
  'ran': 'russian academy sciences ras',
  'nan': 'national academy sciences',
  'promyshlennosti promyshlennost promyshlennyi': 'industry industrial',
  'khimii khimiya khimiyu khimiei khimiia': 'chemistry',
  'proizvodstvennyi': 'production',
  'ekologicheskii': 'environmental ecological',
  'selskogo': 'agricultural',
  'khozyaistva': 'agriculture',
  // Ukrainian
  'naukovyy naukovyi naukovo': 'scientific research science',
  'doslidnyy doslidzhen doslidzhennya doslidnytskyy': 'research',
  'ndi': 'research institute',
  'derzhavnyy derzhavnyi': 'state',
  'ukrainskyy ukrainy ukraina': 'ukrainian ukraine',
  'medychnyy medichnyi': 'medical',
  'universytet universitet': 'university',
  'akademiya akademii': 'academy',
  // Kazakh
  'ghylymi ghylym': 'scientific science',
  'zertteu': 'research',
  'ortalyghy ortalyq': 'center',
  'ulttyq': 'national',
  'memlekettik': 'state',
  // Belarusian
  'dasledavannyau dasledchy dasledchyi': 'research',
  // Bulgarian, Serbian
  'nauchen nauchni': 'scientific research',
  'izsledovatelski': 'research',
  // Greek
  'ethniko ethnikou ethnikos ethnike ethnikes': 'national',
  'kentro kentrou': 'center',
  'ereunas ereunon ereuna ereunetiko ereunetikou': 'research',
  'panepistemio panepistemiou': 'university',
  'ergasterio ergasteriou': 'laboratory',
  'polytechneio': 'polytechnic',
  'elleniko ellenikou ellenikos': 'hellenic greek',
  'iatriko iatrikes': 'medical',
  'museio museiu museia': 'museum',
  'idryma idrymatos': 'foundation',
  'dasus dasos dason dasike dasikes dasikon dasiko dasiku': 'forest forests forestry',
  'ygeia ygeias': 'health',
  'thalassa thalassas thalassia thalassias thalassion': 'sea marine',
  'georgia georgias georgiko georgiku georgikon georgikes': 'agriculture agricultural',
  'meleton meletes': 'studies',
  'epistemes epistemon': 'sciences',
  // Armenian
  'hamalsaran hamalsarani': 'university',
  'kentron kentroni': 'center',
  'azgayin': 'national',
  'gitakan gitutyan gitutyunneri': 'scientific science sciences',
  'hetazotakan': 'research',
  'petakan': 'state',
  // Georgian
  'universiteti': 'university',
  'tsentri': 'center',
  'erovnuli': 'national',
  'sametsniero': 'scientific research',
  'kvleviti': 'research',
  'sakhelmtsipho': 'state',
}, false);

/** Folded Devanagari and Arabic-script generic words. */
const FOLDED = table({
  // Hindi, Marathi, Nepali
  'संस्थान': 'institute',
  'अनुसंधान अनुसन्धान शोध': 'research',
  'केन्द्रीय केंद्रीय': 'central',
  'केंद्र केन्द्र': 'center',
  'राष्ट्रीय': 'national',
  'विश्वविद्यालय': 'university',
  'महाविद्यालय': 'college',
  'प्रयोगशाला': 'laboratory',
  'भारतीय': 'indian',
  'परिषद': 'council',
  'विज्ञान': 'science sciences',
  'वैज्ञानिक': 'scientific',
  'प्रौद्योगिकी': 'technology',
  'चिकित्सा आयुर्विज्ञान': 'medical',
  'कृषि': 'agricultural agriculture',
  'अकादमी': 'academy',
  'विभाग': 'department',
  'अस्पताल': 'hospital',
  // Arabic, Persian, Urdu
  'معهد موسسه مؤسسة': 'institute',
  'مركز مرکز': 'center',
  'جامعة جامعه دانشگاه': 'university',
  'كلية کلیه دانشکده': 'faculty college',
  'بحوث أبحاث ابحاث بحث تحقيقات تحقیقات پژوهش پژوهشی پژوهشکده پژوهشگاه': 'research',
  'مختبر مختبرات آزمایشگاه': 'laboratory laboratories',
  'علوم': 'sciences science',
  'علمي علمی': 'scientific',
  'وطني قومي ملي ملی': 'national',
  'مستشفى مستشفي بیمارستان': 'hospital',
  'وزارة وزارت': 'ministry',
  'أكاديمية اكاديمية آکادمی': 'academy',
  'طبي طبية پزشکی': 'medical',
  'زراعية زراعي کشاورزی': 'agricultural',
  'تكنولوجيا فناوری': 'technology',
  'دراسات دراسة مطالعات': 'studies',
  'عالمي دولي بینالمللی': 'international',
  'هندسة مهندسی': 'engineering',
  'بيئة محیط': 'environment environmental',
  'طاقة انرژی': 'energy',
  'وكالة': 'agency',
  'سازمان منظمة': 'organization',
  'صحة صحي سلامت بهداشت': 'health',
  'اقتصاد': 'economics economic',
  // Hebrew
  'מכון': 'institute',
  'אוניברסיטה אוניברסיטת': 'university',
  'מרכז': 'center',
  'מחקר': 'research',
  'לאומי לאומית': 'national',
  'מעבדה מעבדת': 'laboratory',
  'מדעים מדע': 'sciences science',
  'רפואי רפואה': 'medical medicine',
  'אקדמיה': 'academy',
  'פקולטה': 'faculty',
  'מחלקה מחלקת': 'department',
}, true);

// Words written onto the front of another: Arabic "ال" (the), "و" (and), "لل" and "بال" (for,
// with the); Hebrew "ה" (the),
// "ו" (and), "ל" (to, for), "ב" (in).
const ARABIC_PREFIX = /^(وال|بال|لل|ال|و)(?=.{3})/;
const HEBREW_PREFIX = /^(וה|ול|ה|ו|ל|ב)(?=.{3})/;

/** The English words a generic word of another alphabet means (by reading, or folded as written), if any. */
export function scriptWordMeaning(word: string, reading: string | null): readonly string[] | undefined {
  if (reading !== null) return READINGS.get(reading) ?? cyrillicSubject(reading);
  return FOLDED.get(word) ?? FOLDED.get(word.replace(ARABIC_PREFIX, '')) ?? FOLDED.get(word.replace(HEBREW_PREFIX, '')) ?? arabicMeaning(word) ?? lexiconMeaning(word);
}
