// The commonest Japanese family names in kanji with their Hepburn reading (long vowels with a
// macron: ./romanisations.ts writes them the ways English names do, ō as o, ou, oo or oh, and
// in Kunrei and Nihon-shiki: Kobayashi or Kobayasi). General onomastic data, not names of
// records: an organisation named after its founder or a family (小林理学研究所, Kobayasi
// Institute of Physical Research). Names of one character (林, 森) are left out: they are
// also words. Read by ./cjk-reading.ts.

export const JAPANESE_NAMES = `
satō: 佐藤
suzuki: 鈴木
takahashi: 高橋
tanaka: 田中
itō: 伊藤
watanabe: 渡辺 渡邊 渡邉
yamamoto: 山本
nakamura: 中村
kobayashi: 小林
katō: 加藤
yoshida: 吉田
yamada: 山田
sasaki: 佐々木
matsumoto: 松本
inoue: 井上
kimura: 木村
shimizu: 清水
yamazaki: 山崎 山﨑
abe: 阿部 安倍
ikeda: 池田
hashimoto: 橋本
yamashita: 山下
nakajima: 中島
maeda: 前田
fujita: 藤田
ogawa: 小川
gotō: 後藤
okada: 岡田
hasegawa: 長谷川
murakami: 村上
kondō: 近藤
ishii: 石井
saitō: 斎藤 斉藤 齋藤 齊藤
sakamoto: 坂本
endō: 遠藤
aoki: 青木
fujii: 藤井
nishimura: 西村
fukuda: 福田
ōta: 太田
miura: 三浦
fujiwara: 藤原
okamoto: 岡本
matsuda: 松田
nakagawa: 中川
nakano: 中野
harada: 原田
ono: 小野
tamura: 田村
takeuchi: 竹内
kaneko: 金子
wada: 和田
nakayama: 中山
ishida: 石田
ueda: 上田
morita: 森田
shibata: 柴田
sakai: 酒井
kudō: 工藤
yokoyama: 横山
miyamoto: 宮本
uchida: 内田
takagi: 高木
andō: 安藤
taniguchi: 谷口
ōno: 大野
maruyama: 丸山
imai: 今井
takada: 高田
fujimoto: 藤本
takeda: 武田
murata: 村田
ueno: 上野
sugiyama: 杉山
masuda: 増田
sugawara: 菅原
hirano: 平野
ōtsuka: 大塚
kubo: 久保
matsui: 松井
iwasaki: 岩崎
sakurai: 桜井 櫻井
kinoshita: 木下
noguchi: 野口
matsuo: 松尾
kikuchi: 菊地 菊池
nomura: 野村
arai: 新井
sano: 佐野
ōnishi: 大西
sugimoto: 杉本
hamada: 浜田 濱田
ichikawa: 市川
furukawa: 古川
mizuno: 水野
komatsu: 小松
shimada: 島田
koyama: 小山
takano: 高野
yamauchi: 山内
nishida: 西田
nishikawa: 西川
igarashi: 五十嵐
kitamura: 北村
yasuda: 安田
nakata: 中田
kawaguchi: 川口
hirata: 平田
kawasaki: 川崎
iida: 飯田
yoshikawa: 吉川
honda: 本田
kubota: 久保田
sawada: 沢田 澤田
yoshimura: 吉村
iwata: 岩田
nakanishi: 中西
hattori: 服部
higuchi: 樋口
kawakami: 川上
nagai: 永井
matsuoka: 松岡
taguchi: 田口
yamanaka: 山中
morimoto: 森本
tsuchiya: 土屋
yano: 矢野
ōshima: 大島
hirai: 平井
ōkubo: 大久保
kojima: 小島
okazaki: 岡崎
hiraoka: 平岡
ōhara: 大原
ōkawa: 大川
kōno: 河野
hoshino: 星野
nagata: 永田
tsukamoto: 塚本
kawamura: 川村
takayama: 高山
matsushita: 松下
ozawa: 小沢 小澤
noda: 野田
asano: 浅野
kamata: 鎌田
katayama: 片山
miyake: 三宅
ōkuma: 大隈
kitasato: 北里
nishina: 仁科
yukawa: 湯川
shimazu: 島津
toyota: 豊田
mitsui: 三井
sumitomo: 住友
mitsubishi: 三菱
yasukawa: 安川
hasumi: 蓮見
tokugawa: 徳川
iwasaki: 岩崎
ishibashi: 石橋
ōkōchi: 大河内
`;
