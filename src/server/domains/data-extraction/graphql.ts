/** Resolvers of the data extraction settings (schema/61-data-extraction.graphql). */
import type { ErrorCode } from '../../../shared/errors';
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';
import type { DataExtractionService } from './service';

export function dataExtractionResolvers(deps: ResolverDeps) {
  const service = deps.services.dataExtraction;
  const field =
    (code: ErrorCode, method: keyof DataExtractionService) =>
    (_: unknown, args: Record<string, unknown>, context: GraphQLContext) =>
      guarded<unknown>(deps, code, method, () => service[method](requireViewer(context), args));
  return {
    Query: {
      dataFieldPrompts: field('FETCH_DATA_FIELDS_FAILED', 'fields'),
      dataFieldPromptByName: field('FETCH_DATA_FIELDS_FAILED', 'fieldByName'),
      companyDataFields: field('FETCH_DATA_FIELDS_FAILED', 'companyFields'),
    },
    Mutation: {
      createDataFieldPrompt: field('CREATE_DATA_FIELD_FAILED', 'create'),
      linkDataFieldToCompany: field('UPDATE_DATA_FIELD_FAILED', 'link'),
      toggleCompanyDataField: field('UPDATE_DATA_FIELD_FAILED', 'toggle'),
      toggleAllCompanyDataFields: field('TOGGLE_ALL_DATA_FIELDS_FAILED', 'toggleAll'),
      removeCompanyDataField: field('UPDATE_DATA_FIELD_FAILED', 'remove'),
    },
  };
}
