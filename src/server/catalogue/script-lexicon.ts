// The generic and subject words of organisation names in the scripts of India and its
// neighbours (Hindi, Marathi and Nepali in Devanagari, Bengali, Punjabi in Gurmukhi, Gujarati,
// Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala), Thai and Hebrew, with the English words they
// mean, read like EQUIVALENTS (./script-readings.ts). Each line is the English words, a colon,
// and the words as written; they are looked up folded (./search-text.ts: vowel signs, Thai tone
// marks and Hebrew points dropped). Thai writes no spaces between words, and Malayalam, Tamil,
// Kannada and Telugu join words into one ("വനഗവേഷണ": forest research): such a word is cut
// into the table's words, longest first (segmentWord), Thai leaving a run of unknown letters as
// a word of its own. Function words (Thai และ "and", การ "the act of") are cut off and dropped.
// This is general linguistic data, the commonest words of research names in these languages,
// never words taken from the catalogue. Built on the first query that needs it.
import { fold, type Token } from './search-text.js';

const LINES = `
institute institution: संस्थान संस्था প্রতিষ্ঠান ইনস্টিটিউট ਸੰਸਥਾ ਸੰਸਥਾਨ સંસ્થા સંસ્થાન ପ୍ରତିଷ୍ଠାନ ଅନୁଷ୍ଠାନ நிறுவனம் நிறுவனத்தின் கழகம் సంస్థ సంస్థాన్ ಸಂಸ್ಥೆ ಸಂಸ್ಥಾನ സ്ഥാപനം ഇൻസ്റ്റിറ്റ്യൂട്ട് ආයතනය ආයතනයේ สถาบัน מכון
research: अनुसंधान अनुसन्धान शोध संशोधन গবেষণা ਖੋਜ સંશોધન ଗବେଷଣା ஆராய்ச்சி ஆய்வு పరిశోధన పరిశోధనా ಸಂಶೋಧನ ಸಂಶೋಧನೆ ಸಂಶೋಧನಾ ഗവേഷണ ഗവേഷണം പഠന පර්යේෂණ วิจัย מחקר חקר
center: केंद्र केन्द्र কেন্দ্র ਕੇਂਦਰ કેન્દ્ર କେନ୍ଦ୍ର மையம் மையத்தின் కేంద్రం ಕೇಂದ್ರ കേന്ദ്രം කේන්ද්‍රය මධ්‍යස්ථානය ศูนย์ מרכז
national: राष्ट्रीय জাতীয় ਰਾਸ਼ਟਰੀ ਕੌਮੀ રાષ્ટ્રીય ଜାତୀୟ தேசிய జాతీయ ರಾಷ್ಟ್ರೀಯ ദേശീയ ජාතික แห่งชาติ לאומי לאומית
international: अंतरराष्ट्रीय अंतर्राष्ट्रीय अन्तर्राष्ट्रीय আন্তর্জাতিক ਅੰਤਰਰਾਸ਼ਟਰੀ આંતરરાષ્ટ્રીય சர்வதேச అంతర్జాతీయ ಅಂತರರಾಷ್ಟ್ರೀಯ ಅಂತಾರಾಷ್ಟ್ರೀಯ അന്താരാഷ്ട്ര ජාත්‍යන්තර นานาชาติ ระหว่างประเทศ בינלאומי
university: विश्वविद्यालय বিশ্ববিদ্যালয় ਯੂਨੀਵਰਸਿਟੀ ਵਿਸ਼ਵਵਿਦਿਆਲਾ યુનિવર્સિટી વિશ્વવિદ્યાલય ବିଶ୍ୱବିଦ୍ୟାଳୟ பல்கலைக்கழகம் విశ్వవిద్యాలయం ವಿಶ್ವವಿದ್ಯಾಲಯ സർവകലാശാല විශ්වවිද්‍යාලය มหาวิทยาลัย אוניברסיטה אוניברסיטת
college: महाविद्यालय মহাবিদ্যালয় কলেজ કોલેજ கல்லூரி కళాశాల ಕಾಲೇಜು കോളേജ് විද්‍යාලය วิทยาลัย מכללה
science sciences: विज्ञान বিজ্ঞান ਵਿਗਿਆਨ વિજ્ઞાન ବିଜ୍ଞାନ அறிவியல் விஞ்ஞான విజ్ఞాన శాస్త్ర ವಿಜ್ಞಾನ ശാസ്ത്ര ശാസ്ത്രം വിജ്ഞാന විද්‍යා วิทยาศาสตร์ מדע מדעים מדעי
scientific: वैज्ञानिक বৈজ্ঞানিক વૈજ્ઞાનિક அறிவியல் వైజ్ఞానిక ವೈಜ್ಞಾನಿಕ ശാസ്ത്രീയ විද්‍යාත්මක מדעי
laboratory: प्रयोगशाला प्रयोगशाळा গবেষণাগার পরীক্ষাগার ল্যাবরেটরি ਪ੍ਰਯੋਗਸ਼ਾਲਾ પ્રયોગશાળા ଲାବୋରେଟୋରୀ ஆய்வகம் ప్రయోగశాల ಪ್ರಯೋಗಾಲಯ പരീക്ഷണശാല ലാബറട്ടറി ലബോറട്ടറി රසායනාගාරය ห้องปฏิบัติการ מעבדה מעבדת
technology: प्रौद्योगिकी तकनीकी प्रौद्योगिकीय প্রযুক্তি ਤਕਨਾਲੋਜੀ ટેકનોલોજી પ્રૌદ્યોગિકી ପ୍ରଯୁକ୍ତି தொழில்நுட்ப தொழில்நுட்பம் సాంకేతిక ತಂತ್ರಜ್ಞಾನ സാങ്കേതിക സാങ്കേതികവിദ്യ ടെക്നോളജി තාක්ෂණ เทคโนโลยี טכנולוגיה טכנולוגי
indian india: भारतीय भारत ভারতীয় ভারত ਭਾਰਤੀ ਭਾਰਤ ભારતીય ભારત ଭାରତୀୟ இந்திய இந்தியா భారతీయ భారత ಭಾರತೀಯ ಭಾರತ ഇന്ത്യൻ ഇന്ത്യ ഭാരതീയ
central: केंद्रीय केन्द्रीय কেন্দ্রীয় ਕੇਂਦਰੀ કેન્દ્રીય କେନ୍ଦ୍ରୀୟ மத்திய కేంద్రీయ ಕೇಂದ್ರೀಯ കേന്ദ്രീയ സെൻട്രൽ මධ්‍යම กลาง
theoretical: सैद्धांतिक সৈদ্ধান্তিক তাত্ত্বিক கோட்பாட்டு సైద్ధాంతిక ಸೈದ್ಧಾಂತಿಕ സൈദ്ധാന്തിക
astrophysics: खगोलभौतिकी வானியற்பியல் ಖಗೋಳಭೌತಶಾಸ್ತ್ರ ജ്യോതിശാസ്ത്രഭൗതിക
astronomy astronomical: खगोल खगोलशास्त्र খগোল জ্যোতির্বিজ্ঞান வானியல் ఖగోళ ಖಗೋಳ ജ്യോതിശാസ്ത്ര ดาราศาสตร์ אסטרונומיה
physics physical: भौतिक भौतिकी পদার্থবিজ্ঞান ভৌত இயற்பியல் భౌతిక ಭೌತ ಭೌತಶಾಸ್ತ್ರ ഭൗതിക ഭൗതികശാസ്ത്ര ฟิสิกส์ פיזיקה
chemistry chemical: रसायन रासायनिक রসায়ন রাসায়নিক રસાયણ வேதியியல் రసాయన ರಸಾಯನ രസതന്ത്ര രാസ കെമിക്കൽ රසායන เคมี כימיה
biology biological: जीवविज्ञान जैविक জীববিজ্ঞান உயிரியல் జీవశాస్త్ర ಜೀವಶಾಸ್ತ್ರ ജീവശാസ്ത്ര ชีววิทยา ชีวภาพ ביולוגיה
microbial microbiology: सूक्ष्मजीव सूक्ष्मजैविकी অণুজীব நுண்ணுயிர் సూక్ష్మజీవ ಸೂಕ್ಷ್ಮಜೀವಿ സൂക്ഷ്മജീവി
mathematics: गणित গণিত ਗਣਿਤ ગણિત கணித கணிதம் గణిత ಗಣಿತ ഗണിത คณิตศาสตร์ מתמטיקה
medical medicine: चिकित्सा आयुर्विज्ञान चिकित्सीय চিকিৎসা ਮੈਡੀਕਲ તબીબી மருத்துவ మருத్త్వ వైద్య ವೈದ್ಯಕೀಯ വൈദ്യ വൈദ്യശാസ്ത്ര වෛද්‍ය การแพทย์ แพทย์ רפואה רפואי
agriculture agricultural: कृषि কৃষি ਖੇਤੀਬਾੜੀ કૃષિ କୃଷି வேளாண் வேளாண்மை வேளாண்மைப் వ్యవసాయ ಕೃಷಿ കാർഷിക കൃഷി කෘෂිකර්ම เกษตร การเกษตร חקלאות
statistics statistical: सांख्यिकी सांख्यिकीय পরিসংখ্যান புள்ளியியல் గణాంక ಸಂಖ್ಯಾಶಾಸ್ತ್ರ സ്ഥിതിവിവര สถิติ סטטיסטיקה
meat: मांस মাংস இறைச்சி మాంసం ಮಾಂಸ മാംസ
onion: प्याज পেঁয়াজ வெங்காயம் ఉల్లి ಈರುಳ್ಳಿ ഉള്ളി
garlic: लहसुन রসুন பூண்டு వెల్లుల్లి ಬೆಳ್ಳುಳ್ಳಿ വെളുത്തുള്ളി
fisheries fish: मत्स्य मछली মৎস্য மீன்வள மீன் మత్స్య ಮೀನುಗಾರಿಕೆ മത്സ്യ ประมง דגים
marine sea: समुद्री समुद्र সামুদ্রিক সমুদ্র கடல் கடல்சார் సముద్ర ಸಮುದ್ರ സമുദ്ര ทะเล ים ימי
forest forestry: वन वानिकी বন অরণ্য காடு வன வனவியல் అటవీ ಅರಣ್ಯ വന വനം ป่าไม้ יער
space: अंतरिक्ष অন্তরীক্ষ মহাকাশ விண்வெளி అంతరిక్ష ಬಾಹ್ಯಾಕಾಶ ബഹിരാകാശ อวกาศ חלל
mining: खनन খনি சுரங்க గనుల ಗಣಿ ഖനന เหมืองแร่ כרייה
fuel: ईंधन জ্বালানি எரிபொருள் ఇంధన ಇಂಧನ ഇന്ധന เชื้อเพลิง דלק
tropical: उष्णकटिबंधीय उष्णप्रदेशीय ক্রান্তীয় வெப்பமண்டல ఉష్ణమండల ಉಷ್ಣವಲಯ ഉഷ്ണമേഖല เขตร้อน טרופי
meteorology weather: मौसमविज्ञान मौसम हवामानशास्त्र हवामान আবহাওয়া வானிலை వాతావరణ ಹವಾಮಾನ കാലാവസ്ഥ อุตุนิยมวิทยา מטאורולוגיה
financial finance: वित्तीय वित्त আর্থিক நிதி ఆర్థిక ಹಣಕಾಸು ധനകാര്യ การเงิน כספים
management: प्रबंधन प्रबन्धन व्यवस्थापन ব্যবস্থাপনা மேலாண்மை నిర్వహణ ನಿರ್ವಹಣೆ മാനേജ്മെന്റ് การจัดการ ניהול
abiotic: अजैविक
stress: तनाव
island islands: द्वीपीय द्वीप দ্বীপ தீவு ద్వీప ದ್ವೀಪ ദ്വീപ เกาะ אי
directorate: निदेशालय অধিদপ্তর இயக்குநரகம் డైరెక్టరేట్ ನಿರ್ದೇಶನಾಲಯ ഡയറക്ടറേറ്റ്
council: परिषद পরিষদ ਪਰਿਸ਼ਦ પરિષદ குழு మండలి ಪರಿಷತ್ತು കൗൺസിൽ สภา מועצה
studies study: अध्ययन অধ্যয়ন ਅਧਿਐਨ અભ્યાસ கல்வி ஆய்வுகள் అధ్యయన ಅಧ್ಯಯನ പഠന අධ්‍යයන การศึกษา לימודים
fundamental basic: मूलभूत मौलिक মৌলিক அடிப்படை ప్రాథమిక ಮೂಲಭೂತ അടിസ്ഥാന මූලික พื้นฐาน בסיסי
water: जल পানি জল நீர் జల ಜಲ ജല น้ำ מים
energy: ऊर्जा শক্তি ஆற்றல் శక్తి ಶಕ್ತಿ ഊർജ്ജ พลังงาน אנרגיה
health: स्वास्थ्य স্বাস্থ্য ਸਿਹਤ આરોગ્ય சுகாதார ఆరోగ్య ಆರೋಗ್ಯ ആരോഗ്യ සෞඛ්‍ය สุขภาพ בריאות
disease diseases: रोग রোগ ਰੋਗ રોગ
information: सूचना তথ্য ਸੂਚਨਾ માહિતી
environment environmental: पर्यावरण পরিবেশ ਵਾਤਾਵਰਣ પર્યાવરણ சுற்றுச்சூழல் పర్యావరణ ಪರಿಸರ പരിസ്ഥിതി පරිසර สิ่งแวดล้อม סביבה
soil: मृदा मिट्टी মৃত্তিকা மண் నేల ಮಣ್ಣು മണ്ണ് ดิน קרקע
rice: चावल धान ধান চাল நெல் అరి వరి ಭತ್ತ നെല്ല് ข้าว אורז
wheat: गेहूं গম கோதுமை గోధుమ ಗೋಧಿ ഗോതമ്പ് ข้าวสาลี חיטה
animal animals livestock: पशु প্রাণী கால்நடை పశు ಪಶು മൃഗ สัตว์
veterinary: पशुचिकित्सा প্রাণিসম্পদ கால்நடை పశువైద్య ಪಶುವೈದ್ಯ മൃഗസംരക്ഷണ สัตวแพทย์ וטרינרי
dairy: डेयरी दुग्ध দুগ্ধ பால்வள పాడి ಹೈನು ക്ഷീര นม חלב
horticulture: बागवानी उद्यानिकी উদ্যানতত্ত্ব தோட்டக்கலை ఉద్యాన ತೋಟಗಾರಿಕೆ ഉദ്യാന พืชสวน
plants plant: पादप वनस्पति পাদপ উদ্ভিদ છોડ தாவர మొక్క ಸಸ್ಯ സസ്യ พืช צמחים
botany palaeobotany: वनस्पतिविज्ञान पुरावनस्पतिविज्ञान উদ্ভিদবিদ্যা தாவரவியல் వృక్షశాస్త్ర ಸಸ್ಯಶಾಸ್ತ್ರ സസ്യശാസ്ത്ര พฤกษศาสตร์
medicinal: औषधीय ঔষধি ઔષધીય மருத்துவ ఔషధ ಔಷಧೀಯ ഔഷധ สมุนไพร רפואיים
aromatic: सुगंधित সুগন্ধি ખુશ્બોદાર நறுமண సుగంధ ಸುಗಂಧ സുഗന്ധ
earth: पृथ्वी ভূ புவி భూ ಭೂ ഭൗമ โลก
geology: भूविज्ञान ভূতত্ত্ব புவியியல் భూగర్భ ಭೂವಿಜ್ಞಾನ ഭൂഗർഭ ธรณีวิทยา גאולוגיה
computer computing: संगणक কম্পিউটার கணினி కంప్యూటర్ ಗಣಕ കമ്പ്യൂട്ടർ คอมพิวเตอร์ מחשב מחשבים
engineering: अभियांत्रिकी अभियान्त्रिकी প্রকৌশল பொறியியல் ఇంజనీరింగ్ ಎಂಜಿನಿಯರಿಂಗ್ എഞ്ചിനീയറിംഗ് วิศวกรรม הנדסה
hospital: अस्पताल চিকিৎসালয় হাসপাতাল மருத்துவமனை ఆసుపత్రి ಆಸ್ಪತ್ರೆ ആശുപത്രി โรงพยาบาล חולים
cancer oncology: कैंसर कर्क ক্যান্সার புற்றுநோய் క్యాన్సర్ ಕ್ಯಾನ್ಸರ್ കാൻസർ มะเร็ง סרטן
heart cardiology: हृदय হৃদ இதய హృదయ ಹೃದಯ ഹൃദയ หัวใจ לב
brain: मस्तिष्क মস্তিষ্ক மூளை మెదడు ಮಿದುಳು മസ്തിഷ്ക สมอง מוח
nuclear: नाभिकीय परमाणु পারমাণবিক அணு అణు ಪರಮಾಣು ആണവ นิวเคลียร์ גרעיני גרעין
atomic: परमाणु পরমাণু அணு పరమాణు ಪರಮಾಣು അണു ปรมาณู אטומי
training: प्रशिक्षण প্রশিক্ষণ பயிற்சி శిక్షణ ತರಬೇತಿ പരിശീലന ฝึกอบรม הכשרה
park: उद्यान পার্ক பூங்கா ఉద్యానవనం ಉದ್ಯಾನ ഉദ്യാനം อุทยาน פארק
nanotechnology: नैनोप्रौद्योगिकी นาโนเทคโนโลยี ננוטכנולוגיה
nano: नैनो ন্যানো நானோ నానో ನ್ಯಾನೋ നാനോ นาโน ננו
unesco: यूनेस्को ইউনেস্কো யுனெஸ்கோ ยูเนสโก אונסק"ו
thailand thai: ประเทศไทย ไทย
israel israeli: ישראל ישראלי ישראלית הישראלי
negev: נגב
jerusalem: ירושלים
transportation transport: परिवहन পরিবহন போக்குவரத்து రవాణా ಸಾರಿಗೆ ഗതാഗത ขนส่ง תחבורה
smart: स्मार्ट স্মার্ট ஸ்மார்ட் స్మార్ట్ ಸ್ಮಾರ್ಟ್ സ്മാർട്ട് อัจฉริยะ חכמה חכם
democracy: लोकतंत्र গণতন্ত্র ஜனநாயக ప్రజాస్వామ్య ಪ್ರಜಾಪ್ರಭುತ್ವ ജനാധിപത്യ ประชาธิปไตย דמוקרטיה
psychobiology: פסיכוביולוגיה
psychology: मनोविज्ञान মনোবিজ্ঞান உளவியல் మనస్తత్వ ಮನೋವಿಜ್ಞಾನ മനശ്ശാസ്ത്ര จิตวิทยา פסיכולוגיה
economics economic: अर्थशास्त्र आर्थिक অর্থনীতি பொருளாதார ఆర్థిక ಅರ್ಥಶಾಸ್ತ್ರ സാമ്പത്തിക เศรษฐศาสตร์ כלכלה
education: शिक्षा শিক্ষা ਸਿੱਖਿਆ શિક્ષણ கல்வி విద్య ಶಿಕ್ಷಣ വിദ്യാഭ്യാസ การศึกษา חינוך
social: सामाजिक সামাজিক சமூக సామాజిక ಸಾಮಾಜಿಕ സാമൂഹിക สังคม חברתי
history: इतिहास ইতিহাস வரலாறு చరిత్ర ಇತಿಹಾಸ ചരിത്ര ประวัติศาสตร์ היסטוריה
asian asia: एशियाई এশীয় ஆசிய ఆసియా ಏಷ್ಯಾ ഏഷ്യൻ เอเชีย אסיה
`;

/** Function words cut off and dropped (Thai และ "and", การ the nominaliser; Hindi एवं, और "and"). */
const FUNCTION_WORDS = 'และ การ แห่ง ของ ภายใต้ เพื่อ ใน एवं और तथा का की के এবং ও மற்றும் మరియు ಮತ್ತು ഓഫ് ഫോർ অফ'.split(' ');

const THAI = /^[\u0e00-\u0e7f]+$/u;
const BRAHMIC = /^[\u0900-\u0dff]+$/u;
const HEBREW_PREFIX = /^[הולבמשכ]{1,2}(?=.{3})/u;
/** A key this short is read only as a whole word, never as a word's beginning. */
const MIN_BEGINNING = 3;
/** The most letters an ending (a case ending of Tamil, Malayalam …) may add to a word of the table. */
const MAX_ENDING = 3;

interface Lexicon {
  meanings: Map<string, readonly string[]>;
  /** The longest key, in UTF-16 units. */
  longest: number;
}
let lexicon: Lexicon | null = null;
const NO_MEANING: readonly string[] = [];

function build(): Lexicon {
  const meanings = new Map<string, readonly string[]>();
  for (const line of LINES.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const english = line.slice(0, colon).trim().split(/\s+/);
    for (const w of line.slice(colon + 1).trim().split(/\s+/)) {
      const key = fold(w);
      const known = meanings.get(key);
      meanings.set(key, known ? [...new Set([...known, ...english])] : english);
    }
  }
  for (const w of FUNCTION_WORDS) meanings.set(fold(w), NO_MEANING);
  let longest = 0;
  for (const k of meanings.keys()) longest = Math.max(longest, k.length);
  return { meanings, longest };
}

/**
 * The English words a folded word of these scripts means: as written, without a Hebrew
 * prefix, or a word of the table with a short ending; undefined when none ([] for a function word).
 */
export function lexiconMeaning(word: string): readonly string[] | undefined {
  if (!THAI.test(word) && !BRAHMIC.test(word) && !/^[\u05d0-\u05ea]+$/u.test(word)) return undefined;
  lexicon ??= build();
  const { meanings } = lexicon;
  const found = meanings.get(word) ?? meanings.get(word.replace(HEBREW_PREFIX, ''));
  if (found || !BRAHMIC.test(word)) return found;
  for (let n = word.length - 1; n >= MIN_BEGINNING && word.length - n <= MAX_ENDING; n--) {
    const english = meanings.get(word.slice(0, n));
    if (english && english.length > 0) return english;
  }
  return undefined;
}

/**
 * A folded Thai word, or an Indian-script word the table does not have, cut into the table's
 * words, longest first, function words dropped; null when it is not cut in two or more. A Thai
 * run of letters no word of the table begins is kept as a word of its own; an Indian-script
 * word is cut only when every part is the table's (a short ending on the last allowed).
 */
export function segmentWord(word: string): string[] | null {
  const thai = THAI.test(word);
  if (!thai && (!BRAHMIC.test(word) || lexiconMeaning(word) !== undefined)) return null;
  lexicon ??= build();
  const { meanings, longest } = lexicon;
  const pieces: string[] = [];
  let unknown = '';
  let known = 0;
  for (let i = 0; i < word.length; ) {
    let n = Math.min(longest, word.length - i);
    while (n >= 2 && !meanings.has(word.slice(i, i + n))) n--;
    if (n >= 2) {
      if (unknown) pieces.push(unknown);
      unknown = '';
      const piece = word.slice(i, i + n);
      if (meanings.get(piece)!.length > 0) pieces.push(piece);
      known++;
      i += n;
    } else if (thai) unknown += word[i++];
    else if (known > 0 && word.length - i <= MAX_ENDING) break;
    else return null;
  }
  if (known === 0 || (!thai && known < 2)) return null;
  if (unknown) pieces.push(unknown);
  return pieces;
}

/** Query tokens with Thai and joined Indian-script words cut into the table's words (segmentWord), function words dropped. */
export function splitScriptWords(tokens: readonly Token[]): Token[] {
  if (!tokens.some((t) => t.word.length > 0 && /[\u0900-\u0dff\u0e00-\u0e7f]/u.test(t.word))) return tokens as Token[];
  const out: Token[] = [];
  for (const token of tokens) {
    if (lexiconMeaning(token.word)?.length === 0) continue;
    const pieces = segmentWord(token.word);
    if (!pieces) out.push(token);
    else for (const piece of pieces) out.push({ word: piece, raw: piece, flags: token.flags });
  }
  return out;
}
