import fc from 'fast-check';
import type { ZodType } from 'zod';

/**
 * A fast-check arbitrary of values shaped like a zod (v4) schema: the objects, enums, literals, formats and
 * bounds it declares. Values are meant to be *near*-valid starting points for mutation, not guaranteed to
 * pass every refinement; anything the converter does not understand becomes an arbitrary JSON value.
 */
export function arbitraryFor(schema: ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (key: string) => arbitraryFor(def[key] as ZodType, depth + 1);
  if (depth > 8) return fc.constant(null);
  switch (def.type) {
    case 'string':
      return stringFor(schema as unknown as StringSchema);
    case 'number':
      return numberFor(schema as unknown as NumberSchema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
      return fc.option(inner('innerType'), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'array':
      return fc.array(inner('element'), { maxLength: 4 });
    case 'tuple':
      return fc.tuple(...(def.items as ZodType[]).map((item) => arbitraryFor(item, depth + 1)));
    case 'union':
      return fc.oneof(...(def.options as ZodType[]).map((option) => arbitraryFor(option, depth + 1)));
    case 'intersection':
      return fc
        .tuple(inner('left'), inner('right'))
        .map(([left, right]) => (isPlainObject(left) && isPlainObject(right) ? { ...left, ...right } : left));
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), inner('valueType'), { maxKeys: 4 });
    case 'object': {
      const shape = def.shape as Record<string, ZodType>;
      return fc
        .record(Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, arbitraryFor(value, depth + 1)])))
        .map(dropUndefined);
    }
    case 'pipe':
      return inner('in');
    case 'lazy':
      return arbitraryFor((def.getter as () => ZodType)(), depth + 1);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

interface StringSchema {
  minLength: number | null;
  maxLength: number | null;
  format: string | null;
  _zod: { def: { checks?: { _zod: { def: { check: string; format?: string; pattern?: RegExp } } }[] } };
}

interface NumberSchema {
  minValue: number | null;
  maxValue: number | null;
  isInt: boolean;
}

function stringFor(schema: StringSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'datetime':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    case 'url':
      return fc.webUrl();
    case 'uuid':
    case 'guid':
      return fc.uuid();
  }
  const pattern = schema._zod.def.checks
    ?.map((check) => check._zod.def)
    .find((check) => check.format === 'regex')?.pattern;
  if (pattern) return fc.stringMatching(pattern);
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, minLength + 40));
  return fc.string({ minLength, maxLength });
}

function numberFor(schema: NumberSchema): fc.Arbitrary<number> {
  const min = schema.minValue ?? -1e6;
  const max = schema.maxValue ?? 1e6;
  const [lo, hi] = [Math.max(min, -1e9), Math.min(max, 1e9)];
  if (schema.isInt)
    return fc.integer({
      min: Math.ceil(Math.max(lo, Number.MIN_SAFE_INTEGER)),
      max: Math.floor(Math.min(hi, Number.MAX_SAFE_INTEGER)),
    });
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function dropUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
