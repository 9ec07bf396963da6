/**
 * What a processed file is called and why it is an exception. Names read well in a list:
 * "QME Report - Maria Gonzalez (pp. 3-14)"; without a type or applicant the raw file's name
 * stands in.
 */
import type { InputKind, PipelineDocument } from '../../pipeline/types';

/** Exceptions of spec section 3 (statusType no_file_type, multi_case; needs_case_number). */
export function exceptionReasons(document: PipelineDocument, typeId: string | null): string[] {
  const reasons: string[] = [];
  if (!typeId) reasons.push('no_file_type');
  if (document.match?.multiCase) reasons.push('multi_case');
  if (document.match ? document.match.needsCaseNumber : noNumbers(document))
    reasons.push('needs_case_number');
  return reasons;
}

function noNumbers(document: PipelineDocument): boolean {
  const f = document.fields;
  return (
    f.adjNumbers.length + f.wcabNumbers.length + f.caseNumbers.length + f.claimNumbers.length === 0
  );
}

function baseName(rawName: string): string {
  return rawName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
}

export function documentName(
  rawName: string,
  typeName: string | undefined,
  document: PipelineDocument,
  kind: InputKind,
): string {
  const who = document.fields.applicant;
  const what = typeName ?? baseName(rawName);
  const pages =
    kind === 'pdf' || kind === 'docx' || kind === 'doc'
      ? document.startPage === document.endPage
        ? ` (p. ${document.startPage})`
        : ` (pp. ${document.startPage}-${document.endPage})`
      : '';
  return `${what}${who ? ` - ${who}` : ''}${pages}`.slice(0, 250);
}
