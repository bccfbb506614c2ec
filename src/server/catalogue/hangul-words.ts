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
`;
