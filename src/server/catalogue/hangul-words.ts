// The generic words of Korean organisation names and the common subject words, in Hangul, in
// the format of ./han-words.ts ("english: word word …"; "-" drops the word). Read by ./cjk-reading.ts.
export const HANGUL_WORDS = `
korea: 한국 대한민국
korean: 한국
research institute: 연구원 연구소
research center: 연구센터
research: 연구
institute: 원
university: 대학교 대학
graduate school: 대학원
hospital: 병원
center: 센터
national: 국립 국가
science: 과학
technology: 기술
science and technology: 과학기술
advanced: 첨단
engineering: 공학
energy: 에너지
nuclear: 원자력
atomic energy: 원자력
electric power: 전력
electrical: 전기
electronics: 전자
telecommunications: 통신 전자통신
information: 정보
policy: 정책
economics: 경제
industry: 산업
industrial: 산업
materials: 재료 소재
machinery: 기계
chemistry: 화학
chemical: 화학
physics: 물리
biology: 생물 생명
bioscience: 생명공학
biotechnology: 생명공학
medicine: 의학
medical: 의료
food: 식품
agriculture: 농업
agricultural: 농업
forestry: 산림
fisheries: 수산
ocean: 해양
marine: 해양
environment: 환경
climate change: 기후변화
climate: 기후
geoscience: 지질자원 지질
resources: 자원
mineral: 광물
construction: 건설
civil engineering: 토목
railroad: 철도
transport: 교통
aerospace: 항공우주
space: 우주
astronomy: 천문
standards: 표준
fusion: 핵융합
health: 보건 건강
foundation: 재단
association: 협회 학회
academy: 한림원 아카데미
city: 시
province: 도
ministry: 부
-: 시정
administration: 행정
public administration: 행정학
local government: 지방자치 자치
local: 지방
regional: 지역
urban: 도시
housing: 주택
land: 토지 국토
logistics: 물류
rural: 농촌
livestock: 축산
horticulture: 원예
seed: 종자
crop: 작물
plant: 식물
animal: 동물
veterinary: 수의
quarantine: 검역
inspection: 검사 검정
measurement: 계측 측정
forensic: 과학수사 법의학
investigation: 수사
police: 경찰
accelerator: 가속기
radiation: 방사선
synchrotron radiation: 방사광
advanced study: 고등과학
basic science: 기초과학
basic: 기초
applied: 응용
mathematics: 수학
statistics: 통계
convergence: 융합
design: 디자인
content: 콘텐츠
game: 게임
cultural heritage: 문화재
culture: 문화
tourism: 관광
sports: 체육 스포츠
arts: 예술
history: 역사
education: 교육
curriculum: 교육과정
evaluation: 평가
planning: 기획
management: 관리 경영
asset: 자산
corporation: 공사 공단
bank: 은행
development: 개발 발전
promotion: 진흥
support: 지원
cooperation: 협력
exchange: 교류
international: 국제
world: 세계
future: 미래
national assembly: 국회
legislation: 법제
law: 법
criminology: 형사정책 범죄
defense: 국방
security: 안보
unification: 통일
diplomacy: 외교
finance: 금융 재정
taxation: 조세
trade: 무역 통상
labor: 노동
employment: 고용
women: 여성
family: 가족
youth: 청소년
children: 아동
elderly: 노인
welfare: 복지
social: 사회
society: 사회
health and social affairs: 보건사회
public health: 공중보건
disease: 질병
tuberculosis: 결핵
cancer: 암
korean medicine: 한의학
herbal medicine: 한약
pharmacy: 약학
pharmaceutical: 제약
new drug: 신약
bio: 바이오
brain: 뇌
brain science: 뇌과학
gene: 유전자
genome: 유전체
cell: 세포
stem cell: 줄기세포
vaccine: 백신
nutrition: 영양
safety: 안전
chemicals: 화학물질
fire: 소방
disaster: 재난 재해
disaster prevention: 방재
architecture: 건축
road: 도로
ocean science: 해양과학
polar: 극지
petroleum: 석유
gas: 가스
water resources: 수자원
water: 물
water quality: 수질
meteorology: 기상
broadcasting: 방송
software: 소프트웨어
artificial intelligence: 인공지능
data: 데이터
semiconductor: 반도체
display: 디스플레이
automotive: 자동차
shipbuilding: 조선
aviation: 항공
metals: 금속
ceramic: 세라믹
textile: 섬유
dyeing: 염색
finishing: 가공
processing: 가공
robotics: 로봇
mechanical: 기계
electric: 전기
nanotechnology: 나노
photonics: 광
optics: 광학
laser: 레이저
quantum: 양자
museum: 박물관
library: 도서관
archives: 기록
academic: 학술
parts: 부품
crop: 식량
space: 공간
control: 통제
park: 공원
fermentation: 발효
microbiology: 미생물
fund: 기금
asia pacific: 아태
infectious diseases: 감염병 감염
institute of technology: 기술원
quality: 품질
agricultural products: 농산물
safety: 안전성
toxicology: 독성학
toxicity: 독성
nursing: 간호 간호학
dentistry: 치의학 치과
forestry: 임업
earthquake: 지진
volcano: 화산
chemical engineering: 화학공학
computer: 컴퓨터
shipping: 해운
language: 언어
literature: 문학
philosophy: 철학
psychology: 심리 심리학
strategy: 전략
experiment: 실험
testing: 시험
certification: 인증
patent: 특허
intellectual property: 지식재산
`;
