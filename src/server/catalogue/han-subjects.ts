// More subject words of research names in Chinese (simplified and traditional) and Japanese,
// in English: the fields of science, medicine, engineering, agriculture and the humanities as
// research organisations name them (general linguistic data, not names of records). Same
// format as ./han-words.ts ("english: word word …"), read after it by ./cjk-reading.ts (a
// word both name keeps ./han-words.ts's English).

export const HAN_SUBJECTS = `
virtual reality: 虚拟现实 虛擬現實 仮想現実 バーチャルリアリティ
artificial intelligence: 人工智能 人工知能
intelligent: 智能 智慧 知能
data: 数据 數據 データ
big data: 大数据 大數據 ビッグデータ
internet: 互联网 互聯網 インターネット
cyberspace: 网络空间 網絡空間
network security: 网络安全 網絡安全
information security: 信息安全 資訊安全 情報セキュリティ
cryptography: 密码 密碼 暗号
signal: 信号 信號 信号処理
image: 图像 圖像 画像 影像
pattern recognition: 模式识别 模式識別 パターン認識
integrated circuit: 集成电路 積體電路 集積回路
microelectronics: 微电子 微電子 マイクロエレクトロニクス
chip: 芯片 晶片 チップ
microwave: 微波 マイクロ波
antenna: 天线 天線 アンテナ
radar: 雷达 雷達 レーダー
navigation: 导航 導航 航法
satellite: 卫星 衛星
astronaut: 航天员 太空人 宇宙飛行士
rocket: 火箭 ロケット
flight: 飞行 飛行
aircraft: 飞机 飛機 航空機
helicopter: 直升机 直升機 ヘリコプター
engine: 发动机 發動機 エンジン
turbine: 涡轮 渦輪 タービン
combustion: 燃烧 燃燒 燃焼
fluid: 流体 流體
mechanics: 力学 力學
nonlinear: 非线性 非線性 非線形
acoustics: 声学 聲學 音響学 音響
vibration: 振动 振動
noise: 噪声 噪聲 騒音
structure: 结构 結構 構造
strength: 强度 強度
dynamics: 动力学 動力學
simulation: 仿真 模拟 模擬 シミュレーション
modeling: 建模 モデリング
optimization: 优化 優化 最適化
systems: 系统 系統 システム
system: 系统 系統 システム
complex: 复杂 複雜
precision: 精密
nano: 纳米 納米 ナノ
nanotechnology: 纳米技术 納米技術 ナノテクノロジー
bionics: 仿生
thin film: 薄膜
coating: 涂层 塗層 コーティング
welding: 焊接 溶接
casting: 铸造 鑄造 鋳造
alloy: 合金
light alloy: 轻合金 輕合金 軽合金
composite: 复合 複合
composite materials: 复合材料 複合材料
fiber: 纤维 纖維 繊維 ファイバー
rubber: 橡胶 橡膠 ゴム
plastics: 塑料 プラスチック
building materials: 建材 建筑材料 建築材料
cement: 水泥 セメント
concrete: 混凝土 コンクリート
solid waste: 固废 固廢 固体废物 固體廢物
waste: 废物 廢物 废弃物 廢棄物 廃棄物
recycling: 循环利用 循環利用 リサイクル 再生利用
pollution: 污染 汚染
pollution control: 污染控制 污染防治 汚染防止
atmosphere: 大气 大氣 大気
atmospheric: 大气 大氣 大気
air: 空气 空氣 空気
air conditioning: 空调 空調
refrigeration: 制冷 製冷 冷凍
heat transfer: 传热 傳熱 伝熱
energy conservation: 节能 節能 省エネルギー 省エネ
energy saving: 节能 節能 省エネ
clean energy: 清洁能源 清潔能源 クリーンエネルギー
renewable energy: 可再生能源 再生可能エネルギー
solar: 太阳能 太陽能 太陽光 太陽
wind power: 风电 風電 风能 風能 風力
hydropower: 水电 水電 水力
coal: 煤炭 石炭
oil: 石油
petroleum: 石油
natural gas: 天然气 天然氣 天然ガス
gas: ガス
petrochemical: 石油化工 石化
hydrogen: 水素
battery: 电池 電池 バッテリー
fuel cell: 燃料电池 燃料電池
fusion: 聚变 聚變 核融合 融合
plasma: 等离子体 等離子體 プラズマ
accelerator: 加速器
particle: 粒子
elementary particles: 素粒子 基本粒子
radiation: 辐射 輻射 放射线 放射線
radiology: 放射学 放射學 放射線医学
isotope: 同位素 同位体
synchrotron radiation: 同步辐射 同步輻射 放射光
magnetic: 磁性
superconductivity: 超导 超導 超伝導
crystal: 晶体 晶體 結晶
spectroscopy: 光谱 光譜 分光
catalysis: 催化 触媒
electrochemistry: 电化学 電化學 電気化学
organic chemistry: 有机化学 有機化學 有機化学
physical chemistry: 物理化学 物理化學
chemical physics: 化学物理 化學物理
biophysics: 生物物理 生物物理学
bioinformatics: 生物信息 生物資訊 バイオインフォマティクス
microbiology: 微生物学 微生物學 微生物
virology: 病毒学 病毒學 ウイルス学
virus: 病毒 ウイルス
bacteria: 细菌 細菌
fungi: 真菌 菌類
mycology: 真菌学 真菌學 菌学
parasitic diseases: 寄生虫病 寄生蟲病 寄生虫
parasitology: 寄生虫学 寄生蟲學
epidemiology: 流行病学 流行病學 疫学
prevention: 预防 預防 予防 防治
disease control: 疾病控制 疾病预防控制 疾病預防控制
vaccine: 疫苗 ワクチン
antibody: 抗体 抗體
proteomics: 蛋白质组学 蛋白質組學 プロテオミクス
genome: 基因组 基因組 ゲノム
breeding: 育种 育種 繁育 育成
seed: 种子 種子 種苗
hybrid rice: 杂交水稻 雜交水稻
hybrid: 杂交 雜交 交雑
germplasm: 种质 種質
cotton: 棉花
soybean: 大豆
maize: 玉米 トウモロコシ
potato: 马铃薯 馬鈴薯 ジャガイモ
oil crops: 油料作物 油料
tobacco: 烟草 菸草 煙草 たばこ
silk: 蚕丝 蠶絲
sericulture: 蚕业 蠶業 蚕糸
bee: 蜜蜂
insect: 昆虫 昆蟲
entomology: 昆虫学 昆蟲學
plant protection: 植物保护 植物保護 植物防疫
pesticide: 农药 農藥 農薬
fertilizer: 肥料 化肥
irrigation: 灌溉 灌漑
drainage: 排水
water conservancy: 水利
sediment: 泥沙 土砂
erosion: 侵蚀 侵蝕 浸食
desert: 沙漠 荒漠 砂漠
karst: 岩溶 喀斯特 カルスト
glacier: 冰川 氷河
permafrost: 冻土 凍土
lake: 湖泊
river: 河流 河川
wetland: 湿地 濕地
tropical: 热带 熱帶 熱帯
subtropical: 亚热带 亞熱帶 亜熱帯
arid: 干旱 乾旱 乾燥
plateau: 高原
mountain: 山地 山岳
polar: 极地 極地
antarctic: 南极 南極
arctic: 北极 北極
deep sea: 深海
seismology: 地震学 地震學
volcano: 火山
rock and soil mechanics: 岩土力学 岩土力學
geotechnical: 岩土 地盤
land: 土地 国土 國土
mapping: 测绘 測繪 地図
geographic information: 地理信息 地理資訊 地理情報
oceanology: 海洋学 海洋學
hydrography: 水文 水路
atmospheric physics: 大气物理 大氣物理
weather: 天气 天氣 天気
mechanical: 机械 機械
mechatronics: 机电 機電 メカトロニクス
manufacturing technology: 制造技术 製造技術
digital: 数字 數字 数码 デジタル
equipment manufacturing: 装备制造 裝備製造
high end: 高端
equipment: 装备 裝備
bridge: 桥梁 橋梁 橋梁
tunnel: 隧道 トンネル
dam: 大坝 大壩 ダム
highway: 公路 高速道路
traffic: 交通
logistics: 物流
distribution: 流通 配送
urban planning: 城市规划 城市規劃 都市計画
landscape: 景观 景觀 景観 园林 園林
housing: 住宅 住房
real estate: 房地产 房地產 不動産
fire: 消防 火灾 火災
fire protection: 消防
accident: 事故
occupational safety: 安全生产 安全生產 労働安全
labor science: 劳动科学 勞動科學 労働科学
ergonomics: 人机工程 人機工程 人間工学
clinical: 临床 臨床
surgery: 外科 手术 手術
internal medicine: 内科 內科
geriatrics: 老年医学 老年醫學 老年
aging: 老龄 老齡 高齢 高齢化 加齢
elderly: 老年人 高齢者
children: 儿童 兒童 子ども 子供 こども
women: 妇女 婦女 女性
maternal and child health: 妇幼 婦幼 母子保健
obstetrics and gynecology: 妇产科 婦產科 産婦人科
dermatology: 皮肤 皮膚 皮膚科
allergy: 过敏 過敏 アレルギー
diabetes: 糖尿病
hypertension: 高血压 高血壓 高血圧
respiratory: 呼吸
tuberculosis: 结核 結核
kidney: 腎臓
liver: 肝臓
blood: 血液
hematology: 血液学 血液學
transfusion: 输血 輸血
stem cell: 干细胞 幹細胞
regenerative medicine: 再生医学 再生醫學 再生医療
tissue engineering: 组织工程 組織工程
medical devices: 医疗器械 醫療器械 医療機器
biomedical engineering: 生物医学工程 生物醫學工程 医用工学
medical imaging: 医学影像 醫學影像
pharmacy: 药学 藥學 薬学 薬局
traditional medicine: 传统医学 傳統醫學 伝統医学
acupuncture: 针灸 針灸 鍼灸
mental health: 精神卫生 精神衛生 メンタルヘルス
psychiatry: 精神医学 精神醫學 精神科
sports science: 体育科学 體育科學 スポーツ科学
food safety: 食品安全
consumer: 消费 消費
inspection: 检验 檢驗 检疫 檢疫 検査 検疫
quarantine: 检疫 檢疫 検疫
certification: 认证 認證 認証
quality: 质量 質量 品質
quality inspection: 质检 質檢 品質検査
intellectual property: 知识产权 知識產權 知的財産
industrial property: 工业所有权 工業所有權 工業所有権
patent: 专利 專利 特許
invention: 发明 發明 発明
standardization: 标准化 標準化
opinion: 舆论 輿論 世論
public opinion: 舆论 輿論 世論
survey: 调查 調查 調査
media: 媒体 媒體 メディア
journalism: 新闻 新聞
publishing: 出版
translation: 翻译 翻譯 翻訳
religion: 宗教
buddhism: 佛教 仏教
archaeology: 考古 考古学 考古學
anthropology: 人类学 人類學 人類学
ethnology: 民族学 民族學
folklore: 民俗
design: 设计 設計 デザイン
politics: 政治
political science: 政治学 政治學
diplomacy: 外交
security studies: 安全研究
military: 军事 軍事
defense: 国防 國防 防衛
development studies: 发展研究
trade: 贸易 貿易
commerce: 商业 商業
tourism: 旅游 旅遊 観光
banking: 银行 銀行
insurance: 保险 保險 保険
accounting: 会计 會計
taxation: 税收 税務 稅務
regional development: 区域发展 地域振興 地域開発
revitalization: 振兴 振興 活性化
community: 社区 社區 地域社会 コミュニティ
society: 社会 社會
welfare: 福利 福祉
social security: 社会保障 社會保障
employment: 就业 就業 雇用
human resources: 人力资源 人力資源 人材
talent: 人才 人材
training: 培训 培訓 研修 訓練
teaching: 教学 教學
textbook: 教科书 教科書
curriculum: 课程 課程 カリキュラム
library science: 图书馆学 圖書館學 図書館学
documentation: 文献 文獻
archives: 档案 檔案 文書館 アーカイブ
`;
