// Generic and subject words of organisation names written in Arabic script (Arabic, Persian,
// Urdu), with the English words they mean, and place names as English writes them: general
// linguistic and geographic data, not names of records. Each line is "english: word word …";
// words are written as usual (the article, conjunctions, plural and adjective endings are
// taken off by ./arabic-script.ts, which reads this table on the first query that needs it).
// European loanwords (بیوسنسور biosensor, متابولیسم metabolism) need no line: they are read by
// their consonants against the index's words.

export const ARABIC_WORDS = `
institute: معهد موسسه مؤسسة انستیتو انستيتيوت ادارہ ادارة
research institute: پژوهشگاه پژوهشکده
center: مركز مرکز مراكز
university: جامعة جامعه دانشگاه یونیورسٹی جامعہ
faculty college: كلية دانشکده کالج
school: مدرسة مدرسه دبستان اسکول
research: بحوث أبحاث ابحاث بحث تحقيقات تحقيق تحقیقات تحقیق پژوهش پژوهشی تحقیقاتی پژوهشی
laboratory: مختبر معمل آزمایشگاه لیبارٹری
sciences science: علوم علم
scientific: علمي علمیہ سائنسی
national: وطني قومي ملي ملی قومی
hospital: مستشفى مستشفي بیمارستان ہسپتال شفاخانه
ministry: وزارة وزارت
academy: أكاديمية اكاديمية آکادمی فرهنگستان مجمع
medical: طبي طبية پزشکی طبی
medicine: طب
agricultural agriculture: زراعي زراعية زراعة کشاورزی زراعت زرعی فلاحة فلاحي
technology: تكنولوجيا تقنية تقانة فناوری فنآوری تکنولوژی ٹیکنالوجی
studies: دراسات دراسة مطالعات
international: عالمي دولي بینالمللی المللی الاقوامی
engineering: هندسة مهندسی انجینئرنگ
environment environmental: بيئة بيئي محیط ماحولیات
energy: طاقة انرژی توانائی
organization: منظمة سازمان تنظیم
health: صحة صحي سلامت بهداشت صحت
economics economic: اقتصاد اقتصادي اقتصادی معاشی معاشیات
king: ملك
royal: ملكي سلطنتی شاهی
city: مدينة شهر
group: گروه مجموعة
association society: جمعية انجمن
foundation: بنیاد
company: شركة شرکت
department: قسم بخش شعبہ
council: مجلس شورا
committee: لجنة کمیته
authority: هيئة
office: مكتب دفتر
museum: متحف موزه
library: مكتبة کتابخانه
observatory: مرصد رصدخانه
station: محطة ایستگاه
unit: وحدة
development: تنمية تطوير توسعه ترقی
education: تعليم تربية آموزش تعلیم
training: تدريب
higher: عالي عالی اعلی
applied: تطبيقي تطبيقية کاربردی
basic: أساسي اساسی بنیادی
advanced: متقدم متقدمة پیشرفته
industrial industry: صناعي صناعية صناعة صنعتی صنعت صنایع
petroleum oil: نفط بترول نفت
gas: غاز گاز
water: مياه ماء آب پانی
marine: بحري بحرية دریایی بحری سمندری
sea: بحر دریا سمندر
ocean: محيط اقیانوس
fisheries: مصايد شیلات
space: فضاء فضا فضائی
astronomy: فلك نجوم
physics: فيزياء فیزیک طبیعیات
chemistry: كيمياء شیمی کیمیا
chemical: كيميائي کیمیائی شیمیایی
biology: أحياء زیست حیاتیات
biological: حيوي حيوية زیستی حیاتیاتی
mathematics: رياضيات ریاضی ریاضیات
computer: حاسوب حاسب رایانه
information: معلومات اطلاعات
communications: اتصالات ارتباطات مواصلات
statistics: إحصاء احصاء آمار شماریات
geology: جيولوجيا ارضیات
earth: أرض زمین
nuclear: نووي هسته جوہری
atomic: ذري اتمی
radiation: إشعاع پرتو تابش
materials: مواد
mining mines: تعدين معدن معادن
desert: صحراء بیابان
arid: جاف خشک
soil: تربة خاک مٹی
plant plants: نبات نباتات گیاه گیاهی گیاهان
animal: حيوان حيواني دام دامی
veterinary: بيطري دامپزشکی
food: غذاء غذا غذائي خوراک
nutrition: تغذية تغذیه غذائیت
pharmaceutical drug: دواء أدوية دارو دارویی ادویات
pharmacy: صيدلة صيدلية داروخانه داروسازی
cancer: سرطان
oncology: أورام
heart: قلب
vascular: عروق
liver: كبد جگر
kidney: كلى کلیه گردے
digestive gastroenterology: گوارش هضم هضمی
endocrine endocrinology: غدد
diabetes: سكري سكر دیابت ذیابیطس
infectious: معدية عفونی
disease diseases: أمراض مرض بیماری امراض
aids: إيدز ایدز
virus: فيروس ویروس
immunology: مناعة
genetics genetic: وراثة وراثي ژنتیک جينات
blood: دم خون
eye: عيون عين چشم
dentistry dental: أسنان دندانپزشکی
surgery: جراحة جراحی
psychiatry: روانپزشکی
psychology: روانشناسی نفسیات
neuroscience: اعصاب أعصاب
brain: دماغ مغز
children pediatric: أطفال کودکان اطفال
women: نساء زنان خواتین
elderly: مسنين سالمندان سالمند
nursing: تمريض پرستاری
rehabilitation: تأهيل توانبخشی
social: اجتماعي اجتماعی
humanities: إنسانية انسانی
culture cultural: ثقافة ثقافي فرهنگ فرهنگی ثقافت ثقافتی
history: تاريخ تاریخ
archaeology: آثار باستان
language: لغة زبان
literature: أدب ادبیات
islamic: إسلامي اسلامی
art arts: فن فنون هنر
law: قانون حقوق
legal forensic: قانونی عدلی
media: إعلام رسانه
policy: سياسة سیاست پالیسی
strategic: استراتيجي راهبردی استراتژیک
management: إدارة مدیریت
planning: تخطيط
standard standards: مواصفات استاندارد معیار
quality: جودة کیفیت
measurement: قياس اندازه
insurance: تأمين بیمه
bank: بنك بانک
climate: مناخ اقلیم
meteorology: أرصاد هواشناسی
air: هواء هوا
pollution: تلوث آلودگی
renewable: متجددة تجدیدپذیر
solar: شمسي شمسية خورشیدی
electricity electrical: كهرباء برق برقی
electronics: إلكترونيات الکترونیک
evidence: شواهد
based: مبتنی
clinical: سريري بالینی
molecular: جزيئي مولکولی
cellular cell: خلوي خلية سلول سلولی
tissue: بافت
emergency: طوارئ اورژانس
sleep: خواب نوم
occupational: شغلي شغلی
safety: سلامة ایمنی
security: أمن امنیت
natural: طبيعي طبیعی
resources: موارد منابع
irrigation: ري آبیاری
forest forestry: غابات جنگل
range: مرتع مراتع
livestock: ثروة حيوانية
seeds: بذور بذر
horticulture: بستنة باغبانی
defense: دفاع دفاعی
police: شرطة پلیس
iran: ایران إيران
iranian: ایرانی
tehran: تهران
shiraz: شیراز
isfahan: اصفهان
mashhad: مشهد
tabriz: تبریز
kerman: کرمان
ahvaz: اهواز
karaj: کرج
qom: قم
yazd: یزد
rasht: رشت
kermanshah: کرمانشاه
hamadan: همدان
zahedan: زاهدان
kashan: کاشان
arak: اراک
babol: بابل
sari: ساری
gilan: گیلان
mazandaran: مازندران
khorasan: خراسان
fars: فارس
kurdistan: کردستان كردستان
egypt: مصر
egyptian: مصري
saudi: سعودية سعودي
arabia: عربية
arab arabic: عربي عرب
jordan: أردن اردن
jordanian: أردني
iraq: عراق
iraqi: عراقي
syria: سوريا سورية
lebanon: لبنان
palestine: فلسطين
kuwait: كويت
qatar: قطر
emirates: إمارات امارات
oman: عمان
bahrain: بحرين
yemen: يمن
tunisia: تونس
algeria: جزائر
morocco: مغرب
libya: ليبيا
sudan: سودان
pakistan: پاکستان
afghanistan: افغانستان
turkey: ترکیه
cairo: قاهرة
alexandria: إسكندرية
baghdad: بغداد
damascus: دمشق
beirut: بيروت
riyadh: رياض
jeddah: جدة
mecca: مكة
medina: منورة
doha: دوحة
dubai: دبي
abu dhabi: أبوظبي
muscat: مسقط
karachi: کراچی
lahore: لاہور
islamabad: اسلامآباد
kabul: کابل
disorders: اختلالات اختلال
jaw: فک
face: صورت
interventional: تهاجمی
new advanced modern: نوین
waste: زائد پسماند نفايات
solid: جامد صلبة
respiratory breathing: تنفسی تنفس
therapy treatment: درمانی درمان علاج
regenerative: بازساختی ترمیمی
personalized: فردی
population: جمعیت جمعیتی سكان
fish: ماهی ماهیان اسماك
sturgeon: خاویاری
atmospheric: جوی جو
change: تغییر تغير
talents: استعداد استعدادهای
exceptional: درخشان
structures: سازه سازههای منشات
historic historical: تاریخی تاريخي
urinary: ادراری بولی
genital: تناسلی
system systems: دستگاه نظام سامانه
critical: نقادانه
products: فرآورده محصولات منتجات
heritage: تراث میراث
documentation: توثيق مستندسازی
oriental eastern: شرقي شرقی
western: غربي غربی
french: فرنسي فرانسوی
british: بريطاني بریتانیایی
american: أمريكي امریکایی
german: ألماني آلمانی
trees: أشجار درختان
fruits: فواكه میوه
vines: كروم انگور
technical: تقني فني فنی
pastoral: رعوي
seas marine: بحار
`;
