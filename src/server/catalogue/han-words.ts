// The generic words of Chinese and Japanese organisation names and the common subject words of
// research names, in English (linguistic data, not names of records): each line is
// "english: word word …", a word in simplified Chinese, traditional Chinese or Japanese
// (kanji, or katakana for loanwords). An English reading "-" drops the word (legal forms such
// as 一般財団法人 that the English names leave out). Read by ./cjk-reading.ts.

export const HAN_WORDS = `
-: 一般财团法人 一般財団法人 公益财团法人 公益財団法人 一般社团法人 一般社団法人 公益社团法人 公益社団法人 财团法人 財団法人 社团法人 社団法人 独立行政法人 国立研究開発法人 地方独立行政法人 特定非営利活動法人 学校法人 株式会社 有限会社 合同会社 有限公司 有限责任公司 股份有限公司 集团 集團 与 與 和 及 の 之 的
state key laboratory: 国家重点实验室 國家重點實驗室
key laboratory: 重点实验室 重點實驗室
laboratory: 实验室 實驗室 研究室 实验所 實驗所 ラボラトリー ラボ
engineering research center: 工程研究中心 工程技术研究中心
research institute: 研究所 研究院 研究機構 研究机构 研究機関
research center: 研究中心 研究センター 研究センタ
research: 研究 研発 研究開発 研究开发 调查 調査
development: 开发 開發 開発 发展 發展
experiment station: 试验场 試験場 試驗場 试验站 試驗站 試験所 试验所
testing: 试验 試験 試驗 检测 檢測 检验 檢驗 测试 測試
center: 中心 センター センタ
general: 总合 総合 綜合 总 総
chinese academy of sciences: 中国科学院 中國科學院 中科院
chinese academy of agricultural sciences: 中国农业科学院 中國農業科學院
chinese academy of medical sciences: 中国医学科学院 中國醫學科學院
chinese academy of forestry: 中国林业科学研究院 中國林業科學研究院
academia sinica: 中央研究院
academy of sciences: 科学院 科學院
academy: アカデミー
university: 大学 大學 大学校 學校
school: 学校 学部 學部
college: 学院 短期大学
graduate school: 研究生院 大学院 大學院
hospital: 医院 醫院 病院 病院
national: 国家 國家 国立 國立 全国 全國
prefectural: 県立 縣立
municipal: 市立
prefecture: 県 縣
province: 省
city: 市
state: 州
central: 中央
institute: 所 院
bureau: 局
department: 部 部門 科
division: 部门 部門
association: 协会 協會 協会 学会 學會 会 會
society: 学会 學會
foundation: 基金会 基金會 財団 财团 財團
agency: 庁 廳
office: 办公室 事務所 事务所
company: 公司 会社
corporation: 公社
museum: 博物馆 博物館 美術館 美术馆
observatory: 天文台 観測所 观测站 觀測站 气象台 氣象台 気象台
library: 图书馆 圖書館 図書館
station: 站 ステーション
base: 基地
park: 公园 公園
organization: 机构 機構 组织 組織
network: 网络 網絡 ネットワーク
science: 科学 科學 理学 理學 科研
technology: 技术 技術
science and technology: 科学技术 科學技術 科学技術 科技
engineering: 工程 工学 工學 エンジニアリング
innovation: 创新 創新 イノベーション
industry: 产业 產業 産業 工业 工業 实业 實業
industrial: 工业 工業
promotion: 振兴 振興 促进 促進
support: 支援 支持
policy: 政策
management: 管理 経営 经营
economics: 经济 經濟 経済
information: 信息 資訊 资讯 情報 情报
communications: 通信 通讯 通訊 電気通信 电信 電信
telecommunications: 电信 電信 邮电 郵電
computing: 计算 計算 コンピュータ
computer: 计算机 計算機 電腦 电脑
software: 软件 軟體 ソフトウェア
electronics: 电子 電子 エレクトロニクス
electrical: 电气 電氣 電気
electric power: 电力 電力
energy: 能源 能量 エネルギー 에너지
new energy: 新能源
nuclear: 核 原子力 原子核
atomic energy: 原子能 原子力
physics: 物理 物理学 物理學
chemistry: 化学 化學 化工
chemical engineering: 化学工程 化學工程 化工
physics and chemistry: 理化 理化学 理化學
mathematics: 数学 數學
statistics: 统计 統計
biology: 生物 生物学 生物學
life sciences: 生命科学 生命科學
life: 生命
molecular: 分子
cell: 细胞 細胞
cell biology: 细胞学 細胞學 細胞学 细胞生物学 細胞生物学
genetics: 遗传 遺傳 遺伝 遗传学 遺伝学
genomics: 基因组 基因組 ゲノム
gene: 基因 遺伝子
protein: 蛋白 蛋白质 蛋白質 タンパク質
biotechnology: 生物技术 生物技術 バイオテクノロジー
biochemistry: 生物化学 生物化學 生化学 生化學
ecology: 生态 生態 生態学 生态学
environment: 环境 環境
environmental science: 环境科学 環境科學 環境科学
earth sciences: 地球科学 地球科學
geology: 地质 地質 地质学 地質学
geography: 地理
geophysics: 地球物理
geochemistry: 地球化学 地球化學
resources: 资源 資源
water resources: 水资源 水資源
water: 水
environment water: 水环境 水環境
soil: 土壤 土壌
mineral: 矿物 礦物 鉱物
mining: 矿业 礦業 鉱業 采矿 採礦
metals: 金属 金屬
non ferrous metals: 有色金属 有色金屬 非鉄金属
rare metals: 稀有金属 稀有金屬 レアメタル
rare earth: 稀土 レアアース
steel: 钢铁 鋼鐵 鉄鋼
iron: 铁 鐵 鉄
materials: 材料 素材 材料科学 材料科學
inorganic materials: 无机材料 無機材料
inorganic: 无机 無機
organic: 有机 有機
polymer: 高分子 聚合物
ceramics: 陶瓷 セラミックス
glass: 玻璃 ガラス
textile: 纺织 紡織 繊維
semiconductor: 半导体 半導體 半導体
optics: 光学 光學
surface: 表面
interface: 界面
infrared: 红外 紅外 赤外
optoelectronics: 光电 光電
laser: 激光 雷射 レーザー
photonics: 光子 フォトニクス
quantum: 量子
space: 空间 空間 航天 宇宙
aerospace: 航空航天 航空宇宙
aeronautics: 航空
astronomy: 天文 天文学 天文學
meteorology: 气象 氣象 気象
climate: 气候 氣候 気候
climate change: 气候变化 氣候變化 気候変動
ocean: 海洋
coastal zone: 海岸带 海岸帶
coastal: 海岸 沿海
oceanography: 海洋学 海洋學
marine: 海洋 海事
fisheries: 水产 水產 水産 渔业 漁業
inland water: 内水面
aquaculture: 养殖 養殖 水产养殖
agriculture: 农业 農業 农学 農學 農学 农
agricultural: 农业 農業
forestry: 林业 林業 森林
forest: 森林 林
livestock: 畜产 畜產 畜産 畜牧
animal husbandry: 畜牧
veterinary: 兽医 獸醫 獣医
animal: 动物 動物
plant: 植物
crop: 作物 农作物 農作物
rice: 水稻 稲 稻 稲作 米
wheat: 小麦 小麥
tea: 茶 茶叶 茶葉 茶業
fruit tree: 果树 果樹
fruit: 果实 果實 果物 水果
vegetables: 蔬菜 野菜
flowers: 花卉
horticulture: 园艺 園藝 園芸
grassland: 草原 草地
food: 食品 食物 粮食 糧食
nutrition: 营养 營養 栄養
processing: 加工
safety: 安全
security: 安全保障 保安
disaster prevention: 防灾 防災
disaster: 灾害 災害
earthquake: 地震
pest: 害虫 有害生物 病虫害
plant diseases and insect pests: 病虫害
disease: 疾病 病害
control: 控制 防治 防除
utilization: 利用
comprehensive: 综合 綜合 総合
separation: 分离 分離
application: 应用 應用 応用
fundamentals: 基础 基礎
basic: 基础 基礎
analysis: 分析 解析
analytical chemistry: 分析化学 分析化學
measurement: 测量 測量 计量 計量 計測
metrology: 计量 計量 计量学 計量学
standards: 标准 標準
sensing: 传感 傳感 センシング
remote sensing: 遥感 遙感 リモートセンシング
surveying: 测绘 測繪 測量
instruments: 仪器 儀器 機器
equipment: 设备 設備 装置 裝置
machinery: 机械 機械
mechanical engineering: 机械工程 機械工程 機械工学
manufacturing: 制造 製造
automation: 自动化 自動化
robotics: 机器人 機器人 ロボット
control engineering: 控制工程 制御工学
construction: 建设 建設 建筑 建築
architecture: 建筑 建築
civil engineering: 土木 土木工程 土木工学
building research: 建筑研究 建築研究
transport: 交通 运输 運輸 輸送
shipping: 航运 航運 海運 海运
ship: 船舶 船
shipbuilding: 造船
ocean engineering: 海洋工程 海洋工学
port: 港湾 港灣 港口
railway: 铁路 鐵路 铁道 鐵道 鉄道
high speed: 高速
track: 轨道 軌道
road: 道路 公路
vehicle: 车辆 車輛 車両 汽车 汽車 自動車
automotive: 汽车 汽車 自動車
power: 动力 動力 电力 電力
electric: 电 電
hydraulic: 水利 水工
hydrology: 水文
urban: 城市 都市
rural: 农村 農村
regional: 区域 區域 地域
planning: 规划 規劃 計画 计划
design: 设计 設計
consulting: 咨询 諮詢 コンサルティング
medicine: 医学 醫學 医科 醫科 医药 醫藥 医療 醫療
medical: 医学 醫學 医療 医疗 醫療
pharmaceutical: 药学 藥學 薬学 制药 製藥 製薬 医药 醫藥
pharmacology: 药理 藥理 薬理
drug: 药物 藥物 医薬品 薬
traditional chinese medicine: 中医药 中醫藥 中医 中醫
health: 健康 卫生 衛生 保健 保健衛生
public health: 公共卫生 公共衛生 公衆衛生
hygiene: 卫生 衛生
infectious diseases: 传染病 傳染病 感染症
cancer: 肿瘤 腫瘤 癌 がん
oncology: 肿瘤学 腫瘍学
cardiovascular: 心血管 循環器
neuroscience: 神经科学 神經科學 神経科学 脳科学 脑科学
brain: 脑 腦 脳
psychology: 心理 心理学 心理學
immunology: 免疫 免疫学 免疫學
ophthalmology: 眼科 眼科学 眼科學
dentistry: 口腔 歯科 齒科
nursing: 护理 護理 看護
pediatrics: 儿科 兒科 小児科
rehabilitation: 康复 康復 リハビリテーション
sports: 体育 體育 スポーツ
hot spring: 温泉 溫泉
social sciences: 社会科学 社會科學
sociology: 社会学 社會學
humanities: 人文 人文科学
history: 历史 歷史 歴史
literature: 文学 文學
philosophy: 哲学 哲學
linguistics: 语言学 語言學 言語学
language: 语言 語言 言語
education: 教育
culture: 文化
art: 艺术 藝術 芸術 美术 美術
law: 法学 法學 法律
finance: 金融 财政 財政
population: 人口
labor: 劳动 勞動 労働
development research: 发展研究 發展研究
international: 国际 國際 国際
cooperation: 合作 协力 協力
exchange: 交流
advanced: 先进 先進 先端 高等
frontier: 前沿 フロンティア
modern: 现代 現代
new: 新
special: 特殊 特種
key: 重点 重點
public: 公共 公益
private: 民间 民間 私立
cultural properties: 文化财 文化財
heritage: 遗产 遺產 遺産
`;
