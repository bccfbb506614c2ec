// Government and public administration in Chinese and Japanese organisation names, in English:
// the ministries and agencies of Japan (a Japanese ministry is a 省, which in Chinese is a
// province, so each is its own word; a Chinese ministry, 部, read word by word costs no more
// than read as a ministry), local government, public health and welfare, and the
// words of public bodies' names; the standard English names of the national research
// organisations of China and Japan that many laboratories are parts of, as 中国科学院 is in
// ./han-words.ts (general data, not names of records). Format of
// ./han-words.ts ("english: word word …"), read by ./cjk-reading.ts before the subject tables.

export const HAN_ADMINISTRATION = `
ministry of justice: 法務省
ministry of the environment: 環境省 环境省
ministry of education culture sports science and technology: 文部科学省
ministry of health labour and welfare: 厚生労働省
ministry of agriculture forestry and fisheries: 農林水産省
ministry of economy trade and industry: 経済産業省
ministry of land infrastructure transport and tourism: 国土交通省
ministry of internal affairs and communications: 総務省
ministry of foreign affairs: 外務省
ministry of finance: 財務省
ministry of defense: 防衛省
cabinet office: 内閣府
ministry: 省庁
japan meteorological agency: 気象庁
agency for cultural affairs: 文化庁
forestry agency: 林野庁
fisheries agency: 水産庁
fire and disaster management agency: 消防庁
national police agency: 警察庁
japan coast guard: 海上保安庁
administration: 管理局 行政
commission: 委员会 委員會 委員会
government: 政府
people's government: 人民政府
tokyo metropolitan: 東京都
metropolitan: 都立
local government: 自治体 地方自治 自治
local: 地方
local finance: 地方財政 地方財務
finance: 財務 财务
public administration: 行政学 公共管理
public works: 公共工事
public health: 公衆衛生 公共卫生 公共衛生 健康安全
public health research institute: 衛生研究所 卫生研究所 衛生研究院 卫生研究院
environment and public health: 環境衛生 环境卫生
health and welfare: 保健福祉
health promotion: 健康增進 健康増進 健康促进
disease prevention and control: 疾病预防控制 疾病預防控制 疾控
center for disease control: 疾病预防控制中心 疾病預防控制中心 疾控中心
longevity: 长寿 長壽 長寿
gerontology: 老年学 老年學 長寿医療
family planning: 计划生育 計劃生育
maternal and child: 母子 妇幼 婦幼
disability: 残疾 殘疾 障害 障碍
persons with disabilities: 残疾人 殘疾人 障害者
intellectual disability: 智力障碍 知的障害
rehabilitation center: 康复中心 康復中心
judicial: 司法
justice: 法務 法务
prosecution: 检察 檢察 検察
police: 公安 警察
forensic: 法医 法醫 法医学 科学捜査 科学警察
forensic science: 法庭科学 法庭科學 法科学
criminology: 犯罪学 犯罪學 犯罪
customs: 海关 海關 税関
audit: 审计 審計 監査
statistics bureau: 统计局 統計局
land: 国土 國土
infrastructure: 基础设施 基礎設施 インフラ
civil affairs: 民政
emergency management: 应急管理 應急管理 危機管理
disaster management: 防灾减灾 防災減災
consumer safety: 消费安全 消費安全 消費者安全
consumer affairs: 消费者 消費者
legislation: 立法 法制
parliament: 议会 議會 議会 国会 國會
national assembly: 国会 國會
cabinet: 内阁 內閣 内閣
prefectural government: 県庁
city hall: 市政府 市役所
town: 町 镇 鎮
village: 村
county: 县 郡
district: 地区 地區
autonomous region: 自治区 自治區
special administrative region: 特别行政区 特別行政區
branch: 分院 分所 支所 分室 分校
headquarters: 本部 本社 总部 總部
secretariat: 事务局 事務局 秘书处 秘書處
council: 理事会 理事會 协议会 協議会 审议会 審議会
promotion association: 振興協会 振兴协会
promotion foundation: 振興財団 振兴基金会
promotion center: 振興センター 促进中心 促進中心
riken: 理化学研究所
chinese academy of social sciences: 中国社会科学院 中國社會科學院 社科院
chinese academy of engineering: 中国工程院 中國工程院
chinese academy of meteorological sciences: 中国气象科学研究院 中國氣象科學研究院
chinese academy of fishery sciences: 中国水产科学研究院 中國水產科學研究院
chinese academy of tropical agricultural sciences: 中国热带农业科学院 中國熱帶農業科學院
chinese academy of geological sciences: 中国地质科学院 中國地質科學院
chinese research academy of environmental sciences: 中国环境科学研究院 中國環境科學研究院
china academy of chinese medical sciences: 中国中医科学院 中國中醫科學院
china academy of space technology: 中国空间技术研究院 中國空間技術研究院
chinese center for disease control and prevention: 中国疾病预防控制中心 中國疾病預防控制中心
national institute of advanced industrial science and technology: 産業技術総合研究所 産総研
national institute for materials science: 物質・材料研究機構 物質材料研究機構
japan agency for marine earth science and technology: 海洋研究開発機構
japan aerospace exploration agency: 宇宙航空研究開発機構
national institute for environmental studies: 国立環境研究所
national institute of information and communications technology: 情報通信研究機構
japan atomic energy agency: 日本原子力研究開発機構 原子力機構
national institutes for quantum science and technology: 量子科学技術研究開発機構 量研
high energy accelerator research organization: 高エネルギー加速器研究機構
national research institute for earth science and disaster resilience: 防災科学技術研究所 防災科研
japan science and technology agency: 科学技術振興機構
japan society for the promotion of science: 日本学術振興会 学振
`;
