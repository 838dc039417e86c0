import type { Generated } from 'kysely';

/** The tables of a case's parties and the record of reveals (migration 0024; server/cases/parties/). */

export interface CasePartiesTable {
  id: Generated<number>;
  case_id: number;
  /** debtor, coDebtor, guarantor. */
  role: string;
  /** 0 is the main debtor, whose name is the case's `debtor_name`. */
  position: number;
  name: string;
  id_type: string | null;
  /** In full; only the reveal call answers it unmasked. */
  id_number: string | null;
  /** HMAC of the normalised number (server/cases/parties/pii-hash.ts), for the exact search. */
  id_number_hash: string | null;
  employer: string | null;
  created_at: string;
  updated_at: string;
  /**
   * When the retention sweep (server/sweeps/retention.ts) erased its numbers and addresses
   * (migration 0029); from then on `id_number` and its phones' `number` hold the masked forms.
   */
  pii_erased_at: string | null;
}

export interface PartyPhonesTable {
  id: Generated<number>;
  party_id: number;
  case_id: number;
  position: number;
  number: string;
  number_hash: string;
  label: string | null;
  /** valid, vacant, suspended, unknown. */
  status: string;
}

export interface PartyAddressesTable {
  id: Generated<number>;
  party_id: number;
  position: number;
  /** household, residence, work. */
  kind: string;
  text: string;
}

export interface PiiAccessTable {
  id: Generated<number>;
  user_id: number;
  role: string;
  case_id: number;
  party_id: number;
  /** idNumber, phone. */
  field: string;
  phone_id: number | null;
  reason: string;
  note: string | null;
  client_ip: string | null;
  at: string;
}

export interface PiiKeysTable {
  id: number;
  key: string;
}

export interface PartyTables {
  case_parties: CasePartiesTable;
  party_phones: PartyPhonesTable;
  party_addresses: PartyAddressesTable;
  pii_access: PiiAccessTable;
  pii_keys: PiiKeysTable;
}
