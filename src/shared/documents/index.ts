/**
 * Rules of a processed document that every process needs, in one place: the editable fields and
 * their labels (fields.ts), one change as a zod schema (change.ts), and calendar days with their
 * year range and company-format writing (days.ts).
 */
export * from './days';
export * from './fields';
export * from './change';
