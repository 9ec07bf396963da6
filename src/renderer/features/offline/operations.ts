/** GraphQL the outbox dialog uses: document type names, to show a type change by name. */
import { z } from 'zod';
import { op } from '../../graphql/op';

export const OFFLINE_FILE_TYPES_QUERY = op(
  `query OfflineOutboxFileTypes($company_id: ID!) { legalFileTypes(company_id: $company_id) { id name } }`,
  z.object({ legalFileTypes: z.array(z.object({ id: z.string(), name: z.string() })) }),
  z.object({ company_id: z.string() }),
);
