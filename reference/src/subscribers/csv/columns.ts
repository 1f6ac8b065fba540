/**
 * The columns SPEC.md recognises in a subscriber CSV, matched
 * case-insensitively on the trimmed header (only these names: a reference
 * that guessed more would pass files the production service ignores).
 */
import { isValidEmail, isValidWallet } from '../address.js';
import { parseImportDate } from './dates.js';

const EMAIL_COLUMNS = ['email', 'subscriberemail'];
const WALLET_COLUMNS = ['wallet_address'];
const DATE_COLUMNS = ['created_at', 'subscription date', 'created', 'createdat'];

export interface ColumnMap {
  /** Column indexes in priority order (the order of the lists above, then left to right). */
  email: number[];
  wallet: number[];
  date: number[];
}

function indexesOf(header: string[], names: string[]): number[] {
  const normalized = header.map((h) => h.trim().toLowerCase());
  return names.flatMap((name) => normalized.flatMap((h, i) => (h === name ? [i] : [])));
}

/** Null when the header has neither an email nor a wallet column. */
export function mapColumns(header: string[]): ColumnMap | null {
  const map = { email: indexesOf(header, EMAIL_COLUMNS), wallet: indexesOf(header, WALLET_COLUMNS), date: indexesOf(header, DATE_COLUMNS) };
  return map.email.length === 0 && map.wallet.length === 0 ? null : map;
}

export interface ImportRow {
  email: string | null;
  wallet: string | null;
  /** Unix ms from the file, or null when the row has no readable date. */
  createdAt: number | null;
}

function firstValid(record: string[], indexes: number[], valid: (v: string) => boolean): string | null {
  for (const i of indexes) {
    const value = record[i]?.trim();
    if (value && valid(value)) return value;
  }
  return null;
}

/**
 * The subscriber a data row describes, or null when it has neither a valid
 * email nor a valid wallet (SPEC.md: such rows are skipped). A row with a
 * valid email and a malformed wallet (or the reverse) keeps the valid one.
 */
export function rowToSubscriber(record: string[], columns: ColumnMap): ImportRow | null {
  const email = firstValid(record, columns.email, isValidEmail);
  const wallet = firstValid(record, columns.wallet, isValidWallet);
  if (email === null && wallet === null) return null;
  let createdAt: number | null = null;
  for (const i of columns.date) {
    const value = record[i];
    if (value === undefined) continue;
    createdAt = parseImportDate(value);
    if (createdAt !== null) break;
  }
  return { email, wallet, createdAt };
}
