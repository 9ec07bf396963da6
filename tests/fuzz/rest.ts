/**
 * REST targets: every route the running server registered (its route table), each from its
 * template (rest-templates.ts) broken one way per case: a value in the path, query or body
 * malformed, missing or extra; the body of the wrong JSON shape, not JSON, of the wrong content
 * type, too large; odd query strings and path segments; bad multipart, CSV and tus requests.
 */
import { FIXTURES } from '../integration/fixtures/files';
import type { Fixtures } from './fixtures';
import { mutateJson, pickJsonMutation, sweepJson, type Sweep } from './mutate';
import {
  badJson,
  CONTENT_TYPES,
  multipart,
  oddQuery,
  oddSegment,
  RawJson,
  wrongRoot,
  type Variant,
} from './payloads';
import type { Rng } from './prng';
import { REST_TEMPLATES, type RestTemplate } from './rest-templates';
import { tusCase } from './tus';
import type { FuzzCase, Target, WireRequest } from './types';
import { urlEncode } from './values';

interface Parts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

function queryString(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const items = Array.isArray(value) ? value : [value];
    for (const item of items)
      pairs.push(
        `${urlEncode(key)}=${item === null ? '' : urlEncode(typeof item === 'string' ? item : JSON.stringify(item))}`,
      );
  }
  return pairs.join('&');
}

function render(route: string, parts: Parts, extraQuery = ''): string {
  const path = route.replace(/:(\w+)/g, (_m, name: string) => urlEncode(parts.params[name] ?? ''));
  const query = [queryString(parts.query), extraQuery].filter(Boolean).join('&');
  return query ? `${path}?${query}` : path;
}

const CSV_VARIANTS: Record<string, () => string | Buffer> = {
  nul: () => 'case_number,name\nFZ-\u00001,Null\n',
  'surrogate-bytes': () =>
    Buffer.concat([
      Buffer.from('case_number,name\nFZ-2,'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('\n'),
    ]),
  'unbalanced-quote': () => 'case_number,name\n"FZ-3,"Open\n',
  'many-rows': () =>
    `case_number,name\n${Array.from({ length: 3_000 }, (_, i) => `FZ-M${i},Row ${i}`).join('\n')}\n`,
  'huge-cell': () => `case_number,name\nFZ-4,${'x'.repeat(200_000)}\n`,
  'bad-dates': () => 'case_number,date_of_injury,date_of_incident\nFZ-5,2024-02-30,13/45/2024\n',
  'no-header': () => 'FZ-6,Fuzz\n',
  'header-only': () => 'case_number,name\n',
  wide: () => `${Array.from({ length: 600 }, (_, i) => `c${i}`).join(',')}\n${'v,'.repeat(599)}v\n`,
  'int-overflow': () => 'case_number,name\n2147483648,9999999999999999999999\n',
  'invalid-utf8': () =>
    Buffer.concat([
      Buffer.from('case_number,name\nFZ-7,'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('\n'),
    ]),
  empty: () => '',
};

const isJsonBody = (template: RestTemplate) => template.body === 'json' || template.body === 'csv';

function build(
  route: string,
  template: RestTemplate,
  rng: Rng,
  fx: Fixtures,
  sweep?: Sweep,
): Omit<FuzzCase, 'role'> {
  const [method, routePath] = route.split(' ') as [string, string];
  const params: Record<string, unknown> = {};
  for (const name of routePath.match(/:(\w+)/g) ?? []) {
    const param = name.slice(1);
    const kind = template.params?.[param];
    const literal = template.literalParams?.[param];
    params[param] =
      literal !== undefined ? literal : kind ? fx.pickId(kind, rng) : fx.pickId('company', rng);
  }
  let parts: Parts = {
    params,
    query: template.query?.(rng, fx) ?? {},
    body: template.json?.(rng, fx),
  };
  const headers: Record<string, string> = {};
  let body: Buffer | undefined;
  let mutation = 'valid';
  let kind = '-';
  let where = '-';
  let extraQuery = '';
  let pathUsed = routePath;
  const take = <T>(name: string, variant: Variant<T>, at: string) => {
    mutation = name;
    kind = variant.kind;
    where = at;
    return variant.value;
  };

  const roll = sweep ? 0 : rng.next();
  if (template.body === 'multipart') {
    const broken = roll >= 0.05 && roll < 0.45;
    const name = template.file === 'png' ? 'logo.png' : 'claim.pdf';
    const bytes = Buffer.from(template.file === 'png' ? FIXTURES.png : FIXTURES.pdf);
    const form = multipart(bytes, name, rng, broken);
    if (broken) take('bad-multipart', form, 'body');
    Object.assign(headers, form.value.headers);
    body = form.value.body;
  } else if (template.body === 'csv') {
    if (roll >= 0.05 && roll < 0.45) {
      const variant = rng.pick(Object.keys(CSV_VARIANTS));
      const csv = take('bad-csv', { kind: variant, value: CSV_VARIANTS[variant]!() }, 'body');
      body = Buffer.from(csv);
    } else body = Buffer.from('case_number,name\nFZ-C1,Fuzz import\n');
    headers['content-type'] = rng.chance(0.8) ? 'text/csv' : 'application/csv';
    if (rng.chance(0.2)) {
      headers['content-type'] = 'application/json';
      body = Buffer.from(JSON.stringify({ csv: body.toString('utf8') }));
    }
  }
  if (sweep) {
    const broken = sweepJson(parts, sweep);
    ({ mutation, kind, where } = broken);
    parts = broken.value as Parts;
  } else if (roll >= 0.05 && mutation === 'valid') {
    const r = rng.next();
    const hasBody = method !== 'GET' && method !== 'DELETE';
    if (r < 0.5) {
      const broken = mutateJson(parts, rng, pickJsonMutation(rng));
      mutation = broken.mutation;
      kind = broken.kind;
      where = broken.where;
      parts = broken.value as Parts;
      parts.params ??= {};
      parts.query ??= {};
    } else if (r < 0.6 && hasBody && isJsonBody(template)) {
      parts.body = take('body-type', wrongRoot(rng), 'body');
    } else if (r < 0.7 && hasBody) {
      headers['content-type'] = 'application/json';
      body = take('bad-json', badJson(JSON.stringify(parts.body ?? { a: 1 }), rng), 'body');
    } else if (r < 0.78 && hasBody) {
      headers['content-type'] = take(
        'content-type',
        { kind: '-', value: rng.pick(CONTENT_TYPES) },
        'content-type',
      );
      kind = headers['content-type'];
      body = Buffer.from(template.body === 'json' ? JSON.stringify(parts.body ?? {}) : 'x=1&y=2');
    } else if (r < 0.82 && hasBody) {
      headers['content-type'] = 'application/json';
      const size = rng.pick([900_000, 1_100_000, 21_000_000]);
      body = take(
        'huge-body',
        { kind: `${size} bytes`, value: Buffer.from(JSON.stringify({ q: 'x'.repeat(size) })) },
        'body',
      );
    } else if (r < 0.9 && Object.keys(params).length > 0) {
      const name = rng.pick(Object.keys(params));
      pathUsed = routePath.replace(`:${name}`, take('path-segment', oddSegment(rng), `:${name}`));
    } else {
      extraQuery = take('odd-query', oddQuery(rng), 'query');
    }
  }
  if (body === undefined && parts.body !== undefined && method !== 'GET') {
    headers['content-type'] ??= 'application/json';
    body = Buffer.from(
      parts.body instanceof RawJson ? parts.body.text : (JSON.stringify(parts.body) ?? 'null'),
    );
  }
  const request: WireRequest = { method, path: render(pathUsed, parts, extraQuery), headers, body };
  return { target: route, mutation, kind, where, request };
}

/** One target per route; `templated` false when the route has no template (generic values). */
export function restTarget(route: string): Target & { templated: boolean } {
  const template = REST_TEMPLATES[route];
  return {
    name: route,
    templated: template !== undefined,
    generate(rng, fixtures, sweep) {
      const role = fixtures.pickRole(rng);
      const made =
        template?.body === 'tus'
          ? tusCase(route, rng, fixtures)
          : build(
              route,
              template ?? { body: 'json', json: () => ({ id: fixtures.pickId('company', rng) }) },
              rng,
              fixtures,
              sweep,
            );
      return { ...made, role };
    },
  };
}
