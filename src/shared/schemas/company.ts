/** Inputs of the company settings screen, shared by the server (validation) and the renderer (forms). */
import { z } from 'zod';
import { text } from './input';

/** Date formats a company may choose (spec: company date_format is editable). */
export const DATE_FORMATS = [
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'YYYY-MM-DD',
  'MMM D, YYYY',
  'D MMM YYYY',
  'DD.MM.YYYY',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
/** A new company's date_format (the column's default), and the renderer's until the viewer loads. */
export const DEFAULT_DATE_FORMAT: DateFormat = 'MM/DD/YYYY';

export const companyNameSchema = text()
  .trim()
  .min(1, 'Enter the company name.')
  .max(200, 'The company name can be at most 200 characters.');

export const dateFormatSchema = z.enum(DATE_FORMATS, {
  error: `Choose one of the date formats: ${DATE_FORMATS.join(', ')}.`,
});

export const updateCompanyInputSchema = z
  .object({
    name: companyNameSchema.optional(),
    date_format: dateFormatSchema.optional(),
  })
  .refine((input) => input.name !== undefined || input.date_format !== undefined, {
    message: 'Change the name or the date format.',
  });
export type UpdateCompanyInput = z.infer<typeof updateCompanyInputSchema>;

/** Accepted company icon uploads (spec: inline images are png, jpeg or svg). */
export const COMPANY_ICON_TYPES = ['png', 'jpeg', 'svg'] as const;
