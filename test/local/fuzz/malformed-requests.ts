import fc from 'fast-check';
import type { RouteInputSchemas } from '../../../functions/lib/http';
import type { RouteDefinition } from '../../../functions/shared/routes';
import { arbitraryFor } from './zod-arbitrary';

/** One attack on a route: what goes on the wire (path with its parameters filled in, query, headers, body). */
export interface FuzzRequest {
  path: string;
  rawQueryString: string;
  contentType: string | undefined;
  extraHeaders: Record<string, string>;
  body: Buffer;
  /** Which generator produced the body, for the failure report. */
  kind: string;
}

const BAD_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '}',
  'undefined',
  'NaN',
  'Infinity',
  "{'single':'quotes'}",
  '{"trailing":1,}',
  '{"a":1}{"b":2}',
  '{"a" 1}',
  '\u0000',
  '\ufeff{"bom":true}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":+1}',
  '<xml/>',
  '--boundary\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--boundary--',
  'a=1&b=2',
];

const HUGE_NUMBERS = [
  '1e400',
  '-1e400',
  '1.7976931348623157e309',
  '123456789012345678901234567890',
  '-0',
  '5e-324',
  '9007199254740993',
  '0.1e-999999',
];

const PROTO_BODIES = [
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"toString":"x","valueOf":1,"hasOwnProperty":null}',
];

const CONTENT_TYPES = [
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data; boundary=boundary',
  'image/png',
  '',
  '*/*',
];

const NASTY_STRINGS = [
  '',
  ' ',
  '..',
  '../../etc/passwd',
  '/',
  '%',
  '%00',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '${jndi:ldap://x}',
  '{{7*7}}',
  'USER#someone-else',
  'PROFILE',
  '🏔️🚴‍♀️🧗🏽',
  'ﷺ𒐫‮',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'null',
  'true',
  '-1',
  '1e400',
];

/** encodeURIComponent, except that lone surrogates go out as the bytes UTF-8 gives them instead of throwing. */
function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.!~*'()]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const unicodeString = (maxLength = 64) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.constantFrom(...NASTY_STRINGS),
  );

/** A string big enough to matter: around and over the 64 KB body limit, or just long for a field. */
const hugeString = fc.oneof(
  fc.integer({ min: 1_000, max: 10_000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 60_000, max: 140_000 }).map((n) => 'é'.repeat(Math.floor(n / 2))),
);

const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 30_000 }), fc.constantFrom('array', 'object', 'unclosed'))
  .map(([depth, shape]) =>
    shape === 'array'
      ? '['.repeat(depth) + ']'.repeat(depth)
      : shape === 'object'
        ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
        : '['.repeat(depth),
  );

/** Any JSON value: wrong types for every field of every route. */
const anyJson = fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value));

/** A near-valid body with one thing wrong (or an unknown field, or a hostile value in a right one). */
function mutatedBody(schema: RouteInputSchemas['body']): fc.Arbitrary<string> | undefined {
  if (!schema) return undefined;
  const base = arbitraryFor(schema);
  const hostile = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    unicodeString(),
    hugeString,
    fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.5, [], {}, [[[[]]]]),
  );
  return fc
    .tuple(
      base,
      fc.nat(),
      hostile,
      fc.constantFrom('drop', 'replace', 'extra', 'wrap', 'as-is', 'proto'),
      unicodeString(24),
    )
    .map(([value, index, bad, how, extraKey]) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        // An optional body's value may be undefined, which JSON.stringify leaves undefined: sent as no body.
        return JSON.stringify(how === 'wrap' ? [value] : how === 'as-is' ? value : bad) ?? '';
      const record = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(record);
      const key = keys.length ? keys[index % keys.length]! : undefined;
      if (how === 'drop' && key) delete record[key];
      else if (how === 'replace' && key) record[key] = bad;
      else if (how === 'extra') record[extraKey || 'extra'] = bad;
      else if (how === 'wrap') return JSON.stringify([record]);
      else if (how === 'proto') return JSON.stringify(record).replace(/^\{/, '{"__proto__":{"polluted":true},');
      return JSON.stringify(record);
    });
}

type WeightedBody = { kind: string; weight: number; arbitrary: fc.Arbitrary<{ kind: string; body: Buffer }> };

/** Every kind of malformed body the fuzzer sends a route, each with its share of the mix. */
function bodyGenerators(schemas: RouteInputSchemas | undefined): WeightedBody[] {
  const text = (kind: string, arbitrary: fc.Arbitrary<string>, weight: number): WeightedBody => ({
    kind,
    weight,
    arbitrary: arbitrary.map((body) => ({ kind, body: Buffer.from(body, 'utf8') })),
  });
  const mutated = mutatedBody(schemas?.body);
  return [
    text('empty', fc.constant(''), 1),
    text('bad-json', fc.oneof(fc.constantFrom(...BAD_JSON), fc.string({ maxLength: 200 })), 3),
    text('wrong-types', anyJson, 3),
    text('deep-nesting', deepNesting, 1),
    text(
      'huge-string',
      hugeString.map((s) => JSON.stringify({ value: s, [s.slice(0, 2000)]: 1 })),
      1,
    ),
    text(
      'unicode',
      fc.dictionary(unicodeString(32), unicodeString()).map((o) => JSON.stringify(o)),
      2,
    ),
    text('lone-surrogates', fc.constantFrom('{"a":"\\ud800"}', '{"\\udfff":1}', '["\\ud83d"]', '"\\ud800\\ud800"'), 1),
    text(
      'huge-numbers',
      fc.constantFrom(...HUGE_NUMBERS).map((n) => `{"value":${n},"n":${n}}`),
      1,
    ),
    text('prototype', fc.constantFrom(...PROTO_BODIES), 1),
    {
      kind: 'binary',
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 512 }).map((bytes) => ({ kind: 'binary', body: Buffer.from(bytes) })),
    },
    ...(mutated ? [text('mutated-valid', mutated, 8)] : []),
  ];
}

/** The kinds of malformed body a route with these schemas is sent (`mutated-valid` only where it declares a body). */
export function bodyKinds(schemas: RouteInputSchemas | undefined): string[] {
  return bodyGenerators(schemas).map((generator) => generator.kind);
}

function pathValue(param: string, schemas: RouteInputSchemas | undefined): fc.Arbitrary<string> {
  const declared = schemas?.path
    ? (schemas.path as unknown as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def.shape?.[param]
    : undefined;
  const nearValid = declared ? [arbitraryFor(declared as Parameters<typeof arbitraryFor>[0]).map(String)] : [];
  // API Gateway never routes an empty segment, so every value here is at least one character.
  return fc
    .oneof(
      unicodeString(),
      fc.integer({ min: 200, max: 3000 }).map((n) => 'p'.repeat(n)),
      ...nearValid,
    )
    .filter((value) => value.length > 0);
}

function queryStrings(schemas: RouteInputSchemas | undefined): fc.Arbitrary<string> {
  const declared = schemas?.query ? arbitraryFor(schemas.query) : undefined;
  const encode = (record: Record<string, unknown>) =>
    Object.entries(record)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
      .join('&');
  const mutatedQuery = declared
    ? [
        fc
          .tuple(declared, fc.dictionary(unicodeString(16), unicodeString(), { maxKeys: 3 }), fc.boolean())
          .map(([value, extra, drop]) => {
            const record = {
              ...(typeof value === 'object' && value ? (value as Record<string, unknown>) : {}),
              ...extra,
            };
            if (drop) delete record[Object.keys(record)[0] ?? ''];
            return encode(record);
          }),
      ]
    : [];
  return fc.oneof(
    fc.constant(''),
    fc.dictionary(unicodeString(16), unicodeString(), { maxKeys: 5 }).map(encode),
    fc.constantFrom(
      '%',
      '%%%',
      'a=%E0%A4%A',
      '&&&=&=',
      '=',
      'a=1&a=2&a=3',
      'a[]=1&a[b]=2',
      '__proto__=1&constructor=2',
      'limit=-1&cursor=%00',
    ),
    fc.integer({ min: 1_000, max: 20_000 }).map((n) => `q=${'x'.repeat(n)}`),
    fc.string({ maxLength: 80 }),
    ...mutatedQuery,
  );
}

/**
 * Malformed requests for one route: bad bodies, content types, path parameters and query strings. With `bodyKind`,
 * only bodies of that kind (see bodyKinds), so a run can give every kind its share however small the budget.
 */
export function malformedRequests(
  route: RouteDefinition,
  schemas: RouteInputSchemas | undefined,
  bodyKind?: string,
): fc.Arbitrary<FuzzRequest> {
  const generators = bodyGenerators(schemas).filter((generator) => !bodyKind || generator.kind === bodyKind);
  if (generators.length === 0) throw new Error(`no body kind ${bodyKind} for ${route.id}`);
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const pathArb = fc.tuple(...params.map((param) => pathValue(param, schemas))).map((values) => {
    let path: string = route.path;
    params.forEach((param, i) => (path = path.replace(`{${param}}`, percentEncode(values[i]!))));
    return path;
  });
  return fc
    .record({
      path: params.length ? pathArb : fc.constant(route.path),
      rawQueryString: queryStrings(schemas),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      extraHeaders: fc.dictionary(
        fc.constantFrom('x-forwarded-for', 'origin', 'x-amz-date', 'cookie', 'user-agent', 'accept'),
        unicodeString(),
        { maxKeys: 2 },
      ),
      kindAndBody: fc.oneof(...generators),
    })
    .map(({ kindAndBody, ...rest }) => ({ ...rest, kind: kindAndBody.kind, body: kindAndBody.body }));
}
