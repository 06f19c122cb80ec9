import fc from 'fast-check';

/** The parts of an OpenAPI 3.1 document the hostile-input suite reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema };
type OpenApiOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

export type Operation = {
  key: string;
  method: 'GET' | 'POST';
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
};

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') continue;
      const parameters = operation.parameters ?? [];
      operations.push({
        key: `${upper} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        method: upper,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}])),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

const sqlPayloads = [
  "' OR '1'='1",
  '1; DROP TABLE ticket; --',
  "1' UNION SELECT password_hash FROM app_user --",
  "'); select pg_sleep(5); --",
  '\\x00',
];
const htmlPayloads = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
];
const oddUnicode = [
  '\u202Eevil.exe',
  '\u200B\u200C\u200D\uFEFF',
  'e\u0301\u0301\u0301\u0301',
  '𝕳𝖊𝖑𝖑𝖔 😀👩‍👩‍👧',
  '１２３４５',
  '工单\uD800',
  '\u0000',
  '../../../../etc/passwd',
  '%00',
  '',
  ' ',
];
const hugeString = 'x'.repeat(200_000);

/** Any value a careless or hostile client might put where a field is expected. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    1.5,
    2 ** 31,
    2 ** 53 + 1,
    -1e308,
    1e308,
    '',
    'NaN',
    '2026-13-45',
    '9999-12-31T23:59:59Z',
    hugeString,
    [],
    {},
    { $ne: null },
    ...sqlPayloads,
    ...htmlPayloads,
    ...oddUnicode,
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(fc.integer(), { maxLength: 5 }),
  fc.constant(Array.from({ length: 20_000 }, (_, i) => i)),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** A plausible value for a schema, so that other fields get past validation and the hostile one is judged. */
function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return plausible(variants.find((v) => v.type !== 'null') ?? variants[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    case 'string':
      return schema.format === 'date-time' ? '2026-01-01T00:00:00Z' : schema.format === 'email' ? 'a@b.co' : 'Fuzz';
    default:
      return 'x';
  }
}

/** An object for a body schema with some fields hostile, some missing and perhaps some unknown. */
function hostileObject(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 4 });
  return fc
    .tuple(
      fc.array(fc.constantFrom(...properties.map(([name]) => name)), { maxLength: 3 }),
      fc.array(fc.constantFrom(...properties.map(([name]) => name)), { maxLength: 2 }),
      fc.array(hostileValue, { minLength: 3, maxLength: 3 }),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), hostileValue, { maxKeys: 2 }),
    )
    .map(([hostile, missing, values, unknown]) => {
      const body: Record<string, unknown> = {};
      for (const [name, property] of properties) body[name] = plausible(property);
      hostile.forEach((name, i) => (body[name] = values[i % values.length]));
      for (const name of missing) delete body[name];
      return { ...body, ...unknown };
    });
}

/** Bodies that are not JSON at all, or JSON of the wrong shape. */
const malformedPayload = fc.constantFrom(
  '{',
  '{"a":',
  '[1,2',
  "{'single': 'quotes'}",
  '{"a":1}{"b":2}',
  'null',
  '123',
  '"a string"',
  '[]',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":"\\u0000"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
);

const badIds = fc.constantFrom(
  '0',
  '-1',
  '1.5',
  'abc',
  '99999999999999999999',
  '2147483648',
  "1'%20OR%20'1'='1",
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%E5%B7%A5%E5%8D%95',
  '1e3',
  ' 1',
);

/** Paging and filter values in a query string, hostile or not. */
const hostileQueryValue = fc.oneof(
  fc.constantFrom('-1', '0', '1e9', '99999999999999', 'abc', '', "' OR 1=1 --", '<script>', '%00', 'true', '[]'),
  fc.string({ maxLength: 20 }),
);

export type HostileRequest = { url: string; payload?: string; contentType: string; description: string };

/** One hostile request for an operation: its path parameters, query string and body. */
export function hostileRequest(operation: Operation): fc.Arbitrary<HostileRequest> {
  const params = fc.tuple(...operation.pathParams.map(() => fc.oneof(badIds, fc.constantFrom('1', '2'))));
  const queryNames = Object.keys(operation.query);
  const query =
    queryNames.length === 0
      ? fc.constant<[string, string][]>([])
      : fc.array(fc.tuple(fc.constantFrom(...queryNames, 'unknownParam'), hostileQueryValue), { maxLength: 4 });
  const body: fc.Arbitrary<{ payload?: string; contentType: string; what: string }> =
    operation.method === 'GET'
      ? fc.constant({ contentType: 'application/json', what: 'no body' })
      : fc.oneof(
          {
            weight: 2,
            arbitrary: malformedPayload.map((p) => ({
              payload: p,
              contentType: 'application/json',
              what: `raw ${p.slice(0, 30)}`,
            })),
          },
          {
            weight: 6,
            arbitrary: (operation.body ? hostileObject(operation.body) : hostileValue).map((value) => ({
              payload: JSON.stringify(value),
              contentType: 'application/json',
              what: `json ${JSON.stringify(value).slice(0, 120)}`,
            })),
          },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', what: 'form body' },
              { payload: '<xml/>', contentType: 'text/xml', what: 'xml body' },
              { payload: '{"a":1}', contentType: 'text/plain', what: 'json as text/plain' },
            ),
          },
        );
  return fc.tuple(params, query, body).map(([values, pairs, b]) => {
    let path = operation.path;
    operation.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, values[i] ?? '1')));
    const search = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    const url = search ? `${path}?${search}` : path;
    return { url, payload: b.payload, contentType: b.contentType, description: `${url} ${b.what}` };
  });
}
