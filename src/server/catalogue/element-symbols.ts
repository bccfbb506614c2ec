// A chemical element's symbol written as a symbol — two letters, a capital and a small one, in a
// query of several words ("Pt sputtering", "Mg X-ray source", "Au nanoparticles") — also reads
// as the element's name, which records write out ("platinum sputter deposition", "magnesium
// K-alpha source"). One-letter symbols (C, N, O, H, S, K, B …) are left alone: they are as often
// initials, grades or variables ("B cell", "K-alpha"), and so are the symbols that are words
// written with a capital ("As", "Be", "In", "No", "At", "Am"). The table is the periodic one
// (IUPAC names, folded as names are by ./search-text.ts: aluminium → aluminum).
import { prepareText } from './search-text.js';

const ELEMENTS =
  'He helium Li lithium Be beryllium Ne neon Na sodium Mg magnesium Al aluminium Si silicon Cl chlorine Ar argon ' +
  'Ca calcium Sc scandium Ti titanium Cr chromium Mn manganese Fe iron Co cobalt Ni nickel Cu copper Zn zinc ' +
  'Ga gallium Ge germanium As arsenic Se selenium Br bromine Kr krypton Rb rubidium Sr strontium Zr zirconium ' +
  'Nb niobium Mo molybdenum Tc technetium Ru ruthenium Rh rhodium Pd palladium Ag silver Cd cadmium In indium ' +
  'Sn tin Sb antimony Te tellurium Xe xenon Cs caesium Ba barium La lanthanum Ce cerium Pr praseodymium ' +
  'Nd neodymium Pm promethium Sm samarium Eu europium Gd gadolinium Tb terbium Dy dysprosium Ho holmium ' +
  'Er erbium Tm thulium Yb ytterbium Lu lutetium Hf hafnium Ta tantalum Re rhenium Os osmium Ir iridium ' +
  'Pt platinum Au gold Hg mercury Tl thallium Pb lead Bi bismuth Po polonium At astatine Rn radon Fr francium ' +
  'Ra radium Ac actinium Th thorium Pa protactinium Np neptunium Pu plutonium Am americium Cm curium ' +
  'Bk berkelium Cf californium Es einsteinium Fm fermium Md mendelevium No nobelium Lr lawrencium ' +
  'Rf rutherfordium Db dubnium Sg seaborgium Bh bohrium Hs hassium Mt meitnerium Ds darmstadtium ' +
  'Rg roentgenium Cn copernicium Nh nihonium Fl flerovium Mc moscovium Lv livermorium Ts tennessine Og oganesson';
/** Symbols that are also words written with a capital, never read as elements. */
const WORDS = new Set(['As', 'Be', 'In', 'No', 'At', 'Am']);

let table: Map<string, string> | null = null;
function elements(): Map<string, string> {
  if (table) return table;
  table = new Map();
  const parts = ELEMENTS.split(' ');
  for (let i = 0; i + 1 < parts.length; i += 2) {
    if (!WORDS.has(parts[i]!)) table.set(parts[i]!, prepareText(parts[i + 1]!).tokens[0]!.word);
  }
  return table;
}

const SYMBOL = /(?<![\p{L}\p{N}])[A-Z][a-z](?![\p{L}])/gu;

/**
 * The element names of the symbols written as symbols in a query of several words (folded
 * symbol → folded name): "Pt sputtering" → pt → platinum.
 */
export function elementNames(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const symbols = text.match(SYMBOL);
  if (!symbols || !/[\p{L}\p{N}]+[^\p{L}\p{N}]+[\p{L}\p{N}]/u.test(text)) return out;
  for (const s of symbols) {
    const name = elements().get(s);
    if (name) out.set(s.toLowerCase(), name);
  }
  return out;
}
