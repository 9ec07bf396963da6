/**
 * The raw file's pages as a strip of cells grouped into its documents: each document coloured
 * with its folder's colour, labelled with its type and page range, and a link to its details.
 * Boundaries between documents are marked; pages in no document are shown as gaps.
 */
import { Link } from 'react-router-dom';
import { swatchColour } from '../processed-file/typeGroups';
import { pagesText } from '../processed-file/resplit';
import type { RawFileDocument } from './operations';
import type { StripLayout } from './stripLayout';

export interface StripDocument {
  id: string;
  name: string;
  start: number;
  end: number;
  source: RawFileDocument;
}

const cellTitle = (cell: { start: number; end: number }) =>
  cell.start === cell.end ? `Page ${cell.start}` : `Pages ${cell.start}–${cell.end}`;

/** Up to this many cells the strip stretches to the full width (cells grow with it). */
const FILL_CELLS = 48;

export function PageStrip(props: { layout: StripLayout<StripDocument> }) {
  const { layout } = props;
  const cellCount = layout.segments.reduce((sum, segment) => sum + segment.cells.length, 0);
  const fill = cellCount <= FILL_CELLS;
  // Spare width goes to documents by their pages; each keeps at least what its label needs.
  const grow = (cells: number) => (fill ? { flexGrow: cells } : undefined);
  return (
    <div className="ld-strip-wrap">
      <p className="ld-muted ld-strip-legend">
        {layout.pageCount} page{layout.pageCount === 1 ? '' : 's'}
        {layout.pagesPerCell > 1
          ? ` · one cell is ${layout.pagesPerCell} pages`
          : ' · one cell per page'}
      </p>
      <ol
        className={`ld-strip${fill ? ' ld-strip-fill' : ''}`}
        data-testid="page-strip"
        aria-label="Pages and documents"
      >
        {layout.segments.map((segment, index) => {
          const boundary =
            index > 0 ? (
              <span
                className="ld-strip-boundary"
                data-testid="strip-boundary"
                data-page={segment.cells[0]?.start ?? segment.start}
                aria-hidden="true"
              />
            ) : null;
          if (segment.kind === 'gap') {
            return (
              <li
                key={`gap-${segment.start}`}
                className="ld-strip-item"
                style={grow(segment.cells.length)}
              >
                {boundary}
                <div className="ld-strip-group ld-strip-gap" data-testid="strip-gap">
                  <div className="ld-strip-label">
                    <span className="ld-strip-type">In no document</span>
                    <span className="ld-strip-range">{pagesText(segment)}</span>
                  </div>
                  <div className="ld-strip-cells">
                    {segment.cells.map((cell) => (
                      <span key={cell.start} className="ld-strip-cell" title={cellTitle(cell)}>
                        {layout.pagesPerCell === 1 ? cell.start : ''}
                      </span>
                    ))}
                  </div>
                </div>
              </li>
            );
          }
          const doc = segment.document.source;
          const colour = swatchColour(doc.legal_file_type?.legal_document_folder.hex_code);
          const typeName = doc.legal_file_type?.name ?? 'No document type';
          return (
            <li key={doc.id} className="ld-strip-item" style={grow(segment.cells.length)}>
              {boundary}
              <Link
                to={`/documents/${doc.id}`}
                className="ld-strip-group"
                data-testid="strip-document"
                data-start={segment.start}
                data-end={segment.end}
                style={{ ['--ld-strip-colour' as string]: colour }}
                aria-label={`${typeName}, ${pagesText(segment)}: ${doc.name}`}
                title={doc.name}
              >
                <div className="ld-strip-label">
                  <span className="ld-strip-type">{typeName}</span>
                  <span className="ld-strip-range">{pagesText(segment)}</span>
                </div>
                <div className="ld-strip-cells">
                  {segment.cells.map((cell) => (
                    <span key={cell.start} className="ld-strip-cell" title={cellTitle(cell)}>
                      {layout.pagesPerCell === 1 ? cell.start : ''}
                    </span>
                  ))}
                </div>
                {doc.exception_reasons.length > 0 && !doc.reviewed_at ? (
                  <span className="ld-strip-flag" title="Waiting for review">
                    needs review
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ol>
      {layout.overlaps.length > 0 ? (
        <p className="ld-field-error" role="alert">
          Some pages belong to two documents:{' '}
          {layout.overlaps.map((span) => pagesText(span)).join(', ')}.
        </p>
      ) : null}
    </div>
  );
}
