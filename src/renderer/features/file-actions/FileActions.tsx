/**
 * "Download" and "Print" for a file the app shows (a document's PDF in the viewer, a raw file on its
 * details page). Download saves the file under its own name (downloadName.ts); Print draws the
 * PDF's pages for the system's print dialog (printPdf.ts), using the viewer's open document when
 * there is one. A failure says so in a toast.
 */
import { Button, ButtonGroup } from '@blueprintjs/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useState } from 'react';
import { toastError } from '../../components/toaster';
import { loadPdfjs, type PdfSource } from '../processed-file/loadPdfjs';
import { printPdf } from './printPdf';
import { fileBlob, saveBlob } from './saveFile';
import './file-actions.css';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function openForPrint(source: PdfSource): Promise<{ pdf: PDFDocumentProxy; close(): void }> {
  const { openPdf } = await loadPdfjs();
  const task = openPdf(source);
  const pdf = await task.promise;
  return { pdf, close: () => void task.destroy() };
}

export function FileActions(props: {
  source: PdfSource | null;
  /** The name the file is saved under. */
  fileName: string;
  /** What the printout is called (a document's or a file's name). */
  title: string;
  /** The viewer's open document, if it has one (printing needs no second copy then). */
  pdf?: PDFDocumentProxy | null;
  /** Print is offered for PDFs only. */
  printable: boolean;
  mime?: string;
  /** Icons only (named for screen readers and in a tooltip), for a crowded toolbar. */
  compact?: boolean;
}) {
  const [busy, setBusy] = useState<'download' | 'print' | null>(null);
  const { source } = props;

  const download = async () => {
    if (!source) return;
    setBusy('download');
    try {
      saveBlob(await fileBlob(source, props.mime), props.fileName);
    } catch (error) {
      toastError(`${props.title} could not be downloaded: ${messageOf(error)}`);
    } finally {
      setBusy(null);
    }
  };

  const print = async () => {
    if (!source) return;
    setBusy('print');
    try {
      if (props.pdf) await printPdf(props.pdf, props.title);
      else {
        const opened = await openForPrint(source);
        try {
          await printPdf(opened.pdf, props.title);
        } finally {
          opened.close();
        }
      }
    } catch (error) {
      toastError(`${props.title} could not be printed: ${messageOf(error)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <ButtonGroup variant="minimal">
      <Button
        icon="download"
        aria-label="Download"
        title={`Download ${props.fileName}`}
        disabled={!source || busy !== null}
        loading={busy === 'download'}
        onClick={() => void download()}
        text={props.compact ? undefined : 'Download'}
      />
      {props.printable ? (
        <Button
          icon="print"
          aria-label="Print"
          title={`Print ${props.title}`}
          disabled={!source || busy !== null}
          loading={busy === 'print'}
          onClick={() => void print()}
          text={props.compact ? undefined : 'Print'}
        />
      ) : null}
    </ButtonGroup>
  );
}
