/**
 * Broken request bodies and headers beyond JSON values: bad JSON, wrong content types, bad
 * multipart bodies, odd query strings and path segments, malformed Authorization and tus headers.
 * Each returns the kind of breakage it made, for the report.
 */
import type { Rng } from './prng';

export interface Variant<T> {
  kind: string;
  value: T;
}

const pickVariant = <T>(rng: Rng, variants: Record<string, () => T>): Variant<T> => {
  const kind = rng.pick(Object.keys(variants));
  return { kind, value: variants[kind]!() };
};

/** A lone surrogate written as a careless encoder would: its three (invalid) UTF-8 bytes. */
export const LONE_SURROGATE_BYTES = Buffer.from([0xed, 0xa0, 0x80]);

/** A JSON body that does not parse (or parses into something odd) for a valid `json` text. */
export function badJson(json: string, rng: Rng): Variant<Buffer> {
  return pickVariant(rng, {
    truncated: () => Buffer.from(json.slice(0, Math.max(1, Math.floor(json.length / 2)))),
    'trailing-garbage': () => Buffer.from(`${json}}}]`),
    empty: () => Buffer.alloc(0),
    'single-quotes': () => Buffer.from(json.replaceAll('"', "'")),
    'nan-literal': () => Buffer.from('{"page": NaN, "limit": Infinity}'),
    bom: () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json)]),
    'invalid-utf8': () =>
      Buffer.concat([
        Buffer.from(json.slice(0, -2)),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from('"}'),
      ]),
    'surrogate-bytes': () =>
      Buffer.concat([Buffer.from('{"name":"'), LONE_SURROGATE_BYTES, Buffer.from('"}')]),
    'duplicate-keys': () => Buffer.from(json.replace(/^\{/, '{"__proto__":{"x":1},"a":1,"a":2,')),
    'deep-json': () => Buffer.from(`${'['.repeat(100_000)}${']'.repeat(100_000)}`),
    'big-number': () => Buffer.from(`{"page": 1${'0'.repeat(400)}, "size": -0}`),
  });
}

/** JSON text sent as is (too deep for JSON.stringify to write). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A well-formed JSON value of the wrong shape for the body root. */
export function wrongRoot(rng: Rng): Variant<unknown> {
  return pickVariant<unknown>(rng, {
    array: () => [{}],
    string: () => 'body',
    number: () => 2147483648,
    null: () => null,
    boolean: () => true,
    'deep-nesting': () => new RawJson(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`),
    'huge-array': () => Array.from({ length: 50_000 }, () => ({})),
  });
}

export const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/json;;;',
  'application/octet-stream',
  'text/csv',
  '*/*',
  'application/json, text/plain',
];

export interface Part {
  name?: string;
  filename?: Buffer | string;
  contentType?: string;
  data: Buffer;
  rawHeaders?: string;
}

export function multipartBody(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (part.rawHeaders !== undefined) chunks.push(Buffer.from(part.rawHeaders));
    else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name ?? 'file'}"`));
      if (part.filename !== undefined)
        chunks.push(Buffer.from('; filename="'), Buffer.from(part.filename), Buffer.from('"'));
      chunks.push(
        Buffer.from(`\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`),
      );
    }
    chunks.push(Buffer.from('\r\n\r\n'), part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export interface MultipartRequest {
  headers: Record<string, string>;
  body: Buffer;
}

/** A multipart upload of `bytes` as `filename`, well-formed or broken. */
export function multipart(
  bytes: Buffer,
  filename: string,
  rng: Rng,
  broken: boolean,
): Variant<MultipartRequest> {
  const boundary = `fuzz${rng.int(1e5, 1e6)}`;
  const ok = (parts: Part[], type = `multipart/form-data; boundary=${boundary}`) => ({
    headers: { 'content-type': type },
    body: multipartBody(parts, boundary),
  });
  const file = (name: Buffer | string, data = bytes): Part => ({
    name: 'file',
    filename: name,
    data,
  });
  if (!broken) return { kind: '-', value: ok([file(filename)]) };
  return pickVariant(rng, {
    'no-boundary': () => ok([file(filename)], 'multipart/form-data'),
    'boundary-mismatch': () => ok([file(filename)], 'multipart/form-data; boundary=other'),
    truncated: () => {
      const full = ok([file(filename)]);
      return { ...full, body: full.body.subarray(0, Math.floor(full.body.length / 2)) };
    },
    'no-file': () => ok([{ name: 'note', data: Buffer.from('hello') }]),
    'wrong-field': () => ok([{ ...file(filename), name: 'upload' }]),
    'two-files': () => ok([file(filename), file(`2${filename}`)]),
    'empty-file': () => ok([file(filename, Buffer.alloc(0))]),
    'filename-nul': () => ok([file(`a\u0000${filename}`)]),
    'filename-surrogate': () =>
      ok([file(Buffer.concat([Buffer.from('a'), LONE_SURROGATE_BYTES, Buffer.from(filename)]))]),
    'filename-huge': () => ok([file(`${'n'.repeat(100_000)}${filename}`)]),
    'filename-empty': () => ok([file('')]),
    'filename-traversal': () => ok([file(`../../../etc/${filename}`)]),
    'filename-star': () =>
      ok([
        {
          ...file(filename),
          rawHeaders: `Content-Disposition: form-data; name="file"; filename*=UTF-8''%ED%A0%80%00.pdf\r\nContent-Type: application/pdf`,
        },
      ]),
    'bad-bytes': () => ok([file(filename, Buffer.from('%PDF-1.4\n\x7fELF garbage'))]),
    'many-fields': () =>
      ok([
        ...Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') })),
        file(filename),
      ]),
    'no-disposition': () => ok([{ data: bytes, rawHeaders: 'Content-Type: application/pdf' }]),
    'json-instead': () => ({
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"file":"x"}'),
    }),
  });
}

/** Query-string oddities, appended to a well-formed query string. */
export function oddQuery(rng: Rng): Variant<string> {
  return pickVariant(rng, {
    'repeated-key': () => 'company_id=a&company_id=b&companyId=a&companyId=b&page=1&page=2',
    brackets: () => 'companyIds[]=x&filters[a][b]=c&page[$gt]=1',
    'no-name': () => '=x&&&=',
    'bad-percent': () => 'q=%zz&searchQuery=%&x=%E0%A4%A',
    'surrogate-bytes': () => 'searchQuery=%ED%A0%80&company_id=%ED%A0%80&id=%ED%A0%80',
    nul: () => 'searchQuery=%00&company_id=%00&companyId=%00&id=%00&rawFileId=%00',
    'huge-query': () => `searchQuery=${'q'.repeat(12_000)}`,
    'proto-keys': () => '__proto__[x]=1&constructor[prototype][y]=1&__proto__=1',
  });
}

/** Path-segment oddities for a route parameter. */
export function oddSegment(rng: Rng): Variant<string> {
  return pickVariant(rng, {
    'encoded-slash': () => 'a%2Fb',
    'dot-dot': () => '%2e%2e',
    nul: () => '%00',
    'surrogate-bytes': () => '%ED%A0%80',
    'bad-percent': () => '%zz%',
    'huge-segment': () => 'a'.repeat(rng.pick([1_000, 20_000])),
    'unicode-segment': () => encodeURIComponent('𝔘ñí'),
    semicolon: () => 'x;y=z',
  });
}

/** Authorization headers that are not a plain bearer token. */
export function badAuthorization(token: string, rng: Rng): Variant<string> {
  return pickVariant(rng, {
    'bearer-empty': () => 'Bearer ',
    'bearer-huge': () => `Bearer ${'a'.repeat(rng.pick([500, 12_000]))}`,
    basic: () => 'Basic Zm9vOmJhcg==',
    'two-tokens': () => `Bearer ${token}, Bearer ${token}`,
    'token-junk': () => `Bearer ${token} junk`,
    'lowercase-short': () => 'bearer abc',
    'latin1-bytes': () => `Bearer ${'\u00ff'.repeat(30)}`,
  });
}
