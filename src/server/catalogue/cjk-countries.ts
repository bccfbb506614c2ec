// Countries, nationalities and world regions as Chinese, Japanese and Korean organisation names
// write them (general geographic data, not names of records), in English: the adjective an
// English name most often puts first ("瑞典环境科学研究院": Swedish Environmental Research
// Institute), or the country's name where the English word pair is one (netherlands/dutch);
// pairs of countries written as two one-character abbreviations (中德: Sino-German, 日米:
// Japan-US). Han lines hold simplified and traditional Chinese, Japanese kanji and katakana;
// the Hangul lines Korean. Format of ./han-words.ts; read by ./cjk-reading.ts. Kana words of
// one or two letters that are also common words (タイ, チリ) are left out.

export const HAN_COUNTRIES = `
swedish: 瑞典 スウェーデン
norwegian: 挪威 ノルウェー
danish: 丹麦 丹麥 デンマーク
finnish: 芬兰 芬蘭 フィンランド
icelandic: 冰岛 冰島 アイスランド
german: 德国 德國 ドイツ 独逸
french: 法国 法國 フランス 仏国
british: 英国 英國 イギリス
irish: 爱尔兰 愛爾蘭 アイルランド
italian: 意大利 義大利 イタリア
spanish: 西班牙 スペイン
portuguese: 葡萄牙 ポルトガル
netherlands: 荷兰 荷蘭 オランダ
belgian: 比利时 比利時 ベルギー
swiss: 瑞士 スイス
austrian: 奥地利 奧地利 オーストリア
polish: 波兰 波蘭 ポーランド
czech: 捷克 チェコ
hungarian: 匈牙利 ハンガリー
romanian: 罗马尼亚 羅馬尼亞 ルーマニア
greek: 希腊 希臘 ギリシャ ギリシア
russian: 俄罗斯 俄羅斯 俄国 俄國 ロシア
ukrainian: 乌克兰 烏克蘭 ウクライナ
turkish: 土耳其 トルコ
israeli: 以色列 イスラエル
american: 美国 美國 米国 米國 アメリカ
canadian: 加拿大 カナダ
mexican: 墨西哥 メキシコ
brazilian: 巴西 ブラジル
argentine: 阿根廷 アルゼンチン
australian: 澳大利亚 澳大利亞 澳洲 オーストラリア 豪州
new zealand: 新西兰 紐西蘭 ニュージーランド
indian: 印度 インド
pakistan: 巴基斯坦 パキスタン
vietnamese: 越南 ベトナム
indonesian: 印度尼西亚 印度尼西亞 印尼 インドネシア
malaysian: 马来西亚 馬來西亞 マレーシア
singapore: 新加坡 シンガポール
philippine: 菲律宾 菲律賓 フィリピン
mongolian: 蒙古 モンゴル
egyptian: 埃及 エジプト
iranian: 伊朗 イラン
saudi: 沙特 サウジアラビア
south african: 南非 南アフリカ
african: 非洲 アフリカ
european: 欧洲 歐洲 欧州 ヨーロッパ
asian: 亚洲 亞洲 アジア
asia pacific: 亚太 亞太 アジア太平洋
southeast asian: 东南亚 東南亞 東南アジア
latin american: 拉丁美洲 拉美 ラテンアメリカ
sino african: 中非
sino german: 中德
sino american: 中美
sino japanese: 中日
sino french: 中法
sino british: 中英
sino russian: 中俄
sino korean: 中韩 中韓
japan us: 日米 日美
japanese german: 日独
japanese french: 日仏
japan british: 日英
japan korea: 日韓
joint: 联合 聯合
`;

export const HANGUL_COUNTRIES = `
swedish: 스웨덴
norwegian: 노르웨이
danish: 덴마크
finnish: 핀란드
german: 독일
french: 프랑스
british: 영국
italian: 이탈리아
spanish: 스페인
netherlands: 네덜란드
swiss: 스위스
austrian: 오스트리아
polish: 폴란드
czech: 체코
russian: 러시아
ukrainian: 우크라이나
turkish: 튀르키예 터키
israeli: 이스라엘
american: 미국
canadian: 캐나다
brazilian: 브라질
australian: 호주 오스트레일리아
indian: 인도
vietnamese: 베트남
indonesian: 인도네시아
mongolian: 몽골
african: 아프리카
european: 유럽
asian: 아시아
asia pacific: 아시아태평양
southeast asian: 동남아시아 동남아
china: 중국
japan: 일본
korea china: 한중
korea japan: 한일
korea us: 한미
`;
