// The generic words of Vietnamese organisation names and the common subject words of research
// names, in English: each line is "english: word, word …", a word being one or more syllables
// as Vietnamese writes them (tones and all; they are folded to plain letters when the table is
// read, so "Viện" and "Vien" are one). "-" drops the word. Vietnamese writes every syllable
// apart, so most words are two syllables or three ("nghiên cứu", "phòng thí nghiệm"); the head
// comes first ("Viện Nghiên cứu Hải sản": institute research seafood). Linguistic data, not
// names of records. Read by ./vietnamese-reading.ts.

export const VIETNAMESE_WORDS = `
-: của, và, về, cho, các, những, thuộc, trực thuộc, công ty tnhh, tnhh, cổ phần, công ty cổ phần
institute: viện
research institute: viện nghiên cứu
research: nghiên cứu
center: trung tâm
laboratory: phòng thí nghiệm, phòng thử nghiệm
key laboratory: phòng thí nghiệm trọng điểm
university: đại học, trường đại học
college: cao đẳng, trường cao đẳng
school: trường
faculty: khoa
academy: học viện, viện hàn lâm, hàn lâm
branch: phân viện, chi nhánh
ministry: bộ
department: sở, cục, vụ
general department: tổng cục
company: công ty
group: tập đoàn
corporation: tổng công ty
association: hội, hiệp hội
union: liên hiệp, liên đoàn
hospital: bệnh viện
museum: bảo tàng
library: thư viện
station: trạm, đài
observatory: đài thiên văn, đài quan sát
national: quốc gia
international: quốc tế
state: nhà nước
vietnam: việt nam
vietnamese: người việt
southern: miền nam, nam bộ, phía nam
northern: miền bắc, bắc bộ, phía bắc
central: miền trung, trung bộ, trung ương
central highlands: tây nguyên
mekong delta: đồng bằng sông cửu long
hanoi: hà nội
ho chi minh city: thành phố hồ chí minh, tp hồ chí minh, tp hcm
city: thành phố
province: tỉnh
da nang: đà nẵng
hue: huế
can tho: cần thơ
hai phong: hải phòng
science: khoa học
natural sciences: khoa học tự nhiên
social sciences: khoa học xã hội
technology: công nghệ
science and technology: khoa học công nghệ, khoa học và công nghệ
engineering: kỹ thuật, kĩ thuật
applied: ứng dụng
development: phát triển
transfer: chuyển giao
innovation: đổi mới sáng tạo, sáng tạo
training: đào tạo
education: giáo dục
advanced: tiên tiến, cao cấp
high technology: công nghệ cao
information technology: công nghệ thông tin
information: thông tin
communications: truyền thông
telecommunications: viễn thông
electronics: điện tử
electricity: điện
informatics: tin học
computing: tính toán
mathematics: toán học, toán
physics: vật lý, vật lí
chemistry: hóa học, hoá học
biology: sinh học
biotechnology: công nghệ sinh học
biochemistry: hóa sinh, hoá sinh
microbiology: vi sinh, vi sinh vật, vi sinh vật học
genetics: di truyền, di truyền học
ecology: sinh thái, sinh thái học
biological resources: tài nguyên sinh vật
organisms: sinh vật
materials: vật liệu
mechanics: cơ học
mechanical engineering: cơ khí
automation: tự động hóa, tự động hoá
energy: năng lượng
atomic: nguyên tử
nuclear: hạt nhân
environment: môi trường
resources: tài nguyên
natural: tự nhiên, thiên nhiên
geology: địa chất, địa chất học
geography: địa lý, địa lí
geophysics: địa vật lý, địa vật lí
meteorology: khí tượng
hydrology: thủy văn, thuỷ văn
climate: khí hậu
climate change: biến đổi khí hậu
oceanography: hải dương học
ocean: hải dương, đại dương
marine: biển
seafood: hải sản
fisheries: thủy sản, thuỷ sản
aquaculture: nuôi trồng thủy sản, nuôi trồng thuỷ sản
agriculture: nông nghiệp
agricultural: nông nghiệp
forestry: lâm nghiệp
livestock: chăn nuôi
veterinary: thú y
crops: cây trồng, trồng trọt
plant protection: bảo vệ thực vật
plant: thực vật
animal: động vật
medicine: y học
health: y tế, sức khỏe, sức khoẻ
medicinal materials: dược liệu
pharmacy: dược, dược học
epidemiology: dịch tễ, dịch tễ học
hygiene: vệ sinh
nutrition: dinh dưỡng
food: thực phẩm, lương thực
tropical: nhiệt đới
disease: bệnh
infectious: truyền nhiễm
malaria: sốt rét
parasitology: ký sinh trùng, kí sinh trùng
entomology: côn trùng, côn trùng học
immunology: miễn dịch, miễn dịch học
cancer: ung thư
cardiology: tim mạch
pediatrics: nhi khoa, nhi
economics: kinh tế, kinh tế học
finance: tài chính
management: quản lý, quản lí
policy: chính sách
strategy: chiến lược
planning: quy hoạch
culture: văn hóa, văn hoá
history: lịch sử, sử học
archaeology: khảo cổ, khảo cổ học
linguistics: ngôn ngữ học
language: ngôn ngữ
philosophy: triết học
psychology: tâm lý, tâm lý học, tâm lí học
sociology: xã hội học
social: xã hội
humanities: nhân văn
ethnology: dân tộc học
religion: tôn giáo
literature: văn học
arts: nghệ thuật
music: âm nhạc
law: luật, luật học, pháp luật
urban: đô thị
rural: nông thôn
construction: xây dựng
architecture: kiến trúc
transport: giao thông, vận tải, giao thông vận tải
water resources: thủy lợi, thuỷ lợi
water: nước
soil: đất, thổ nhưỡng
mining: mỏ, khai thác mỏ, khai khoáng
minerals: khoáng sản
petroleum: dầu khí
petrochemistry: hóa dầu, hoá dầu
metrology: đo lường
standards: tiêu chuẩn
quality: chất lượng
space: vũ trụ
astronomy: thiên văn, thiên văn học
aviation: hàng không
satellite: vệ tinh
remote sensing: viễn thám
circular: tuần hoàn
sustainable: bền vững
labour: lao động
community: cộng đồng
population: dân số
family: gia đình
women: phụ nữ
children: trẻ em
`;
