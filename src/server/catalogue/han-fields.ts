// Still more subject words of research names in Chinese (simplified and traditional) and
// Japanese, in English, after ./han-subjects.ts: compound words of the physical, chemical,
// biological, earth and engineering sciences and of the humanities as laboratories and
// institutes name their fields (水生生物 → hydrobiology, 超材料 → metamaterials, 毫米波 →
// millimeter waves, 窯業 → ceramics, 鳥類 → ornithology). General linguistic data, not names of
// records. Same format ("english: word word …"), read by ./cjk-reading.ts after the other Han
// tables (a word an earlier table names keeps that table's English).

export const HAN_FIELDS = `
hydrobiology: 水生生物 水生生物学 水生生物學
aerodynamics: 空气动力学 空氣動力學 空気力学 空气动力 空氣動力
invertebrates: 无脊椎动物 無脊椎動物
vertebrates: 脊椎动物 脊椎動物
marine biology: 海洋生物 海洋生物学
birds: 鸟类 鳥類
ornithology: 鸟类学 鳥類学 鳥類學
zoology: 动物学 動物學 動物学
botany: 植物学 植物學
evolutionary: 进化 進化 演化
evolution: 进化论 進化論
systematic: 系统学 系統學 系統分類
taxonomy: 分类学 分類學 分類学
paleontology: 古生物 古生物学 古生物學
biodiversity: 生物多样性 生物多樣性 生物多様性
conservation: 保护 保護 保全 保育
nature: 自然 大自然
natural: 天然
natural products: 天然产物 天然產物 天然物
natural medicine: 天然药物 天然藥物 天然薬物
medicinal plants: 药用植物 藥用植物 薬用植物
herbal medicine: 中草药 中草藥 生薬 漢方
medicinal: 药用 藥用 薬用
active: 活性
components: 组分 組分 成分
efficacy: 药效 藥效 薬効
biomacromolecules: 生物大分子
macromolecules: 大分子
biomolecules: 生物分子
synthesis: 合成
selective: 选择 選擇 選択
oxidation: 氧化 酸化
reduction: 还原 還原
carbonyl: 羰基
fine chemicals: 精细化工 精細化工 ファインケミカル
fine: 精细 精細
solidification: 凝固
explosion: 爆炸 爆発
explosives: 炸药 炸藥 火薬
detonation: 爆轰 爆轟
protection: 防护 防護 保护
millimeter waves: 毫米波 ミリ波
terahertz: 太赫兹 太赫茲 テラヘルツ
metamaterials: 超材料 メタマテリアル
electromagnetic: 电磁 電磁
electromagnetics: 电磁学 電磁学
modulation: 调制 調制 変調
transmission: 传动 傳動 传输 傳輸 伝送
mechanical transmission: 机械传动 機械傳動
microfabrication: 微细加工 微細加工 微加工
nanofabrication: 纳米加工 納米加工 ナノ加工
microstructure: 微结构 微結構 微細構造
solid state: 固体 固體
solid state physics: 固体物理 固體物理
condensed matter: 凝聚态 凝聚態 物性
functional materials: 功能材料 機能材料
functional: 功能 機能
waterproof: 防水
special: 特种 特種
coalbed methane: 煤层气 煤層氣
methane: 甲烷 メタン
co mining: 共采 共採
mining and metallurgy: 矿冶 礦冶
metallurgy: 冶金
process: 过程 過程 工艺 工藝 プロセス
automatic control: 自动控制 自動控制 自動制御
theory: 理论 理論
theoretical: 理论 理論
theoretical physics: 理论物理 理論物理
integrated: 综合 綜合 集成
service: 业务 業務 服务 服務 サービス
key technology: 关键技术 關鍵技術
key technologies: 关键技术
chemometrics: 化学计量学 化學計量學 計量化学
biosensing: 生物传感 生物傳感 バイオセンシング
sensor: 传感器 傳感器 センサー センサ
membrane: 膜
separation engineering: 分离工程 分離工程
reaction engineering: 反应工程 反應工程 反応工学
reactor: 反应器 反應器
bioreactor: 生物反应器 生物反應器
reaction: 反应 反應 反応
hydraulics: 水力学 水力學
mountain: 山区 山區
biomass: 生物质 生物質 バイオマス
bioenergy: 生物能源 バイオエネルギー
photosynthesis: 光合作用 光合成
plant physiology: 植物生理 植物生理学
physiology: 生理 生理学 生理學
pathology: 病理 病理学 病理學
toxicology: 毒理 毒理学 毒性学 毒性
pharmacognosy: 生药学 生藥學 生薬学
biomaterials: 生物材料 バイオマテリアル
nanomaterials: 纳米材料 納米材料 ナノ材料
carbon: 碳 炭素
carbon materials: 碳材料 炭素材料
ceramics: 窑业 窯業 陶瓷 陶磁器 陶磁 やきもの
pottery: 陶器 陶芸
porcelain: 瓷器 磁器
lacquer: 漆器
textiles: 织物 織物 纺织品 紡織品 テキスタイル
dyeing: 染色 印染
paper: 造纸 造紙 製紙 紙
pulp: 纸浆 紙漿 パルプ
wood: 木材 木質
horology: 钟表 鐘錶 時計
navigation: 航海 航行
calamity: 灾难 災難 災厄
snow: 雪 雪氷
ice: 冰 氷
snow and ice: 冰雪 雪氷
coastal: 沿岸 海岸 沿海
geotechnical: 地盘 地盤 岩土
geo environment: 地盘环境 地盤環境
soil environment: 土壤环境 土壌環境
groundwater: 地下水
hydrogeology: 水文地质 水文地質
urbanization: 城市化 城镇化 城鎮化 都市化
vitality: 活力
bicycle: 自行车 自行車 自転車
clock: 时钟 時鐘
design: 意匠 デザイン
applied: 应用 應用 応用
applied sciences: 应用科学 應用科學 応用科学
applied physics: 应用物理 應用物理 応用物理
applied chemistry: 应用化学 應用化學 応用化学
applied mathematics: 应用数学 應用數學 応用数学
quantum computing: 量子计算 量子計算 量子コンピュータ 量子コンピューティング
quantum information: 量子信息 量子資訊 量子情報
synchrotron radiation: 放射光
advanced radiation: 先端放射線
medical sciences: 医科学 醫科學 医学科学
integrative medical sciences: 生命医科学
medical mycology: 医真菌 医真菌学
mycology: 真菌学
allergy: 变态反应 變態反應
virology: 病毒学 病毒學 病毒研究
mechanics: 力学 力學 機械力学
social sciences: 社会科学 社會科學
mathematical sciences: 数理科学 數理科學
mathematical: 数理 數理
chemoinformatics: 化学信息学 化學資訊學 ケモインフォマティクス
informatics: 信息学 資訊學 情報学 インフォマティクス
future: 未来 未來
education: 教育学 教育學
engineering education: 工程教育 工学教育
sports: 运动 運動 体育
sports science: 运动科学 運動科學 運動科学
economic: 经济 經濟 経済
economic research: 经济研究 經濟研究 経済研究
business: 企业 企業 商务 商務 ビジネス
enterprise: 企业 企業
small and medium: 中小
asset: 资产 資產 資産
management: 管理
living standards: 生活水平 生活水準
advancement: 向上 进步 進步
labor: 劳动 勞動 労働
labor union: 工会 工會 労働組合 労組
petroleum: 石油 石油学
gas: 天然气 ガス
plant maintenance: 设备维护 設備保全 プラントメンテナンス
maintenance: 维护 維護 保全 メンテナンス
baking: 烘焙 製パン
brewing: 酿造 釀造 醸造
fermentation: 发酵 發酵 発酵
dairy: 乳业 乳業 酪農
sugar: 糖业 糖業 砂糖
silviculture: 育林 造林
timber: 林产 林產 林産
radioactive waste: 放射性废物 放射性廢物 放射性廃棄物
radioactive: 放射性
nuclear material: 核材料 核物質 核物质
nuclear fuel: 核燃料
reactor: 反应堆 反應堆 原子炉
nuclear safety: 核安全 原子力安全
funding: 资金 資金
environmental improvement: 環境整備
waste management: 废物管理 廃棄物管理
plastic waste: 塑料废物 プラスチック廃棄物
psychiatry: 精神病学 精神病學 精神医学
spiritual culture: 精神文化
culture: 文化
cultural institute: 文化会館 文化会馆
obstetrics: 产科 產科 産科
gynecology: 妇科 婦科 婦人科
reproductive medicine: 生殖医学 生殖醫學 生殖医療
implantation: 着床
radiology: 放射线科 放射線科 放射科
clinic: 诊所 診所 クリニック 医院
time service: 授时 授時
high energy physics: 高能物理
acoustic field: 声场 聲場
devices: 器件 デバイス
luminescence: 发光 發光 発光
silicate: 硅酸盐 矽酸鹽 ケイ酸塩
tribology: 摩擦学 摩擦學 トライボロジー
environmental criteria: 环境基准 環境基準
risk assessment: 风险评估 風險評估 リスク評価
risk: 风险 風險 リスク
compressor: 压缩机 壓縮機 圧縮機
internal combustion engine: 内燃机 內燃機 内燃機関
computer architecture: 计算机体系结构 計算機體系結構
architecture systems: 体系结构 體系結構
stress: 应激 應激 ストレス
visual: 视觉 視覺 視覚
auditory: 听觉 聽覺 聴覚
information processing: 信息处理 資訊處理 情報処理
processing: 处理 處理 処理
optical fiber: 光纤 光纖 光ファイバー
modification: 改性 改質
mineral deposit: 矿床 礦床 鉱床
kidney diseases: 肾脏疾病 腎臟疾病 腎疾患
kidney: 肾脏 腎臟 肾
oil and gas: 油气 油氣 石油ガス
exploration: 勘探 探测 探測 探査
pharmaceutical preparations: 药物制剂 藥物製劑 製剤
asic: 专用集成电路 專用積體電路
light source: 光源
forecasting: 预测 預測 予測 预报 預報 予報
general: 通用 汎用
literature and philosophy: 文哲
central asia: 中亚 中亞 中央アジア
united nations: 联合国 聯合國 国際連合 国連
unesco: 联合国教科文组织 聯合國教科文組織 教科文组织 ユネスコ
academy of agricultural sciences: 农科院 農科院 农业科学院 農業科學院
verification: 检定 檢定 検定
meters: 计器 計器 仪表 儀表
effects: 影响 影響
sea farming: 栽培渔业 栽培漁業
swine: 养猪 養豚
poultry: 家禽 养鸡 養鶏
creation: 创造 創造 創生
supercomputing: 超级计算 超級計算 超算
super: 超级 超級
third: 第三
second: 第二
first: 第一
continental: 大陆 大陸
forming: 成形 成型
mold: 模具 金型
plastic: 塑性
soy sauce: 酱油 醬油 醤油
proton: 质子 質子 陽子
high intensity: 高强度 高強度 大強度
quantum field: 量子场 量子場
center: 拠点 据点 據點
-: 施設 设施 設施
magnetism: 磁学 磁學
interactive: 互动 互動 インタラクティブ
computing: 电算 電算
porous: 多孔
nuclear fusion: 核聚变 核聚變
wireless: 无线 無線 ワイヤレス
geodesy: 大地测量 大地測量 测地 測地
livestock: 家畜
strategy: 战略 戰略 戦略
evaluation: 评价 評價
lithium: 锂 鋰 リチウム
dentistry: 牙科
corrosion: 腐蚀 腐蝕
cloud computing: 云计算 雲計算 クラウドコンピューティング
blockchain: 区块链 區塊鏈 ブロックチェーン
energy storage: 储能 儲能
hydrogen energy: 氢能 氫能 水素エネルギー
shale: 页岩 頁岩
cancer: 癌症 癌
chinese medicine: 中药 中藥
weeds: 杂草 雜草
veterinary drugs: 兽药 獸藥
feed: 饲料 飼料
enzymes: 酶
nuclear medicine: 核医学 核醫學
anesthesiology: 麻醉 麻酔
emergency medicine: 急救
sports medicine: 运动医学 運動醫學 スポーツ医学
extreme: 极端 極端
`;
