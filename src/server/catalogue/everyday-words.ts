// Everyday words of research-organisation names — the adjectives, units of an organisation and
// things named beside the disciplines (new, low, heavy, open, joint; division, section, branch;
// process, products, tools, support; fat, iron, beer, roads, railways, aviation) — in French,
// German, Spanish, Italian, Portuguese, Dutch and, where the name is common, the languages of
// Central Europe, where the translations are not cognates by spelling (low ↔ basses ↔ tief ↔ bajo;
// business ↔ affaires; fat ↔ graisse ↔ Fett ↔ grasa) or are inflected forms the cognate rules do
// not reach. The format of ./subject-vocabulary.ts (English words slash-separated, a colon, the
// other languages' forms folded), read with it by ./subject-words.ts on the first query that
// looks a word up. A line may add forms to a meaning another file has ("life: vivant"): the
// meanings of a word are joined. A form that is an English word of another meaning ("or", "golf",
// "leer", "sale", "arena", "vet", "rat") is left out. This is general linguistic data, never words
// taken from the catalogue.
export const EVERYDAY_LINES: readonly string[] = [
  // qualities
  'new: nouveau nouveaux nouvelle nouvelles neu neue neuen neuer neues nuevo nueva nuevos nuevas nuovo nuova nuovi nuove novos novas nieuw nieuwe',
  'old: ancien anciens ancienne anciennes viejo vieja viejos antiguo antigua antiguos vecchio vecchia antico antica velho velha oud oude',
  'low: bas basse basses niedrig niedrige niedrigen nieder tief tiefe tiefen bajo baja bajos bajas basso bassa bassi baixo baixa baixos baixas laag lage',
  'deep: profond profonde profonds profondes tief tiefe tiefen profundo profunda profundos profundas profondo profonda diep diepe',
  'large: gross grosse grossen grosses groot grote',
  'small: petit petite petits petites klein kleine kleinen pequeno pequena pequenos pequenas piccolo piccola piccoli',
  'heavy: lourd lourde lourds lourdes schwer schwere schweren pesado pesada pesados pesante pesanti zwaar zware',
  'green: vert verte verts vertes grun grune grunen verde verdes groen groene',
  'open: ouvert ouverte ouverts ouvertes offen offene offenen abierto abierta abiertos aperto aperta aberto aberta',
  'long: lang lange langen largo larga lungo lunga longo longa',
  'joint: commun communs conjoint conjointe gemeinsam gemeinsame gemeinsamen conjunto conjunta congiunto gezamenlijk',
  'living: vivant vivants vivante vivantes lebend lebende lebenden levend levende',
  'life: vivant vivants',
  'human/humans: humano humana humanos humanas homme hommes',
  // parts and kinds of organisations
  'division/divisions: departement departements abteilung abteilungen departamento departamentos dipartimento dipartimenti',
  'section/sections: sezione sezioni seccion secciones seccao seccoes sektion sektionen sectie secties',
  'branch/branches: filiale filiales antenne antennes zweigstelle aussenstelle sucursal sucursales succursale filial',
  'research: pesquisa pesquisas investigacions investigacio',
  'studies/study: studii studiilor estudis',
  'business: affaires negocios negocio affari negocis',
  'support: soutien appui unterstutzung forderung apoyo sostegno supporto apoio ondersteuning',
  'change/changes: changement changements wandel veranderung cambio cambios cambiamento cambiamenti mudanca mudancas verandering',
  'process/processes: procede procedes verfahren procedimiento procedimientos procedimento procedimenti procedimentos',
  'product/products: produit produits produkt produkte produkten prodotto prodotti produto produtos',
  'tool/tools: outil outils werkzeug werkzeuge herramienta herramientas strumento strumenti ferramenta ferramentas gereedschap',
  'equipment: equipement equipements ausrustung gerate attrezzatura attrezzature apparecchiature equipamento equipamentos uitrusting apparatuur',
  'monitoring: suivi uberwachung monitoraggio seguimiento vigilancia monitorizacao monitoramento bewaking',
  'standard/standards: norme normes normen norma normas',
  'source/sources: quelle quellen fuente fuentes fonte fonti bron bronnen',
  'field/fields: champ champs feld felder campo campos veld velden',
  'matter: matiere matieres materie materia',
  'goods: biens bienes beni bens guter goederen',
  'wave/waves: onde ondes welle wellen onda ondas golven',
  // things named
  'fat/fats: graisse graisses grasa grasas fett fette fetten grasso grassi gordura gorduras vetten',
  'iron: fer eisen hierro ferro ijzer',
  'paper: papier papiers papel',
  'leather: cuir cuirs leder cuero cuoio couro',
  'rubber: caoutchouc kautschuk caucho gomma borracha',
  'plastic/plastics: plastiques kunststoff kunststoffe kunststoffen plasticos plastica plastiche',
  'textile/textiles: tessile tessili textilien textiel wlokiennictwa wlokiennictwo wlokienniczy textilni textilny tekstil tekstilni textilipari tekstiili',
  'beer: biere bieres bier cerveza cervezas birra birre cerveja cervejas',
  'brewing/brewery: brasserie brauerei brauwesen cerveceria birrificio cervejaria brouwerij pivovarstvo pivovarstvi piwowarstwa sorfozo',
  'hop/hops: houblon hopfen lupulo luppolo chmel chmielu hmeljarstvo hmelj komlo humala',
  'insect/insects: insecte insectes insekt insekten insecto insectos insetto insetti inseto insetos',
  'flower/flowers: fleur fleurs blume blumen flor flores fiore fiori bloem bloemen',
  'tooth/teeth: dent dents zahn zahne diente dientes dente denti dentes tand tanden',
  'birth: naissance geburt nacimiento nascita nascimento geboorte',
  'vessel/vessels: vaisseau vaisseaux gefass gefasse vaso vasos vasi',
  'tumor/tumors: tumeur tumeurs tumoral tumorale tumoraux tumorales',
  'ocean/oceans: ozean ozeane oceano oceanos oceani oceaan',
  'desert/deserts: wuste wusten desierto desiertos deserto deserti woestijn',
  'flood/floods: inondation inondations hochwasser uberschwemmung inundacion inundaciones alluvione alluvioni inundacao inundacoes overstroming',
  'rain: pluie pluies regen lluvia lluvias pioggia chuva',
  'hazard/hazards: gefahr gefahren peligro peligros pericolo pericoli perigo perigos gevaar',
  // transport, the military
  'road/roads: strasse strassen strassenwesen strassenbau carretera carreteras strada strade estrada estradas',
  'highway/highways: autoroute autoroutes autobahn autopista autopistas autostrada autoestrada',
  'bridge/bridges: pont ponts brucke brucken puente puentes ponte ponti brug bruggen',
  'railway/railways/rail: ferroviaire ferroviaires eisenbahn ferrocarril ferrocarriles ferroviario ferroviaria ferrovia ferrovie spoorweg spoorwegen',
  'aircraft: avion avions flugzeug flugzeuge aeronave aeronaves vliegtuig',
  'aviation: luftfahrt aviacion aviazione aviacao luchtvaart lotnictwa lotniczy lotniczej lotnicza letecky letectvi',
  'flight: flug vuelo vuelos volo voli voo voos vlucht',
  'military: wojskowy wojskowa wojskowe wojskowej wojskowego vojensky vojenska vojenske vojenskeho katonai',
  'army: armee heer ejercito esercito exercito',
  'tax/taxes/taxation: impot impots fiscalite steuer steuern impuesto impuestos imposta imposte imposto impostos belasting',
  'price/prices: prix preis preise precio precios prezzo prezzi preco precos prijs prijzen',
  'greenland: gronland gronlands groenland groenlandia gronlandia',
];
