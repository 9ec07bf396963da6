/**
 * The query-string parameters of GET /graphql, checked before yoga reads them: each at most once,
 * and `variables` / `extensions` JSON objects. Yoga would otherwise throw its JSON.parse error
 * from inside the request, which reaches the error masker as an internal fault.
 */
import { z } from 'zod';
import { parseInput, ValidationError } from '../errors';

const jsonObject = z.string().refine((text) => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}, 'Must be a JSON object.');

const getParams = z.looseObject({
  query: z.string().optional(),
  operationName: z.string().optional(),
  variables: jsonObject.optional(),
  extensions: jsonObject.optional(),
});

/** The ValidationError for a GET request's parameters, or undefined when they are well formed. */
export function getParamsError(query: unknown): ValidationError | undefined {
  try {
    parseInput(getParams, query ?? {});
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
}
