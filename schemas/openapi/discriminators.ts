/**
 * OpenAPI discriminators for tagged unions of named schemas (a zod
 * discriminatedUnion of components, such as AuthSessionPoll): client
 * generators turn them into tagged unions instead of trying each member.
 * Derived from the JSON Schemas alone: a oneOf whose members are all
 * component $refs that require one property with a const value.
 */
type Schema = Record<string, unknown>;

const PREFIX = '#/components/schemas/';

function constProperties(schema: Schema | undefined): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const properties = (schema?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema?.required ?? []) as string[]);
  for (const [name, property] of Object.entries(properties)) {
    if (required.has(name) && 'const' in property && typeof property.const === 'string') out.set(name, property.const);
  }
  return out;
}

function discriminatorOf(union: Schema, components: Record<string, Schema>): Schema | undefined {
  const members = union.oneOf;
  if (!Array.isArray(members) || members.length < 2) return undefined;
  const refs = members.map((m) => (m as Schema).$ref);
  if (!refs.every((r): r is string => typeof r === 'string' && r.startsWith(PREFIX))) return undefined;
  const consts = refs.map((r) => constProperties(components[r.slice(PREFIX.length)]));
  for (const name of consts[0].keys()) {
    const values = consts.map((c) => c.get(name));
    if (values.some((v) => v === undefined) || new Set(values).size !== values.length) continue;
    return { propertyName: name, mapping: Object.fromEntries(values.map((v, i) => [v as string, refs[i]])) };
  }
  return undefined;
}

/** Adds `discriminator` to every component that is such a union. */
export function addDiscriminators(components: Record<string, Schema>): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [id, schema] of Object.entries(components)) {
    const discriminator = discriminatorOf(schema, components);
    out[id] = discriminator ? { ...schema, discriminator } : schema;
  }
  return out;
}
