/**
 * The document pipeline's data, stage by stage: pages of text from a raw file, page ranges of
 * documents, their type and their fields, and the cases they match. Everything here is plain data
 * so the same code runs in the server's job worker, in `npm run cli -- process` and in the eval.
 * Page numbers are 1-based and ranges inclusive, as start_page_no and end_page_no are.
 */

/** Where a page's text came from. */
export type PageSource = 'text-layer' | 'ocr' | 'docx' | 'doc' | 'none';

export interface PageText {
  /** 1-based page number in the raw file. */
  page: number;
  text: string;
  source: PageSource;
  /** OCR's mean word confidence, 0..1, when the text came from OCR. */
  ocrConfidence?: number;
}

/** The kind of content a raw file holds, decided by its bytes (see shared/files/fileTypes). */
export type InputKind = 'pdf' | 'image' | 'docx' | 'doc' | 'single';

export interface PagesResult {
  kind: InputKind;
  pages: PageText[];
  /** Milliseconds spent, for the raw file's stage timings. */
  ms: number;
}

/** A rule-based description of one document type (legal_file_type) in a folder. */
export interface DocumentTypeRule {
  /** Stable key, e.g. "qme_report"; the seed uses it to find the type again. */
  key: string;
  name: string;
  folder: string;
  /** Phrases that appear as a document's title on its first page (case-insensitive). */
  titles: string[];
  /** Form numbers printed on the form, e.g. "DWC-1", "PR-2", "DWC-CA form 10232.1". */
  formNumbers: string[];
  /** Other words or phrases with a weight (positive evidence; negative to count against). */
  keywords: Array<{ term: string; weight: number }>;
}

export interface DocumentFolderDef {
  name: string;
  /** "#rrggbb" */
  hexCode: string;
}

export interface Taxonomy {
  folders: DocumentFolderDef[];
  types: DocumentTypeRule[];
}

/** One document found in a raw file. */
export interface DocumentRange {
  startPage: number;
  endPage: number;
  /** How sure the splitter is that startPage begins a document, 0..1. */
  confidence: number;
  /** The cues that decided the boundary, for logs and for people reviewing it. */
  cues: string[];
}

export interface Classification {
  /** A DocumentTypeRule key, or null when nothing is convincing (a no_file_type exception). */
  typeKey: string | null;
  confidence: number;
  /** Runner-up keys with scores, best first. */
  alternatives: Array<{ typeKey: string; score: number }>;
}

/** A date of injury: one day, or a cumulative-trauma period (start..end). ISO yyyy-mm-dd. */
export interface InjuryDate {
  start: string;
  end?: string;
  cumulativeTrauma: boolean;
}

export interface ExtractedFields {
  /** EAMS case numbers, normalised "ADJ" + digits (adj_number and eams_number both hold these). */
  adjNumbers: string[];
  /** Legacy WCAB case numbers, normalised "LAO 0812345" (office code, space, digits). */
  wcabNumbers: string[];
  /** Claim numbers found by their label, as printed (trimmed). */
  claimNumbers: string[];
  /** Other case numbers found by a "Case No." style label that are not ADJ numbers. */
  caseNumbers: string[];
  dateOfInjury: InjuryDate | null;
  /** ISO yyyy-mm-dd */
  dateOfIncident: string | null;
  applicant: string | null;
  /** The employer (the spec's single defendant): the caption's first defendant or "Employer:". */
  defendant: string | null;
  /**
   * Every defendant named, as printed: the employer first, then each insurer or claims
   * administrator in the order printed. Empty when the document names none.
   */
  defendants: string[];
}

/** Case summary fields the matcher compares (spec section 3, "Case summary"). */
export interface CaseCandidate {
  caseId: string;
  caseNumber: string | null;
  name: string | null;
  clientName: string | null;
  eamsNumber: string | null;
  wcabNumber: string | null;
  primaryNumber: string | null;
  alternateNumber: string | null;
  dateOfInjury: string | null;
  dateOfIncident: string | null;
}

export interface CaseMatch {
  caseId: string;
  score: number;
  reasons: string[];
}

export interface MatchResult {
  /** Ranked, best first (recommended_cases). */
  recommended: CaseMatch[];
  /** Set when exactly one case matches with confidence. */
  caseId: string | null;
  multiCase: boolean;
  needsCaseNumber: boolean;
}

/** A document as the pipeline leaves it, before it is written as a processed file. */
export interface PipelineDocument extends DocumentRange {
  classification: Classification;
  fields: ExtractedFields;
  match: MatchResult | null;
  /** The document's text, pages joined with form feeds, for content search. */
  text: string;
  /** Company data-field values the optional LLM extractor found (by variable); {} without it. */
  llmData?: Record<string, string>;
}
