import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { DesktopApi } from '../../../shared/ipc/contract';
import type { SaveOutcome } from '../../../shared/ipc/review';
import { createDocumentWrites } from './writes';

const DOC = { id: 'd1', company_id: 'c1' };

/** A client whose server answers every mutation with `answer` and records the operation names. */
function clientAnswering(answer: Record<string, unknown>) {
  const sent: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        sent.push(operation.operationName ?? '');
        observer.next({ data: answer });
        observer.complete();
      }),
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  return { client, sent };
}

function fakeReview(outcome: SaveOutcome) {
  const saves: unknown[] = [];
  const review = {
    save: (request: unknown) => {
      saves.push(request);
      return Promise.resolve(outcome);
    },
  } as unknown as DesktopApi['review'];
  return { review, saves };
}

describe('document writes', () => {
  it('given a document, when marked reviewed, then it goes through the desktop outbox as a markReviewed item with no changes', async () => {
    const { client, sent } = clientAnswering({});
    const { review, saves } = fakeReview({
      status: 'queued',
      outboxId: 'o1',
      document: null,
      conflicts: [],
    });
    const outcome = await createDocumentWrites({ review, client }).markReviewed(DOC);
    expect(outcome.status).toBe('queued');
    expect(saves).toEqual([
      { documentId: 'd1', companyId: 'c1', kind: 'markReviewed', changes: {}, base: {} },
    ]);
    expect(sent).toEqual([]);
  });

  it("given an edit the server saved, when the outbox answers, then Apollo's cached copy of the document takes the server's plain values", async () => {
    const { client } = clientAnswering({});
    client.cache.restore({
      'ProcessedFile:d1': {
        __typename: 'ProcessedFile',
        id: 'd1',
        applicant: 'Old',
        adj_number: [],
        is_exception: true,
      },
    });
    const { review, saves } = fakeReview({
      status: 'saved',
      outboxId: 'o2',
      document: {
        id: 'd1',
        company_id: 'c1',
        version: 2,
        url: '',
        applicant: 'New',
        adj_number: ['ADJ1'],
        is_exception: false,
        legal_case: { id: 'k1' },
      },
      conflicts: [],
    });
    await createDocumentWrites({ review, client }).save(
      DOC,
      { applicant: 'New', adj_number: ['ADJ1'] },
      { applicant: 'Old', adj_number: [] },
    );
    expect(saves).toHaveLength(1);
    const cached = client.cache.extract() as Record<string, unknown>;
    expect(cached['ProcessedFile:d1']).toEqual({
      __typename: 'ProcessedFile',
      id: 'd1',
      applicant: 'New',
      adj_number: ['ADJ1'],
      is_exception: false,
    });
  });

  it('given a delete and a restore, when run, then each is a mutation straight to the server', async () => {
    const state = { id: 'd1', is_deleted: true, deleted_at: null, version: 3 };
    const { client, sent } = clientAnswering({
      deleteProcessedFile: state,
      restoreProcessedFile: { ...state, is_deleted: false },
    });
    const { review, saves } = fakeReview({
      status: 'saved',
      outboxId: 'x',
      document: null,
      conflicts: [],
    });
    const writes = createDocumentWrites({ review, client });
    await writes.remove('d1');
    await writes.restore('d1');
    expect(sent).toEqual(['DeleteProcessedFileFromDetails', 'RestoreProcessedFileFromDetails']);
    expect(saves).toEqual([]);
  });
});
