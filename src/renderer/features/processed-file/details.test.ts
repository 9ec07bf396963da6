import { ServerError, CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { fetchDocumentNotifications, notificationsUrl } from './api';
import { choicesFor, conflictRows, showValue } from './conflicts';
import { base64ToBytes, isUnreachable, readCachedDocument } from './offline';
import { describeResplit } from './resplit';
import { groupTypesByFolder, swatchColour } from './typeGroups';
import { currentPage, fitWidthScale, layoutPages, stepZoom, visiblePages } from './viewerLayout';

const bundle = [
  { id: 'pr2', name: 'PR-2', start: 1, end: 2 },
  { id: 'pos', name: 'Proof of service', start: 6, end: 6 },
];

describe('re-split confirmation', () => {
  it('given the last page moved into the next document, then that document gives it up', () => {
    expect(describeResplit({ start: 3, end: 5 }, { start: 3, end: 6 }, bundle)).toEqual([
      'Page 6 moves here from “Proof of service”.',
      '“Proof of service” is left without pages and is removed.',
    ]);
  });

  it('given the first pages given up, then the adjacent previous document takes them', () => {
    expect(describeResplit({ start: 3, end: 5 }, { start: 5, end: 5 }, bundle)).toEqual([
      'Pages 3–4 move to “PR-2”.',
    ]);
  });

  it('given pages given up with no neighbour on that side, then they become a new document', () => {
    expect(describeResplit({ start: 3, end: 5 }, { start: 3, end: 4 }, [])).toEqual([
      'Page 5 leaves this document and becomes a new document.',
    ]);
  });

  it('given growing over pages in no document, then they join; the same range says nothing', () => {
    expect(describeResplit({ start: 3, end: 4 }, { start: 3, end: 5 }, bundle)).toEqual([
      'Page 5, in no document now, joins this one.',
    ]);
    expect(describeResplit({ start: 3, end: 5 }, { start: 3, end: 5 }, bundle)).toEqual([]);
  });
});

describe('conflicts', () => {
  const conflicts = [
    {
      field: 'adj_number',
      base_value: '["ADJ1"]',
      server_value: '["ADJ1","ADJ2"]',
      your_value: '["ADJ3"]',
    },
    { field: 'legal_file_type_id', base_value: 'null', server_value: '"t1"', your_value: '"t2"' },
  ];

  it('given JSON-encoded values, then they read as text with ids named', () => {
    expect(conflictRows(conflicts, { t1: 'Medical — QME', t2: 'Medical — PR-2' })).toEqual([
      {
        field: 'adj_number',
        label: 'ADJ numbers',
        mine: 'ADJ3',
        server: 'ADJ1, ADJ2',
        base: 'ADJ1',
      },
      {
        field: 'legal_file_type_id',
        label: 'Document type',
        mine: 'Medical — PR-2',
        server: 'Medical — QME',
        base: '—',
      },
    ]);
    expect(showValue(null)).toBe('—');
    expect(showValue('[]')).toBe('—');
    expect(showValue('3')).toBe('3');
  });

  it('given one field picked, then every field gets a choice and unpicked ones keep mine', () => {
    expect(choicesFor(conflicts, { legal_file_type_id: 'server' })).toEqual({
      adj_number: 'mine',
      legal_file_type_id: 'server',
    });
  });
});

describe('offline copy', () => {
  it('given a fetch that never reached the server, then it counts as unreachable; a GraphQL error does not', () => {
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(
      isUnreachable(
        new ServerError(new Error('bad gateway') as never, {
          response: new Response('', { status: 502 }),
          bodyText: '',
        }),
      ),
    ).toBe(true);
    expect(isUnreachable(new CombinedGraphQLErrors({ errors: [{ message: 'Not found.' }] }))).toBe(
      false,
    );
    expect(isUnreachable(null)).toBe(false);
  });

  it('given a queue row cached with fewer fields, then it reads as a document with the rest empty', () => {
    const doc = readCachedDocument({
      id: 'd1',
      name: 'QME',
      url: 'http://s/files/k',
      company_id: 'c1',
      version: 3,
      legal_raw_file_id: 'r1',
      start_page_no: 3,
      end_page_no: 5,
      adj_number: ['ADJ1'],
      recommended_cases: [{ case_id: 'k1', score: 0.9, reasons: ['adj_number'] }],
      __typename: 'ProcessedFile',
    });
    expect(doc).toMatchObject({
      id: 'd1',
      version: 3,
      adj_number: ['ADJ1'],
      claim_number: [],
      extracted_data: [],
      is_deleted: false,
      recommended_cases: [{ case_id: 'k1', case: null }],
    });
    expect(readCachedDocument({ id: 'd1' })).toBeNull();
    expect(readCachedDocument(null)).toBeNull();
  });

  it('given base64 text, then the bytes come back', () => {
    expect([...base64ToBytes(btoa('%PDF-1.7'))]).toEqual([...new TextEncoder().encode('%PDF-1.7')]);
  });
});

describe('pdf viewer geometry', () => {
  const sizes = [
    { width: 612, height: 792 },
    { width: 612, height: 792 },
    { width: 792, height: 612 },
  ];

  it('given three pages at 50%, then they stack with gaps and the visible ones are found', () => {
    const layout = layoutPages(sizes, 0.5, 10);
    expect(layout.tops).toEqual([10, 416, 822]);
    expect(layout.heights).toEqual([396, 396, 306]);
    expect(layout.total).toBe(1138);
    expect(visiblePages(layout, 0, 300)).toEqual({ first: 1, last: 1 });
    expect(visiblePages(layout, 500, 400)).toEqual({ first: 2, last: 3 });
    expect(visiblePages(layout, 0, 300, 300)).toEqual({ first: 1, last: 2 });
    expect(visiblePages(layoutPages([], 1), 0, 300)).toBeNull();
  });

  it('given a scroll position, then the page a third down the view is the current one', () => {
    const layout = layoutPages(sizes, 0.5, 10);
    expect(currentPage(layout, 0, 600)).toBe(1);
    expect(currentPage(layout, 300, 600)).toBe(2);
    expect(currentPage(layout, 1000, 600)).toBe(3);
  });

  it('given the width, then fit-width scales the widest page to it; zoom steps stay in range', () => {
    expect(fitWidthScale(sizes, 396)).toBe(0.5);
    expect(fitWidthScale([], 400)).toBe(1);
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(1.05, -1)).toBe(1);
    expect(stepZoom(3, 1)).toBe(3);
    expect(stepZoom(0.5, -1)).toBe(0.5);
  });
});

describe('document types', () => {
  const folder = (id: string, name: string, hex: string) => ({ id, name, hex_code: hex });
  const medical = folder('f1', 'Medical', '#2D72D2');
  const legal = folder('f2', 'Legal', 'zzz');
  const types = [
    { id: 't1', name: 'QME Report', company_id: 'c', legal_document_folder: medical },
    { id: 't2', name: 'PR-2', company_id: 'c', legal_document_folder: medical },
    { id: 't3', name: 'Proof of Service', company_id: 'c', legal_document_folder: legal },
  ];

  it('given types of two folders, then folders and types come in name order, filtered by either', () => {
    expect(
      groupTypesByFolder(types).map((g) => [g.folder.name, g.types.map((t) => t.name)]),
    ).toEqual([
      ['Legal', ['Proof of Service']],
      ['Medical', ['PR-2', 'QME Report']],
    ]);
    expect(groupTypesByFolder(types, 'qme').map((g) => g.types.map((t) => t.id))).toEqual([['t1']]);
    expect(groupTypesByFolder(types, 'medical')).toHaveLength(1);
  });

  it('given folder colours, then only real hex colours are painted', () => {
    expect(swatchColour('#2D72D2')).toBe('#2D72D2');
    expect(swatchColour('abc')).toBe('#abc');
    expect(swatchColour('red; background: url(x)')).toBe('#8f99a8');
    expect(swatchColour(null)).toBe('#8f99a8');
  });
});

describe('notifications of a document (REST)', () => {
  it('given a sort, then the URL carries sortBy and orderBy', () => {
    expect(notificationsUrl('http://s/', 'a b', { sortBy: 'created_at', orderBy: 'asc' })).toBe(
      'http://s/raw-files/processed-files-notifications/a%20b?sortBy=created_at&orderBy=asc',
    );
  });

  it('given a refusal with a catalogue code, then its message is the error', async () => {
    const fetchFn = (async () =>
      new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found.' } }), {
        status: 404,
      })) as unknown as typeof fetch;
    await expect(
      fetchDocumentNotifications({
        serverUrl: 's',
        token: 't',
        id: 'd',
        sort: { sortBy: 'created_at', orderBy: 'desc' },
        fetchFn,
      }),
    ).rejects.toThrow('Not found.');
  });
});
