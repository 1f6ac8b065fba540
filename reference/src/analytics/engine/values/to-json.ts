/**
 * PostgreSQL text output -> JSON-safe values, the same for PGlite and for
 * node-postgres (both are asked for raw text, so one mapping serves both).
 *
 * The session runs with TimeZone=UTC, DateStyle=ISO and IntervalStyle=postgres
 * (see ../session-settings.ts), so the texts below are what these produce.
 *
 * | PostgreSQL type             | JSON value                                                    |
 * |-----------------------------|---------------------------------------------------------------|
 * | boolean                     | true / false                                                  |
 * | smallint, integer, oid      | number                                                        |
 * | bigint                      | number when a safe integer (|n| <= 2^53-1), else string       |
 * | numeric                     | number when the integer part is a safe integer, else string;   |
 * |                             | digits beyond double precision are rounded; NaN and            |
 * |                             | +-Infinity are strings                                        |
 * | real, double precision      | number; NaN and +-Infinity are strings                         |
 * | timestamptz                 | "YYYY-MM-DDTHH:mm:ss.sssZ" (milliseconds, like toISOString)    |
 * | timestamp (no zone)         | "YYYY-MM-DDTHH:mm:ss.sss" (no zone designator)                 |
 * | date                        | "YYYY-MM-DD"                                                  |
 * | time, timetz, interval      | PostgreSQL's text ("10:00:00", "1 day 02:00:00")               |
 * | json, jsonb                 | the parsed value                                              |
 * | bytea                       | PostgreSQL's hex text, "\\x0102ff"                             |
 * | arrays                      | JSON arrays (nested for multi-dimensional), elements mapped    |
 * |                             | by their own type                                             |
 * | everything else             | PostgreSQL's text (text, uuid, inet, money, records, ...)      |
 *
 * Out-of-range timestamps (infinity, BC, years past 9999) stay as PostgreSQL
 * writes them, since no ISO form exists for them.
 */
import { parsePgArray, type ArrayText } from './pg-array.js';

export interface PgTypeInfo {
  /** pg_type.typcategory: 'A' array, 'N' numeric, ... */
  category: string;
  /** Element type of an array type (0 otherwise). */
  elem: number;
  delimiter: string;
}

/** pg_type facts by OID, read once from the database (builtin OIDs are fixed). */
export type TypeCatalog = ReadonlyMap<number, PgTypeInfo>;

/** The query that builds a TypeCatalog; rows are [oid, typcategory, typelem, typdelim]. */
export const TYPE_CATALOG_SQL =
  'SELECT oid::int8::text, typcategory::text, typelem::int8::text, typdelim::text FROM pg_catalog.pg_type';

export function buildTypeCatalog(rows: (string | null)[][]): TypeCatalog {
  const map = new Map<number, PgTypeInfo>();
  for (const [oid, category, elem, delimiter] of rows) {
    map.set(Number(oid), { category: category ?? 'X', elem: Number(elem), delimiter: delimiter ?? ',' });
  }
  return map;
}

const OID = {
  bool: 16,
  bytea: 17,
  int8: 20,
  int2: 21,
  int4: 23,
  oid: 26,
  json: 114,
  float4: 700,
  float8: 701,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
  numeric: 1700,
  jsonb: 3802,
} as const;

export function toJsonValue(text: string | null, typeOid: number, types: TypeCatalog): unknown {
  if (text === null) return null;
  switch (typeOid) {
    case OID.bool:
      return text === 't';
    case OID.int2:
    case OID.int4:
    case OID.oid:
      return Number(text);
    case OID.int8:
      return safeIntegerOrText(text);
    case OID.numeric:
      return numericValue(text);
    case OID.float4:
    case OID.float8:
      return Number.isFinite(Number(text)) ? Number(text) : text;
    case OID.json:
    case OID.jsonb:
      return JSON.parse(text);
    case OID.timestamptz:
      return isoTimestamp(text, true);
    case OID.timestamp:
      return isoTimestamp(text, false);
    case OID.date:
    case OID.bytea:
      return text;
  }
  const info = types.get(typeOid);
  if (info?.category === 'A' && info.elem !== 0) {
    return mapArray(parsePgArray(text, info.delimiter), info.elem, types);
  }
  return text;
}

function mapArray(items: ArrayText, elemOid: number, types: TypeCatalog): unknown[] {
  return items.map((item) => (Array.isArray(item) ? mapArray(item, elemOid, types) : toJsonValue(item, elemOid, types)));
}

function safeIntegerOrText(text: string): number | string {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

/** PostgreSQL writes numeric in plain decimal (never an exponent), so its integer part is the digits before the point. */
const NUMERIC_TEXT = /^-?(\d+)(?:\.\d+)?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function numericValue(text: string): number | string {
  const integerPart = NUMERIC_TEXT.exec(text)?.[1];
  // NaN, Infinity, -Infinity, and an integer part past the safe range: as PostgreSQL wrote them.
  if (integerPart === undefined || BigInt(integerPart) > MAX_SAFE) return text;
  return Number(text);
}

// "2024-05-01 12:00:00.123456+00" (timestamptz in UTC) or "2024-05-01 12:00:00" (timestamp).
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(\+00)?$/;

function isoTimestamp(text: string, withZone: boolean): string {
  const m = TIMESTAMP.exec(text);
  if (!m || (withZone && !m[4])) return text;
  const millis = (m[3] ?? '').padEnd(3, '0').slice(0, 3);
  return `${m[1]}T${m[2]}.${millis}${withZone ? 'Z' : ''}`;
}
