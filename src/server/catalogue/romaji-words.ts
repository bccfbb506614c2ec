// The generic words of Japanese and Korean organisation names and the common subject words,
// romanised (Hepburn for Japanese, kept in the folded key of ./kana-hangul.ts `foldRomaji`, so
// "kenkyūjo", "kenkyuujo" and "kenkyujo" are one; Revised Romanization for Korean), in English:
// each line is "english: word word …", "-" drops the word. Linguistic data, not names of
// records. Read by ./cjk-reading.ts, for kana read aloud and for names typed in romaji.

export const ROMAJI_WORDS = `
-: zaidan hojin shadan ippan koeki kabushiki kaisha yugen dokuritsu gyosei kokuritsu-kenkyu-kaihatsu
research institute: kenkyujo kenkyusho kenkyuin kenkyukiko yeonguwon yeonguso
research center: kenkyusenta
research: kenkyu yeongu
research organization: kenkyukiko
experiment station: shikenjo shikensho shikenba
center: senta sentaa
general: sogo
institute: kenkyujo
university: daigaku daehakgyo daehak
graduate school: daigakuin daehagwon
college: gakuin tandai
school: gakko
hospital: byoin byeongwon
national: kokuritsu kuknip gungnip
prefectural: kenritsu
municipal: shiritsu
prefecture: ken
organization: kiko
association: kyokai gakkai hyeophoe
society: gakkai
foundation: zaidan jaedan
museum: hakubutsukan
technology: gijutsu gisul
science: kagaku gwahak rigaku
science and technology: gwahakgisul
engineering: kogaku gonghak
industry: sangyo sanop saneop
industrial: kogyo
promotion: shinko
support: shien
agriculture: nogyo nongeop
agricultural: nogyo
forestry: ringyo sanrim
fisheries: suisan susan
livestock: chikusan
fruit tree: kaju
tea: chagyo
food: shokuhin sikpum
processing: kako
environment: kankyo hwangyeong
health: hoken bogeon
hygiene: eisei
public health: koshueisei
medicine: igaku uihak
medical: iryo
pharmaceutical: yakugaku
information: joho jeongbo
communications: tsushin tongsin
electronics: denshi jeonja
energy: enerugi eneoji
nuclear: genshiryoku wonjaryeok
policy: seisaku jeongchaek
economics: keizai gyeongje
ocean: kaiyo haeyang
marine: kaiyo haeyang
meteorology: kisho
geology: chishitsu jijil
materials: zairyo jaeryo
chemistry: kagaku hwahak
physics: butsuri mulli
biology: seibutsu saengmyeong
construction: kensetsu geonseol
architecture: kenchiku
civil engineering: doboku
shipbuilding: zosen
shipping: kaiun
railway: tetsudo
disaster prevention: bosai
earthquake: jishin
inland water: naisuimen
aquaculture: yoshoku
horticulture: engei
vegetables: yasai
hot spring: onsen
cultural properties: bunkazai
space: uchu
aerospace: kokuuchu
astronomy: tenmon
standards: hyojun pyojun
korea: hanguk daehanminguk
education: kyoiku gyoyuk
culture: bunka munhwa
hall: kaikan
international: kokusai gukje
measurement: keisoku
radiation: hoshasen
atomic: genshi
life: seimei
pharmaceutical: iyaku
pathology: byori
infectious diseases: kansensho
plant: shokubutsu
animal: dobutsu
sericulture: sanshi
crop: sakumotsu
soil: dojo
fisheries: gyogyo
river: kasen
road: doro
transport: kotsu
urban: toshi
welfare: fukushi bokji
nursing: kango
social: shakai
law: hogaku
literature: bungaku
history: rekishi
language: gengo
archaeology: kokogaku
art: bijutsu
music: ongaku
sports: taiiku supotsu
mathematics: sugaku
statistics: tokei
electrical: denki
machinery: kikai
metals: kinzoku
production: seisan
development: kaihatsu gaebal
cooperation: kyoryoku
exchange: koryu
regional: chiiki
local: chiho
library: toshokan
art museum: bijutsukan
observatory: tenmondai kansokujo
clinic: shinryojo kurinikku
planning: gihoek
evaluation: pyeongga
women: yeoseong
family: gajok
labor: nodong rodo
defense: gukbang boei
`;
