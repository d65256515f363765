/**
 * The accounts module's public face: what other modules may use of accounts (sign-in, users, the search gate and
 * quota). Everything else under modules/accounts/ is internal (decision 047).
 */
export type { Caller, SearchGate, SearchKind, SearchOutcome, SearchTicket } from './entitlements/search-gate';
