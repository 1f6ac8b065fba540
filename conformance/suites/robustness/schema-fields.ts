/**
 * What the contract says a body's fields may hold, reduced to what the
 * fuzzer needs: every field path (nested objects included) and the JSON kinds
 * it accepts, so "a value of the wrong type" is wrong by the contract, not
 * by guesswork.
 */
import { resolveSchema, type JsonSchema } from './operations.js';

export type JsonKind = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

export const ALL_KINDS: readonly JsonKind[] = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'];

export interface FieldSlot {
  path: string[];
  /** Kinds the contract accepts here; empty when the schema does not constrain them. */
  kinds: JsonKind[];
}

function kindOfValue(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonKind;
}

/** The kinds a schema accepts (union over anyOf/oneOf; const and enum count by their values). */
export function kindsOf(schemaOrRef: JsonSchema, depth = 0): Set<JsonKind> {
  const schema = resolveSchema(schemaOrRef);
  const kinds = new Set<JsonKind>();
  if (depth > 10) return kinds;
  const type = schema.type;
  for (const t of Array.isArray(type) ? type : type === undefined ? [] : [type]) kinds.add(t as JsonKind);
  if ('const' in schema) kinds.add(kindOfValue(schema.const));
  if (Array.isArray(schema.enum)) for (const value of schema.enum) kinds.add(kindOfValue(value));
  for (const variant of [...asArray(schema.anyOf), ...asArray(schema.oneOf), ...asArray(schema.allOf)]) {
    for (const kind of kindsOf(variant, depth + 1)) kinds.add(kind);
  }
  // An integer is a number too; a number field accepts integers.
  if (kinds.has('number')) kinds.add('integer');
  return kinds;
}

function asArray(value: unknown): JsonSchema[] {
  return Array.isArray(value) ? (value as JsonSchema[]) : [];
}

/** The object variants of a schema (itself, or the object members of its anyOf/oneOf/allOf). */
function objectVariants(schemaOrRef: JsonSchema, depth = 0): JsonSchema[] {
  const schema = resolveSchema(schemaOrRef);
  if (depth > 10) return [];
  const own = schema.properties ? [schema] : [];
  return [
    ...own,
    ...[...asArray(schema.anyOf), ...asArray(schema.oneOf), ...asArray(schema.allOf)].flatMap((v) => objectVariants(v, depth + 1)),
  ];
}

/** Every field path of an object schema, nested objects down to `maxDepth`, with the kinds each accepts. */
export function fieldSlots(schema: JsonSchema, maxDepth = 3, prefix: string[] = []): FieldSlot[] {
  if (prefix.length >= maxDepth) return [];
  const byName = new Map<string, JsonSchema[]>();
  for (const variant of objectVariants(schema)) {
    for (const [name, property] of Object.entries(variant.properties as Record<string, JsonSchema>)) {
      byName.set(name, [...(byName.get(name) ?? []), property]);
    }
  }
  const slots: FieldSlot[] = [];
  for (const [name, variants] of byName) {
    const kinds = new Set<JsonKind>();
    for (const variant of variants) for (const kind of kindsOf(variant)) kinds.add(kind);
    const path = [...prefix, name];
    slots.push({ path, kinds: [...kinds] });
    for (const variant of variants) slots.push(...fieldSlots(variant, maxDepth, path));
  }
  return dedupe(slots);
}

function dedupe(slots: FieldSlot[]): FieldSlot[] {
  const seen = new Map<string, FieldSlot>();
  for (const slot of slots) {
    const key = slot.path.join('.');
    const known = seen.get(key);
    if (!known) seen.set(key, slot);
    else known.kinds = [...new Set([...known.kinds, ...slot.kinds])];
  }
  return [...seen.values()];
}

/** Names of the top-level properties of a body schema (over all its object variants). */
export function propertyNames(schema: JsonSchema): Set<string> {
  return new Set(objectVariants(schema).flatMap((variant) => Object.keys(variant.properties as object)));
}

/** Kinds a slot does not accept: where a value of each makes the request wrong by the contract. */
export function wrongKinds(slot: FieldSlot): JsonKind[] {
  if (slot.kinds.length === 0) return [];
  return ALL_KINDS.filter((kind) => !slot.kinds.includes(kind));
}
