import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/*
 * Replies go out through their route's zod schema, converted once at start-up to JSON Schema
 * and compiled by fast-json-stringify (Fastify's own serializer): it writes only the fields
 * the schema names and is faster than JSON.stringify. Parsing each answer with zod before
 * writing it would check more and cost more on every request; the test servers do that
 * instead (checkReply below), so the suites prove the schemas right without the server
 * paying for it.
 */

type JsonSchema = Record<string, unknown>;
const isSchema = (value: unknown): value is JsonSchema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * fast-json-stringify picks an anyOf branch by validating the value with ajv on every answer;
 * a nullable field written as a type list costs a typeof instead. A union of strings (a
 * template-literal combo) serializes as a string whatever its branch.
 */
function collapseUnion(branches: JsonSchema[]): JsonSchema | null {
  const nullable = branches.some((b) => b.type === 'null');
  const rest = branches.filter((b) => b.type !== 'null');
  const types = new Set(
    rest.map((b) => (b.anyOf === undefined && typeof b.type === 'string' ? b.type : '?')),
  );
  if (types.size !== 1 || types.has('?')) return null;
  // Branches with fields of their own stay a union: one bare `{ type: 'object' }` writes `{}`.
  if (rest.length > 1 && (types.has('object') || types.has('array'))) return null;
  const [type] = [...types] as [string];
  const base = rest.length === 1 ? rest[0]! : { type };
  return nullable ? { ...base, type: [type, 'null'] } : base;
}

/**
 * fast-json-stringify drops unnamed fields by itself; `additionalProperties: false` would only
 * make it refuse an answer whose union branch carries one (it picks branches by validation).
 */
function forSerializer(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializer);
  if (!isSchema(node)) return node;
  let schema: JsonSchema = node;
  if (Array.isArray(schema.anyOf) && schema.anyOf.every(isSchema)) {
    const { anyOf, ...others } = schema;
    const collapsed = collapseUnion(
      (anyOf as JsonSchema[]).map((b) => forSerializer(b) as JsonSchema),
    );
    if (collapsed) schema = { ...others, ...collapsed };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue;
    if (key === '$schema') continue;
    out[key] =
      key === 'properties' && isSchema(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forSerializer(v)]))
        : forSerializer(value);
  }
  return out;
}

const serializers = new WeakMap<z.ZodType, (data: unknown) => string>();

/** One compiled serializer per schema, shared by the routes that answer with it. */
export function replySerializer(schema: z.ZodType): (data: unknown) => string {
  let serialize = serializers.get(schema);
  if (!serialize) {
    const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
    serialize = fastJson(forSerializer(jsonSchema) as Parameters<typeof fastJson>[0]);
    serializers.set(schema, serialize);
  }
  return serialize;
}

/** A route's response schema as Fastify hands it to a serializer compiler (it may wrap it). */
export function unwrapReplySchema(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof z.ZodType) return inner;
  throw new Error('a route response schema must be a zod schema');
}

/** The first field of `raw` its parsed copy lost: a field the schema does not name. */
function extraField(raw: unknown, parsed: unknown, path: string): string | null {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    for (let i = 0; i < raw.length; i++) {
      const found = extraField(raw[i], parsed[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (raw === null || typeof raw !== 'object' || parsed === null || typeof parsed !== 'object')
    return null;
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const where = path ? `${path}.${key}` : key;
    if (!(key in parsed)) return where;
    const found = extraField(value, (parsed as Record<string, unknown>)[key], where);
    if (found) return found;
  }
  return null;
}

/**
 * Why `payload` is not exactly a value of the reply schema (a missing or mistyped field, or
 * one the schema does not name), or null when it is. The serializer would silently coerce or
 * drop these; the test servers turn them into failures.
 */
export function checkReply(schema: z.ZodType, payload: unknown): string | null {
  const result = schema.safeParse(payload);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return `${issue.path.join('.') || '(the answer)'}: ${issue.message}`;
  }
  const extra = extraField(payload, result.data, '');
  return extra ? `${extra}: not in the reply schema` : null;
}
