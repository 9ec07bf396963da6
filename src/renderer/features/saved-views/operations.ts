/** GraphQL operations of saved views: the caller's views of a list, save one, delete one. */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const SAVED_VIEWS_QUERY = graphql(`
  query SavedViews($table: String!) {
    savedViews(table: $table) {
      id
      name
      state
      updated_at
    }
  }
`);
export type SavedView = ResultOf<typeof SAVED_VIEWS_QUERY>['savedViews'][number];

export const SAVE_VIEW_MUTATION = graphql(`
  mutation SaveView($table: String!, $name: String!, $state: String!) {
    saveView(table: $table, name: $name, state: $state) {
      id
      name
      state
      updated_at
    }
  }
`);

export const DELETE_SAVED_VIEW_MUTATION = graphql(`
  mutation DeleteSavedView($id: ID!) {
    deleteSavedView(id: $id)
  }
`);
