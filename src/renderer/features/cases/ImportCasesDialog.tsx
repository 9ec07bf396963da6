/**
 * "Import CSV": pick a .csv file, see its columns and first rows with what the import rule will
 * do to them, then import it (importLegalCases; the server parses and applies the rule) and read
 * the result: created, updated, skipped, duplicates, chunks and each row's problem by line.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  HTMLTable,
  Intent,
  Tag,
} from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { CASE_FIELD_LABELS, CASE_FIELDS, readIssues } from './caseForm';
import { plural } from './caseFormat';
import {
  headerKey,
  IMPORT_CHUNK_SIZE,
  previewCsv,
  type CsvPreview,
  type PreviewRowNote,
} from './csvPreview';
import { readCsvFile } from './csvFile';
import { CASE_MESSAGES } from './messages';
import {
  CASE_QUERIES_AFTER_CHANGE,
  IMPORT_CASES_MUTATION,
  type CaseImportResult,
} from './operations';

interface Picked {
  name: string;
  text: string;
  preview: CsvPreview;
}

function noteText(note: PreviewRowNote): string {
  if (note.kind === 'no_case_number') return 'Skipped: no case number';
  if (note.kind === 'duplicate') return `Dropped: same case number as line ${note.firstLine}`;
  return '';
}

export function ImportCasesDialog(props: { companyId: string; onClose: () => void }) {
  const { companyId, onClose } = props;
  const [picked, setPicked] = useState<Picked | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [result, setResult] = useState<CaseImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [importCases, { loading: importing }] = useMutation(IMPORT_CASES_MUTATION, {
    refetchQueries: CASE_QUERIES_AFTER_CHANGE,
  });

  async function pick(file: File | undefined) {
    setPickError(null);
    setFailure(null);
    setResult(null);
    setPicked(null);
    if (!file) return;
    setReading(true);
    const read = await readCsvFile(file);
    setReading(false);
    if (!read.ok) {
      setPickError(read.message);
      return;
    }
    setPicked({ name: file.name, text: read.text, preview: previewCsv(read.text) });
  }

  async function runImport() {
    if (!picked) return;
    setFailure(null);
    try {
      const answer = await importCases({ variables: { company_id: companyId, csv: picked.text } });
      if (!answer.data) throw answer.error ?? new Error(ERRORS.INVALID_RESPONSE_STRUCTURE);
      setResult(answer.data.importLegalCases);
    } catch (error) {
      const details = readIssues(error).map((issue) => issue.message);
      setFailure([describeError(error, CASE_MESSAGES.IMPORT_FAILED), ...details].join(' '));
    }
  }

  const startOver = () => {
    setPicked(null);
    setResult(null);
    setFailure(null);
  };

  return (
    <Dialog
      isOpen
      onClose={importing ? undefined : onClose}
      title="Import cases from CSV"
      icon="import"
      className="ld-cases-import-dialog"
    >
      <DialogBody>
        {result ? (
          <ImportResult result={result} fileName={picked?.name ?? ''} />
        ) : (
          <>
            <Callout intent={Intent.PRIMARY} icon="info-sign" className="ld-cases-block">
              <p>
                The first line names the columns: <code>case_number</code> (required)
                {CASE_FIELDS.filter((f) => f !== 'case_number').map((f) => (
                  <span key={f}>
                    , <code>{f}</code>
                  </span>
                ))}
                , or common names such as “Case Number”, “Client” or “DOI”; other columns are
                ignored. Dates are YYYY-MM-DD (or M/D/YYYY). A case number the company already has
                updates that case; a new one creates it.
              </p>
              <p className="ld-cases-rule">
                Rows without a case number are skipped, a later row with a case number already seen
                is dropped (the first one wins), and rows are processed in chunks of{' '}
                {IMPORT_CHUNK_SIZE}.
              </p>
            </Callout>
            <FileInput
              fill
              text={picked?.name ?? 'Choose a .csv file…'}
              hasSelection={picked !== null}
              buttonText="Browse"
              disabled={importing || reading}
              inputProps={{
                accept: '.csv,text/csv',
                'aria-label': 'CSV file',
                onChange: (event) => {
                  const input = event.currentTarget;
                  void pick(input.files?.[0]).finally(() => {
                    input.value = '';
                  });
                },
              }}
            />
            {pickError ? (
              <Callout intent={Intent.DANGER} icon="error" role="alert" className="ld-cases-gap">
                {pickError}
              </Callout>
            ) : null}
            {picked ? <Preview preview={picked.preview} /> : null}
            {failure ? (
              <Callout intent={Intent.DANGER} icon="error" role="alert" className="ld-cases-gap">
                {failure}
              </Callout>
            ) : null}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          result ? (
            <>
              <Button onClick={startOver}>Import another file</Button>
              <Button intent={Intent.PRIMARY} onClick={onClose}>
                Done
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onClose} disabled={importing}>
                Cancel
              </Button>
              <Button
                intent={Intent.PRIMARY}
                icon="import"
                loading={importing}
                disabled={!picked || !picked.preview.hasCaseNumber || picked.preview.rowCount === 0}
                onClick={() => void runImport()}
              >
                Import
              </Button>
            </>
          )
        }
      />
    </Dialog>
  );
}

function Preview({ preview }: { preview: CsvPreview }) {
  if (preview.columns.length === 0)
    return (
      <Callout intent={Intent.WARNING} role="alert" className="ld-cases-gap">
        {PRODUCT_ERRORS.FILE_EMPTY}
      </Callout>
    );
  return (
    <section className="ld-cases-gap" aria-label="Preview">
      <div className="ld-cases-preview-summary">
        <strong>{plural(preview.rowCount, 'row')}</strong>
        {preview.withoutCaseNumber > 0 ? (
          <span>· {plural(preview.withoutCaseNumber, 'row')} without a case number</span>
        ) : null}
        {preview.repeated > 0 ? (
          <span>· {plural(preview.repeated, 'repeated case number')}</span>
        ) : null}
      </div>
      <div className="ld-cases-columns" aria-label="Detected columns">
        <span className="ld-muted">Columns:</span>
        {preview.columns.map((column, index) => (
          <Tag
            key={`${column.header}-${index}`}
            minimal
            intent={column.field ? Intent.PRIMARY : Intent.NONE}
            icon={column.field ? 'tick' : 'disable'}
            title={column.field ? CASE_FIELD_LABELS[column.field] : 'Ignored: not a case field'}
          >
            {column.header || '(blank)'}
            {column.field && headerKey(column.header) !== headerKey(column.field)
              ? ` → ${column.field}`
              : ''}
          </Tag>
        ))}
      </div>
      {!preview.hasCaseNumber ? (
        <Callout intent={Intent.WARNING} role="alert" className="ld-cases-gap">
          {CASE_MESSAGES.NO_CASE_NUMBER_COLUMN}
        </Callout>
      ) : null}
      {preview.rows.length > 0 ? (
        <div className="ld-table-frame ld-cases-preview-frame">
          <HTMLTable className="ld-table ld-cases-preview" compact striped>
            <thead>
              <tr>
                <th>Line</th>
                <th>Import</th>
                {preview.columns.map((column, index) => (
                  <th key={`${column.header}-${index}`}>{column.header}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td className={row.note.kind === 'ok' ? undefined : 'ld-cases-note'}>
                    {noteText(row.note) || 'Yes'}
                  </td>
                  {preview.columns.map((column, index) => (
                    <td key={`${column.header}-${index}`}>{row.cells[index] ?? ''}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      ) : null}
      {preview.rowCount > preview.rows.length ? (
        <div className="ld-muted">
          First {preview.rows.length} of {plural(preview.rowCount, 'row')} shown.
        </div>
      ) : null}
    </section>
  );
}

function ImportResult({ result, fileName }: { result: CaseImportResult; fileName: string }) {
  const numbers: Array<{ label: string; value: number; testId: string }> = [
    { label: 'Created', value: result.created, testId: 'import-created' },
    { label: 'Updated', value: result.updated, testId: 'import-updated' },
    { label: 'Skipped (no case number)', value: result.skipped, testId: 'import-skipped' },
    { label: 'Duplicates dropped', value: result.duplicates, testId: 'import-duplicates' },
    { label: 'Chunks', value: result.chunks, testId: 'import-chunks' },
    { label: 'Rows with problems', value: result.errors.length, testId: 'import-errors' },
  ];
  return (
    <section aria-label="Import result">
      <Callout
        intent={result.errors.length > 0 ? Intent.WARNING : Intent.SUCCESS}
        icon={result.errors.length > 0 ? 'warning-sign' : 'tick-circle'}
        title={`${fileName} imported`}
      >
        {plural(result.created + result.updated, 'case')} saved
        {result.errors.length > 0
          ? `; ${plural(result.errors.length, 'row')} could not be imported.`
          : '.'}
      </Callout>
      <dl className="ld-cases-result">
        {numbers.map((n) => (
          <div key={n.testId} className="ld-cases-result-item">
            <dt>{n.label}</dt>
            <dd data-testid={n.testId}>{n.value}</dd>
          </div>
        ))}
      </dl>
      {result.errors.length > 0 ? (
        <div className="ld-table-frame">
          <HTMLTable className="ld-table" compact striped aria-label="Rows with problems">
            <thead>
              <tr>
                <th>Line</th>
                <th>Problem</th>
              </tr>
            </thead>
            <tbody>
              {result.errors.map((error, index) => (
                <tr key={`${error.line}-${index}`}>
                  <td>{error.line}</td>
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      ) : null}
    </section>
  );
}
