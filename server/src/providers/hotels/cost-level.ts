/**
 * How dear a night or a rental day is at an airport's city, against a mid-priced US city (1.0), for the offline
 * defaults' prices. Rough, from common knowledge of hotel rates: the big coastal cities and resort islands at the
 * top, Mexico and Central America lower.
 */
const LEVELS: Record<string, number> = {
  JFK: 1.9, LGA: 1.9, EWR: 1.6, SFO: 1.8, BOS: 1.75, HNL: 1.8, DCA: 1.6, IAD: 1.35, SEA: 1.55, LAX: 1.55, SAN: 1.5,
  MIA: 1.55, EGE: 2.1, SJC: 1.45, OAK: 1.35, BUR: 1.35, SNA: 1.45, PSP: 1.35, ORD: 1.4, MDW: 1.3, AUS: 1.35,
  DEN: 1.25, PDX: 1.25, NAS: 1.7, PLS: 1.95, SXM: 1.6, STT: 1.65, STX: 1.45, AUA: 1.6, ANU: 1.55, BGI: 1.6,
  MSY: 1.3, CHS: 1.35, SAV: 1.2, FLL: 1.3, PBI: 1.4, SRQ: 1.2, RSW: 1.15, MCO: 1.1, TPA: 1.1, LAS: 1.05, PHX: 1.1,
  SLC: 1.1, BNA: 1.3, PHL: 1.3, BWI: 1.1, ATL: 1.15, DFW: 1.1, DAL: 1.1, IAH: 1.0, HOU: 1.0, MSP: 1.1, RNO: 1.0,
  PWM: 1.25, BTV: 1.15, SJU: 1.3, CUN: 1.25, SJD: 1.5, PVR: 1.05, MBJ: 1.3, PUJ: 1.2,
  ELP: 0.75, TUL: 0.78, OKC: 0.8, LIT: 0.78, FAR: 0.78, FSD: 0.8, CID: 0.78, DSM: 0.82, GRB: 0.8, FNT: 0.7,
  MEM: 0.82, XNA: 0.85, CRP: 0.8, BQN: 0.85, PSE: 0.8, GUA: 0.7, SAL: 0.68, SAP: 0.62, SDQ: 0.75, STI: 0.65,
  POP: 0.8, SJO: 0.85, POS: 0.9, TTN: 0.9, MDT: 0.85, SYR: 0.85, BUF: 0.85, TYS: 0.85, GEG: 0.85, BOI: 0.95,
  MSO: 1.0, CVG: 0.9, CMH: 0.9, IND: 0.9, CLE: 0.88, DTW: 0.95, PIT: 0.95, STL: 0.92, MCI: 0.92, OMA: 0.88,
  MKE: 0.95, MSN: 0.95, GRR: 0.9, ORF: 0.95, RIC: 0.95, RDU: 1.0, CLT: 1.05, JAX: 0.95, PNS: 1.0, MYR: 0.95,
  SAT: 0.95, TUS: 0.95, ONT: 1.05, SMF: 1.05, ISP: 1.2, BDL: 1.0,
};

export function costLevel(code: string): number {
  return LEVELS[code] ?? 1;
}
