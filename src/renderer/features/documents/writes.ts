/**
 * Every write the renderer makes to a processed document, one path per action, whatever screen
 * starts it (the details screen, the review queue, the outbox dialog):
 *
 * - edit fields (`save`), mark reviewed (`markReviewed`): the desktop's outbox, bridge
 *   `review:save`, online and offline alike. Without the server the change is kept on this
 *   computer and sent when the server answers again.
 * - keep mine or theirs after a conflict (`resolve`), try a refused change again (`retry`), give
 *   it up (`discard`): the outbox too (`review:resolveConflict`, `review:retry`, `review:discard`).
 * - delete and restore (`remove`, `restore`), correct or add extracted values (`updateExtracted`,
 *   `addExtracted`): an Apollo mutation straight to the server. Without the server they fail;
 *   screens disable them while offline and say why.
 *
 * Why edits and reviews always take the outbox, online too: they are a reviewer's daily work and
 * must go on without a connection; going one way means one document's changes reach the server in
 * the order they were made (an edit queued offline, then "reviewed" online, must not arrive the
 * other way round), every save carries the values the user started from for the server's
 * three-way check, and a lost answer is simply resent. When the server answers, main sends the
 * change at once and the answer is `saved`; otherwise `queued`; a field someone else changed
 * meanwhile makes it `conflict`. Each saved answer also refreshes Apollo's cached copy of the
 * document, so lists read from the cache agree with the server.
 *
 * Why delete, restore and extracted values go straight to the server: a delete offers Undo and
 * must be confirmed before it is shown as done, and extracted values live in their own table that
 * the desktop does not cache; the desktop's outbox holds field edits and reviews only.
 */
import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useMemo } from 'react';
import type { DocumentChange } from '../../../shared/documents';
import type { DesktopApi } from '../../../shared/ipc/contract';
import type { SaveOutcome } from '../../../shared/ipc/review';
import { useServices } from '../../app/services';
import type { ConflictChoice } from '../processed-file/conflicts';
import {
  ADD_EXTRACTED_VALUE_MUTATION,
  DELETE_PROCESSED_FILE_MUTATION,
  RESTORE_PROCESSED_FILE_MUTATION,
  UPDATE_EXTRACTED_VALUE_MUTATION,
  type ExtractedValue,
} from '../processed-file/operations';

/** Which document a write is about. */
export interface DocumentRef {
  id: string;
  company_id: string;
}

export interface DocumentWrites {
  /** New values of some fields, with the values the user started from (`base`). */
  save(
    doc: DocumentRef,
    changes: DocumentChange,
    base: DocumentChange,
    preview?: Record<string, unknown>,
  ): Promise<SaveOutcome>;
  markReviewed(doc: DocumentRef): Promise<SaveOutcome>;
  resolve(outboxId: string, choices: Record<string, ConflictChoice>): Promise<SaveOutcome>;
  retry(outboxId: string): Promise<boolean>;
  discard(outboxId: string): Promise<boolean>;
  remove(id: string): Promise<void>;
  restore(id: string): Promise<void>;
  updateExtracted(
    id: string,
    patch: { extracted_value?: string | null; is_saved_in_crm?: boolean },
  ): Promise<void>;
  addExtracted(
    documentId: string,
    values: Array<{ data_field: string; extracted_value: string | null }>,
  ): Promise<ExtractedValue[]>;
}

type Scalar = string | number | boolean | null;
const isScalar = (value: unknown): value is Scalar =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * Puts the server's copy of a document (an outbox answer) into Apollo's cached ProcessedFile:
 * only fields the cache already holds, only plain values (nested objects are left to queries).
 */
export function refreshCachedDocument(client: ApolloClient, document: unknown): void {
  if (!document || typeof document !== 'object') return;
  const record = document as Record<string, unknown>;
  if (typeof record.id !== 'string') return;
  const id = client.cache.identify({ __typename: 'ProcessedFile', id: record.id });
  if (!id) return;
  const fields: Record<string, () => unknown> = {};
  for (const [field, value] of Object.entries(record)) {
    const plain = isScalar(value) || (Array.isArray(value) && value.every(isScalar));
    if (plain && field !== 'id') fields[field] = () => value;
  }
  client.cache.modify({ id, fields });
}

export function createDocumentWrites(deps: {
  review: DesktopApi['review'];
  client: ApolloClient;
}): DocumentWrites {
  const { review, client } = deps;
  const settled = (outcome: SaveOutcome): SaveOutcome => {
    if (outcome.status === 'saved') refreshCachedDocument(client, outcome.document);
    return outcome;
  };
  return {
    async save(doc, changes, base, preview) {
      const request = { documentId: doc.id, companyId: doc.company_id, kind: 'update' as const };
      return settled(
        await review.save({ ...request, changes, base, ...(preview ? { preview } : {}) }),
      );
    },
    async markReviewed(doc) {
      return settled(
        await review.save({
          documentId: doc.id,
          companyId: doc.company_id,
          kind: 'markReviewed',
          changes: {},
          base: {},
        }),
      );
    },
    async resolve(outboxId, choices) {
      return settled(await review.resolveConflict({ outboxId, choices }));
    },
    async retry(outboxId) {
      return (await review.retry({ outboxId })).changed;
    },
    async discard(outboxId) {
      return (await review.discard({ outboxId })).changed;
    },
    async remove(id) {
      await client.mutate({ mutation: DELETE_PROCESSED_FILE_MUTATION, variables: { id } });
    },
    async restore(id) {
      await client.mutate({ mutation: RESTORE_PROCESSED_FILE_MUTATION, variables: { id } });
    },
    async updateExtracted(id, patch) {
      await client.mutate({
        mutation: UPDATE_EXTRACTED_VALUE_MUTATION,
        variables: { id, ...patch },
      });
    },
    async addExtracted(documentId, values) {
      const { data } = await client.mutate({
        mutation: ADD_EXTRACTED_VALUE_MUTATION,
        variables: { processed_file_id: documentId, values },
      });
      return data?.saveExtractedData ?? [];
    },
  };
}

/** The document writes of the current session (bridge and Apollo client from context). */
export function useDocumentWrites(): DocumentWrites {
  const { bridge } = useServices();
  const client = useApolloClient();
  return useMemo(() => createDocumentWrites({ review: bridge.review, client }), [bridge, client]);
}
