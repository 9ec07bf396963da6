/**
 * Texts of the Cases screens that neither the catalogue (spec section 8) nor PRODUCT_ERRORS word;
 * candidates for PRODUCT_ERRORS. Failures that carry a catalogue code show the code's message.
 */
export const CASE_MESSAGES = {
  SAVE_FAILED: 'The case could not be saved. Please try again.',
  DELETE_FAILED: 'The case could not be deleted. Please try again.',
  IMPORT_FAILED: 'The cases could not be imported. Please try again.',
  NO_CASE_NUMBER_COLUMN: 'The file has no case_number column, so every row would be skipped.',
  NO_MATCH: 'No cases match the search and filters.',
} as const;
