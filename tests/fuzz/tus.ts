/**
 * tus targets (POST /uploads, HEAD/PATCH/DELETE /uploads/:id): well-formed tus 1.0.0 requests on
 * the fixture's upload, with one header (or the body) broken.
 */
import type { Fixtures } from './fixtures';
import { LONE_SURROGATE_BYTES, oddSegment } from './payloads';
import { seededUuid, type Rng } from './prng';
import type { FuzzCase } from './types';

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64');

const NUMBERS = ['-1', '2147483648', '1e308', 'NaN', '', '9'.repeat(40), '0x10', ' 5', '1.5'];

function metadata(rawFileId: string, rng: Rng): { kind: string; value: string | undefined } {
  const good = `raw_file_id ${b64(rawFileId)},filename ${b64('fuzz.pdf')}`;
  const variants: Record<string, () => string | undefined> = {
    missing: () => undefined,
    'key-only': () => 'raw_file_id',
    'not-base64': () => 'raw_file_id !!!not base64!!!,filename ***',
    'non-uuid': () => `raw_file_id ${b64('not-a-uuid')},filename ${b64('a.pdf')}`,
    'uuid-nul': () => `raw_file_id ${b64(`${rawFileId}\u0000`)},filename ${b64('a.pdf')}`,
    'long-id': () => `raw_file_id ${b64('a'.repeat(5_000))}`,
    'filename-nul': () => `raw_file_id ${b64(rawFileId)},filename ${b64('a\u0000.pdf')}`,
    'filename-surrogate': () =>
      `raw_file_id ${b64(rawFileId)},filename ${b64(Buffer.concat([LONE_SURROGATE_BYTES, Buffer.from('.pdf')]))}`,
    'filename-huge': () => `raw_file_id ${b64(rawFileId)},filename ${b64('f'.repeat(6_000))}`,
    'duplicate-keys': () => `${good},raw_file_id ${b64(seededUuid(rng))}`,
    'separators-only': () => ',,, ,',
    'other-keys': () => `${good},__proto__ ${b64('x')},company_id ${b64('x')}`,
    'missing-uuid': () => `raw_file_id ${b64(seededUuid(rng))},filename ${b64('a.pdf')}`,
  };
  const kind = rng.pick(Object.keys(variants));
  return { kind, value: variants[kind]!() };
}

export function tusCase(target: string, rng: Rng, fixtures: Fixtures): Omit<FuzzCase, 'role'> {
  const method = target.split(' ')[0]!;
  let id = fixtures.pickId('upload', rng);
  const headers: Record<string, string> = { 'tus-resumable': '1.0.0' };
  let body: Buffer | undefined;
  let mutation = 'tus-header';
  let kind = '-';
  let where = '-';
  if (method === 'POST') {
    const rawFileId = fixtures.pickId('rawFile', rng);
    headers['upload-length'] = String(rng.int(1, 4096));
    headers['upload-metadata'] = `raw_file_id ${b64(rawFileId)},filename ${b64('fuzz.pdf')}`;
  } else if (method === 'PATCH') {
    headers['upload-offset'] = '0';
    headers['content-type'] = 'application/offset+octet-stream';
    body = Buffer.from('%PDF-1.4\n');
  }
  const roll = rng.next();
  if (roll < 0.05) mutation = 'valid';
  else if (roll < 0.2) {
    const segment = oddSegment(rng);
    mutation = 'path-segment';
    kind = segment.kind;
    where = ':id';
    id = segment.value;
  } else if (method === 'POST' && roll < 0.55) {
    const meta = metadata(fixtures.pickId('rawFile', rng), rng);
    where = 'upload-metadata';
    kind = meta.kind;
    if (meta.value === undefined) delete headers['upload-metadata'];
    else headers['upload-metadata'] = meta.value;
  } else {
    const names =
      method === 'POST'
        ? [
            'upload-length',
            'tus-resumable',
            'upload-defer-length',
            'upload-concat',
            'x-http-method-override',
            'content-type',
          ]
        : method === 'PATCH'
          ? [
              'upload-offset',
              'content-type',
              'tus-resumable',
              'upload-length',
              'x-http-method-override',
              'body',
            ]
          : ['tus-resumable', 'x-http-method-override'];
    where = rng.pick(names);
    if (where === 'body') {
      kind = rng.pick(['too-long', 'empty']);
      body = kind === 'empty' ? Buffer.alloc(0) : Buffer.alloc(rng.pick([5_000, 2_000_000]), 1);
    } else if (where === 'content-type') {
      kind = rng.pick(['application/json', 'missing', 'application/offset+octet-stream; x=1']);
      if (kind === 'missing') delete headers['content-type'];
      else headers['content-type'] = kind;
      if (method === 'POST') body = Buffer.from('%PDF-1.4\n');
    } else if (where === 'tus-resumable') {
      kind = rng.pick(['missing', '0.2.2', '1.0.0, 1.0.0', '']);
      if (kind === 'missing') delete headers['tus-resumable'];
      else headers['tus-resumable'] = kind;
    } else if (where === 'x-http-method-override') {
      kind = rng.pick(['DELETE', 'PATCH', 'HEAD', 'GET', 'BREW']);
      headers[where] = kind;
    } else if (where === 'upload-concat') {
      kind = rng.pick(['final', 'partial']);
      headers[where] = kind === 'final' ? `final;/uploads/${id} /uploads/x` : 'partial';
    } else {
      kind = rng.pick(NUMBERS);
      headers[where] = kind;
      if (where === 'upload-defer-length' && rng.chance(0.5)) delete headers['upload-length'];
      kind = kind === '' ? 'empty' : kind;
    }
  }
  return {
    target,
    mutation,
    kind,
    where,
    request: {
      method,
      path: method === 'POST' ? '/uploads' : `/uploads/${id}`,
      headers,
      body,
    },
  };
}
