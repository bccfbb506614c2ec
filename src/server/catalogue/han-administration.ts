// Government and public administration in Chinese and Japanese organisation names, in English:
// the ministries and agencies of China and Japan (a Japanese ministry is a 省, which in Chinese
// is a province, so each is its own word), local government, public health and welfare, and the
// words of public bodies' names (general linguistic data, not names of records). Format of
// ./han-words.ts ("english: word word …"), read by ./cjk-reading.ts before the subject tables.

export const HAN_ADMINISTRATION = `
ministry of justice: 法務省 司法部
ministry of the environment: 環境省 环境省
ministry of education culture sports science and technology: 文部科学省
ministry of health labour and welfare: 厚生労働省
ministry of agriculture forestry and fisheries: 農林水産省
ministry of economy trade and industry: 経済産業省
ministry of land infrastructure transport and tourism: 国土交通省
ministry of internal affairs and communications: 総務省
ministry of foreign affairs: 外務省 外交部
ministry of finance: 財務省 财政部 財政部
ministry of defense: 防衛省 国防部 國防部
cabinet office: 内閣府
ministry: 省庁
japan meteorological agency: 気象庁
agency for cultural affairs: 文化庁
forestry agency: 林野庁
fisheries agency: 水産庁
fire and disaster management agency: 消防庁
national police agency: 警察庁
japan coast guard: 海上保安庁
ministry of education: 教育部
ministry of science and technology: 科学技术部 科學技術部 科技部
ministry of agriculture: 农业部 農業部 农业农村部 農業農村部
ministry of natural resources: 自然资源部 自然資源部
ministry of land and resources: 国土资源部 國土資源部
ministry of ecology and environment: 生态环境部 生態環境部 环境保护部 環境保護部
ministry of water resources: 水利部
ministry of health: 卫生部 衛生部
national health commission: 国家卫生健康委员会 國家衛生健康委員會 卫健委
ministry of industry and information technology: 工业和信息化部 工業和信息化部 工信部
ministry of transport: 交通运输部 交通運輸部 交通部
ministry of housing and urban rural development: 住房和城乡建设部 住房和城鄉建設部 住建部
ministry of public security: 公安部
ministry of civil affairs: 民政部
ministry of commerce: 商务部 商務部
ministry of culture and tourism: 文化和旅游部 文化和旅遊部
ministry of emergency management: 应急管理部 應急管理部
china earthquake administration: 中国地震局 中國地震局
china meteorological administration: 中国气象局 中國氣象局
state oceanic administration: 国家海洋局 國家海洋局
national forestry and grassland administration: 国家林业和草原局 國家林業和草原局 国家林业局
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
`;
