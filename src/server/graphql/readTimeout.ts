/**
 * Runs every GraphQL query operation inside the database's read scope (DatabaseHandle.readScope),
 * so each statement it issues stops after the configured read timeout; a stopped read answers
 * QUERY_TIMEOUT (src/server/errors.ts). Mutations and subscriptions run as before.
 */
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { ReadScope } from '../db/connection';

export function readTimeoutPlugin(readScope: ReadScope): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      if (getOperationAST(args.document, args.operationName)?.operation !== 'query') return;
      setExecuteFn((executeArgs) => readScope(() => executeFn(executeArgs)));
    },
  };
}
