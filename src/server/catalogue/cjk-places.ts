// Place names of China, Japan and Korea as the English names write them (general geographic
// data: provinces, regions and large cities of China in pinyin; the 47 prefectures of Japan
// and large cities in Hepburn; countries). Han forms are simplified and traditional Chinese or
// Japanese. Read by ./cjk-reading.ts; Korean places need no table (Hangul is read letter by
// letter, ./kana-hangul.ts).

export const HAN_PLACES = `
china: 中国 中國 中华 中華
chinese: 中国 中國
japan: 日本
korea: 韩国 韓国 韓國 朝鲜 朝鮮
taiwan: 台湾 臺灣 台灣
hong kong: 香港
macao: 澳门 澳門
guangdong hong kong macao: 粤港澳
greater bay area: 大湾区 大灣區
beijing: 北京
shanghai: 上海
tianjin: 天津
chongqing: 重庆 重慶
hebei: 河北
shanxi: 山西
shaanxi: 陕西 陝西
inner mongolia: 内蒙古 內蒙古
liaoning: 辽宁 遼寧
jilin: 吉林
heilongjiang: 黑龙江 黑龍江
jiangsu: 江苏 江蘇
zhejiang: 浙江
anhui: 安徽
fujian: 福建
jiangxi: 江西
shandong: 山东 山東
henan: 河南
hubei: 湖北
hunan: 湖南
guangdong: 广东 廣東
guangxi: 广西 廣西
hainan: 海南
sichuan: 四川
guizhou: 贵州 貴州
yunnan: 云南 雲南
tibet: 西藏
gansu: 甘肃 甘肅
qinghai: 青海
ningxia: 宁夏 寧夏
xinjiang: 新疆
guangzhou: 广州 廣州
shenzhen: 深圳
nanjing: 南京
hangzhou: 杭州
wuhan: 武汉 武漢
chengdu: 成都
xian: 西安
harbin: 哈尔滨 哈爾濱
changchun: 长春 長春
shenyang: 沈阳 瀋陽
dalian: 大连 大連
qingdao: 青岛 青島
jinan: 济南 濟南
zhengzhou: 郑州 鄭州
changsha: 长沙 長沙
hefei: 合肥
fuzhou: 福州
xiamen: 厦门 廈門
nanchang: 南昌
kunming: 昆明
guiyang: 贵阳 貴陽
lanzhou: 兰州 蘭州
xining: 西宁 西寧
urumqi: 乌鲁木齐 烏魯木齊
taiyuan: 太原
shijiazhuang: 石家庄 石家莊
hohhot: 呼和浩特
nanning: 南宁 南寧
haikou: 海口
suzhou: 苏州 蘇州
wuxi: 无锡 無錫
ningbo: 宁波 寧波
xuzhou: 徐州
yangzhou: 扬州 揚州
kunshan: 昆山
baotou: 包头 包頭
taipei: 台北 臺北
hsinchu: 新竹
tainan: 台南 臺南
taichung: 台中 臺中
kaohsiung: 高雄
yangtze: 长江 長江
yellow river: 黄河 黃河
pearl river: 珠江
northeast: 东北
northwest: 西北
southwest: 西南
southeast: 东南 東南
south china: 华南 華南
north china: 华北 華北
east china: 华东 華東
hokkaido: 北海道
aomori: 青森
iwate: 岩手
miyagi: 宮城
akita: 秋田
yamagata: 山形
fukushima: 福島
ibaraki: 茨城
tochigi: 栃木
gunma: 群馬
saitama: 埼玉
chiba: 千葉
tokyo: 東京
kanagawa: 神奈川
niigata: 新潟
toyama: 富山
ishikawa: 石川
fukui: 福井
yamanashi: 山梨
nagano: 長野
gifu: 岐阜
shizuoka: 静岡
aichi: 愛知
mie: 三重
shiga: 滋賀
kyoto: 京都
osaka: 大阪
hyogo: 兵庫
nara: 奈良
wakayama: 和歌山
tottori: 鳥取
shimane: 島根
okayama: 岡山
hiroshima: 広島
yamaguchi: 山口
tokushima: 徳島
kagawa: 香川
ehime: 愛媛
kochi: 高知
fukuoka: 福岡
saga: 佐賀
nagasaki: 長崎
kumamoto: 熊本
oita: 大分
miyazaki: 宮崎
kagoshima: 鹿児島
okinawa: 沖縄
yokohama: 横浜
kobe: 神戸
sendai: 仙台
sapporo: 札幌
nagoya: 名古屋
kitakyushu: 北九州
kyushu: 九州
shikoku: 四国
tohoku: 東北
kanto: 関東
kansai: 関西
hokuriku: 北陸
tsukuba: つくば 筑波
`;

/** The prefectures of Japan (and the metropolis), romanised: a glued "-ken", "-fu", "-to" is read as the prefecture. */
export const PREFECTURES = new Set(
  `hokkaido aomori iwate miyagi akita yamagata fukushima ibaraki tochigi gunma saitama chiba tokyo kanagawa niigata toyama
  ishikawa fukui yamanashi nagano gifu shizuoka aichi mie shiga kyoto osaka hyogo nara wakayama tottori shimane okayama
  hiroshima yamaguchi tokushima kagawa ehime kochi fukuoka saga nagasaki kumamoto oita miyazaki kagoshima okinawa`.split(/\s+/).filter(Boolean),
);
