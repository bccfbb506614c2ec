// Japanese readings of the kanji that Japanese place and family names are written with, the
// commonest reading in names first (kun readings, then on readings; long vowels with a macron,
// which ./romanisations.ts spells as English names do). General linguistic data, read by
// ./kanji-names.ts to guess how a name the place and family tables lack is read (湘南 → shōnan,
// 山階 → yamashina, 飯塚 → iizuka): a guess is kept only when the index has it as a word.
// Voiced first consonants in later parts of a compound (rendaku: 塚 tsuka → iizuka's zuka) are
// made there, not listed here. Entries are separated by semicolons.

export const KANJI_READINGS = `
一 ichi kazu; 二 ni futa; 三 mi san; 四 yo shi; 五 go itsu; 六 roku mu; 七 nana shichi; 八 ya hachi
九 ku kyū; 十 to jū; 百 momo hyaku; 千 chi sen; 万 man; 上 kami ue jō; 下 shimo shita ka ge
中 naka chū; 大 ō dai o; 小 ko o shō; 高 taka kō; 長 naga chō; 古 furu ko; 新 nii shin ara; 本 moto hon
元 moto gen; 山 yama san; 川 kawa sen; 河 kawa ka kō; 田 ta den; 野 no ya; 原 hara bara wara gen
村 mura son; 町 machi chō; 井 i sei; 木 ki moku; 森 mori shin; 林 hayashi rin; 竹 take chiku
松 matsu shō; 杉 sugi; 梅 ume bai; 桜 sakura; 櫻 sakura; 桑 kuwa; 柏 kashiwa; 栗 kuri; 桐 kiri; 柳 yanagi
梨 nashi; 桃 momo; 柿 kaki; 栃 tochi; 橘 tachibana; 榎 enoki; 椎 shii; 樫 kashi; 楠 kusu; 萩 hagi
芝 shiba; 藤 fuji tō; 菊 kiku; 草 kusa sō; 花 hana ka; 葉 ha ba yō; 稲 ina; 米 yone bei; 麦 mugi
豆 zu mame; 石 ishi seki; 岩 iwa gan; 磐 iwa ban; 金 kane kana kin; 銀 gin; 鉄 tetsu; 玉 tama gyoku
宝 takara hō; 島 shima tō; 嶋 shima; 崎 saki; 﨑 saki; 岬 misaki; 岡 oka kō; 丘 oka; 坂 saka han
阪 saka han; 谷 tani ya koku; 沢 sawa taku; 澤 sawa; 浜 hama hin; 濱 hama; 浦 ura ho; 津 tsu shin
港 minato kō; 湊 minato; 江 e kō; 海 umi kai; 湖 ko; 池 ike chi; 沼 numa shō; 泉 izumi sen
清 kiyo sei shō; 水 mizu sui; 瀬 se; 滝 taki; 淵 fuchi; 堀 hori; 橋 hashi kyō; 渡 watari wata to; 磯 iso
潟 kata; 湘 shō; 洲 su shū; 州 shū su; 塚 tsuka; 堤 tsutsumi tei; 畑 hata; 畠 hata; 垣 kaki
城 shiro jō ki; 宮 miya gū kyū; 寺 tera ji; 神 kami kō jin shin kan; 社 sha; 道 michi dō
路 ji ro michi; 門 kado mon; 戸 to he ko; 屋 ya; 館 date tate kan; 倉 kura sō; 蔵 kura zō; 庄 shō
郷 gō sato; 里 sato ri; 都 miyako to tsu; 京 kyō; 府 fu; 東 higashi tō azuma; 西 nishi sai sei
南 minami nan; 北 kita hoku; 前 mae zen; 後 ushiro go; 内 uchi nai; 外 soto; 奥 oku; 横 yoko ō; 須 su
賀 ga ka; 加 ka; 茂 mo shige; 葛 kuzu katsu; 飾 shika; 練 neri; 馬 ma uma ba; 目 me moku; 黒 kuro koku
白 shira shiro haku; 赤 aka seki; 青 ao sei; 緑 midori; 紫 murasaki shi; 日 hi ni nichi ka
月 tsuki getsu; 星 hoshi sei; 光 hikari mitsu kō; 明 aki mei myō; 春 haru shun; 夏 natsu; 秋 aki shū
冬 fuyu; 天 ama ten; 雲 kumo mo un; 雨 ama; 雪 yuki; 風 kaze; 岐 gi ki; 阜 fu; 静 shizu sei; 愛 ai; 知 chi
奈 na; 良 ra yoshi ryō; 和 wa; 歌 uta ka; 兵 hyō hei; 庫 go ko; 滋 shi ji; 鹿 shika ka; 児 go ji; 熊 kuma
茨 ibara; 群 gun; 埼 sai; 富 tomi to fu; 鎌 kama; 浅 asa; 渋 shibu; 品 shina; 豊 toyo hō; 飯 ii han
俣 mata; 階 shina kai; 治 ji chi; 見 mi ken; 関 seki kan; 輪 wa; 荻 ogi; 窪 kubo; 久 ku hisa kyū
保 ho bo; 留 ru; 蒲 kama; 宇 u; 部 be bu; 尾 o bi; 張 hari chō; 美 mi bi; 濃 no; 越 koshi etsu
筑 tsuku chiku; 伊 i; 勢 se; 志 shi; 摩 ma; 紀 ki; 播 hari; 磨 ma; 丹 tan ni; 波 ha nami; 讃 san
土 tsuchi do to; 佐 sa; 肥 hi; 薩 sa; 隅 sumi; 向 mukai kō hyū; 弘 hiro kō; 広 hiro kō; 博 haku hiro
仙 sen; 台 dai; 塩 shio en; 釜 kama; 敷 shiki; 巻 maki; 盛 mori sei; 牧 maki; 帯 obi; 幌 horo; 札 satsu
函 hako; 旭 asahi; 樽 taru; 釧 kushi; 苫 toma; 蘭 ran; 歳 tose sai; 形 gata kata; 酒 saka sake; 会 ai kai
鶴 tsuru; 亀 kame; 姫 hime; 媛 hime; 芦 ashi; 尼 ama; 吹 fuki; 枚 hira; 方 kata hō; 堺 sakai; 岸 kishi
貝 kai; 駒 koma; 橿 kashi; 陀 da; 取 tori; 子 ko shi; 出 izu de; 益 masu; 呉 kure; 防 hō; 周 shū
国 kuni koku; 徳 toku; 鳴 naru; 香 ka kō; 丸 maru; 善 zen; 通 tsū; 今 ima kon; 居 i; 室 muro; 牟 mu
唐 kara; 諫 isa; 早 haya sō; 代 shiro yo dai; 分 bun wake; 別 betsu; 延 nobe; 沖 oki; 縄 nawa; 那 na
覇 ha; 添 soe; 宜 gi; 湾 wan; 敦 tsuru ton; 甲 kō; 諏 su; 訪 wa; 士 shi; 王 ō; 調 chō; 布 fu nuno; 鷹 taka
武 take mu bu; 船 funa; 厚 atsu; 秦 hata; 所 tokoro sho; 狭 sa; 深 fuka; 生 u iku o ki sei; 利 ri toshi
結 yū; 牛 ushi; 手 te; 成 nari sei; 銚 chō; 君 kimi; 幡 hata man; 掛 kake; 刈 kari; 碧 heki; 犬 inu
鳥 tori; 羽 ha wa; 名 na; 鈴 suzu; 守 mori; 彦 hiko; 根 ne; 近 chika kin; 舞 mai; 理 ri; 太 ta futo
平 hira taira hei; 安 yasu a an; 吉 yoshi kichi; 真 ma shin; 正 masa shō; 秀 hide; 英 hide ei
文 fumi bun; 永 naga ei; 寿 ju; 福 fuku; 幸 saki kō; 喜 ki; 多 ta; 矢 ya; 作 saku sa; 弓 yumi
立 tachi tate ritsu; 足 ashi; 世 se; 並 nami; 央 ō; 相 sō ai; 模 mo; 有 ari yū; 栄 sakae ei; 若 waka
菅 suga kan; 荒 ara; 宿 juku shuku; 慈 ji; 圭 kei; 恵 e kei; 晴 haru sei; 信 nobu shin; 義 yoshi gi
忠 tada chū; 孝 taka kō; 昭 aki shō; 隆 taka ryū; 直 nao; 誠 makoto sei; 勝 katsu shō; 健 ken
康 yasu kō; 浄 jō; 心 shin; 聖 sei; 霞 kasumi; 嵐 arashi; 峰 mine; 峯 mine; 岳 take gaku; 嶺 mine rei
坪 tsubo; 枝 eda; 琴 koto; 笠 kasa; 串 kushi; 菱 hishi; 葦 ashi; 蓮 hasu ren; 荘 shō; 邑 mura; 陸 riku
奄 ama
`;
