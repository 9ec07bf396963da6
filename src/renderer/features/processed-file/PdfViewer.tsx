/**
 * The document's pages, drawn with pdf.js: a scrolling column of pages where only the pages on
 * screen (and one screen around them) are rendered into canvases, page navigation, zoom (steps
 * and fit to width). When page 1 has painted, the element gets data-first-page-rendered="true"
 * and the performance mark 'pdf-first-page' is set (the opening benchmark waits for them).
 */
import { Button, ButtonGroup, Callout, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { downloadName } from '../file-actions/downloadName';
import { FileActions } from '../file-actions/FileActions';
import { loadPdfjs, type PdfSource } from './loadPdfjs';
import {
  currentPage,
  fitWidthScale,
  layoutPages,
  stepZoom,
  visiblePages,
  type PageSize,
} from './viewerLayout';

const SIDE_PADDING = 32;

function sourceKey(source: PdfSource | null): string {
  if (!source) return '';
  return source.kind === 'url' ? `url:${source.url}` : `bytes:${source.bytes.byteLength}`;
}

export function PdfViewer(props: {
  source: PdfSource | null;
  /** Accessible name of the viewer, e.g. "Pages of <document>". */
  label: string;
  /** Text under the page counter, e.g. "Pages 3–4 of the raw file". */
  caption?: string;
  /** What to say when there is no source. */
  emptyText?: string;
  /** The document's name: Download saves "<name>.pdf", Print titles the pages with it. */
  name: string;
}) {
  const { source } = props;
  const key = sourceKey(source);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [sizes, setSizes] = useState<PageSize[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [box, setBox] = useState({ width: 0, height: 0 });
  const [scrollTop, setScrollTop] = useState(0);
  const [firstPainted, setFirstPainted] = useState(false);
  const [pageInput, setPageInput] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement | null>(null);
  const marked = useRef(false);

  // Open the document whenever the source changes.
  useEffect(() => {
    setPdf(null);
    setSizes([]);
    setFailure(null);
    setFirstPainted(false);
    marked.current = false;
    if (!source) return undefined;
    let live = true;
    let task: PDFDocumentLoadingTask | null = null;
    loadPdfjs()
      .then(({ openPdf }) => {
        if (!live) return null;
        task = openPdf(source);
        return task.promise;
      })
      .then(
        async (doc) => {
          if (!doc) return;
          const first = await doc.getPage(1);
          const viewport = first.getViewport({ scale: 1 });
          if (!live) return;
          const size = { width: viewport.width, height: viewport.height };
          setSizes(Array.from({ length: doc.numPages }, () => size));
          setPdf(doc);
        },
        (error: unknown) => {
          if (!live) return;
          setFailure(error instanceof Error ? error.message : String(error));
        },
      );
    return () => {
      live = false;
      void task?.destroy();
    };
    // The key stands for the source: a new object with the same link must not reopen the file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // Follow the viewer's size (fit-to-width and which pages are on screen depend on it).
  useEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const measure = () => setBox({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [pdf]);

  const scale = useMemo(
    () => (zoom === 'fit' ? fitWidthScale(sizes, box.width - SIDE_PADDING) : zoom),
    [zoom, sizes, box.width],
  );
  const layout = useMemo(() => layoutPages(sizes, scale), [sizes, scale]);
  const onScreen = visiblePages(layout, scrollTop, box.height, box.height);
  const page = currentPage(layout, scrollTop, box.height);
  const count = sizes.length;

  const painted = useCallback((number: number) => {
    if (number !== 1 || marked.current) return;
    marked.current = true;
    performance.mark('pdf-first-page');
    setFirstPainted(true);
  }, []);
  const sized = useCallback((number: number, size: PageSize) => {
    setSizes((current) => {
      const known = current[number - 1];
      if (!known || (known.width === size.width && known.height === size.height)) return current;
      const next = [...current];
      next[number - 1] = size;
      return next;
    });
  }, []);

  const goTo = (number: number) => {
    const target = Math.min(Math.max(1, number), count);
    const top = layout.tops[target - 1];
    if (top === undefined || !scroller.current) return;
    scroller.current.scrollTo({ top: top - 8 });
    setScrollTop(top - 8);
  };
  const zoomBy = (direction: 1 | -1) => setZoom(stepZoom(scale, direction));

  let body;
  if (!source) {
    body = (
      <Callout icon="document" className="ld-pdf-message">
        {props.emptyText ?? 'The PDF of this document is not available yet.'}
      </Callout>
    );
  } else if (failure) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert" className="ld-pdf-message">
        The PDF could not be shown: {failure}
      </Callout>
    );
  } else if (!pdf) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading the PDF" />;
  } else {
    body = (
      <div className="ld-pdf-pages">
        {sizes.map((_, index) => {
          const number = index + 1;
          const draw = onScreen !== null && number >= onScreen.first && number <= onScreen.last;
          return (
            <PageCanvas
              key={number}
              pdf={pdf}
              number={number}
              scale={scale}
              width={layout.widths[index] ?? 0}
              height={layout.heights[index] ?? 0}
              draw={draw}
              onPainted={painted}
              onSize={sized}
            />
          );
        })}
      </div>
    );
  }

  return (
    <section
      className="ld-pdf-viewer"
      aria-label={props.label}
      data-testid="pdf-viewer"
      data-page-count={count || undefined}
      data-first-page-rendered={firstPainted ? 'true' : undefined}
    >
      <div className="ld-pdf-toolbar">
        <ButtonGroup variant="minimal">
          <Button
            icon="chevron-up"
            aria-label="Previous page"
            disabled={!pdf || page <= 1}
            onClick={() => goTo(page - 1)}
          />
          <Button
            icon="chevron-down"
            aria-label="Next page"
            disabled={!pdf || page >= count}
            onClick={() => goTo(page + 1)}
          />
        </ButtonGroup>
        <InputGroup
          size="small"
          className="ld-pdf-page-input"
          aria-label="Page number"
          disabled={!pdf}
          value={pageInput ?? String(page || '')}
          onFocus={() => setPageInput(String(page))}
          onValueChange={setPageInput}
          onBlur={() => setPageInput(null)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            const number = Number(pageInput);
            if (Number.isInteger(number)) goTo(number);
            setPageInput(null);
            event.currentTarget.blur();
          }}
        />
        <span className="ld-muted" data-testid="pdf-page-count">
          of {count || '…'}
        </span>
        {props.caption ? <span className="ld-pdf-caption ld-muted">{props.caption}</span> : null}
        <span className="ld-pdf-toolbar-spacer" />
        <FileActions
          source={source}
          fileName={downloadName(props.name, 'pdf')}
          title={props.name}
          pdf={pdf}
          printable
          compact
        />
        <ButtonGroup variant="minimal">
          <Button
            icon="zoom-out"
            aria-label="Zoom out"
            disabled={!pdf}
            onClick={() => zoomBy(-1)}
          />
          <span className="ld-pdf-zoom" aria-live="polite">
            {Math.round(scale * 100)}%
          </span>
          <Button icon="zoom-in" aria-label="Zoom in" disabled={!pdf} onClick={() => zoomBy(1)} />
          <Button
            icon="zoom-to-fit"
            aria-label="Fit width"
            active={zoom === 'fit'}
            disabled={!pdf}
            onClick={() => setZoom('fit')}
          />
        </ButtonGroup>
      </div>
      <div
        className="ld-pdf-scroller"
        ref={scroller}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      >
        {body}
      </div>
    </section>
  );
}

function isCancelled(error: unknown): boolean {
  return error instanceof Error && error.name === 'RenderingCancelledException';
}

/** One page: a placeholder of the page's size, drawn into a canvas while it is on screen. */
function PageCanvas(props: {
  pdf: PDFDocumentProxy;
  number: number;
  scale: number;
  width: number;
  height: number;
  draw: boolean;
  onPainted(number: number): void;
  onSize(number: number, size: PageSize): void;
}) {
  const { pdf, number, scale, draw, onPainted, onSize } = props;
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return undefined;
    if (!draw) {
      // Off screen: give the pixels back (long documents would otherwise hold every page).
      element.width = 0;
      element.height = 0;
      setReady(false);
      return undefined;
    }
    let task: RenderTask | null = null;
    let live = true;
    pdf
      .getPage(number)
      .then((page) => {
        if (!live) return undefined;
        const base = page.getViewport({ scale: 1 });
        onSize(number, { width: base.width, height: base.height });
        const viewport = page.getViewport({ scale });
        const ratio = window.devicePixelRatio || 1;
        element.width = Math.floor(viewport.width * ratio);
        element.height = Math.floor(viewport.height * ratio);
        task = page.render({
          canvas: element,
          viewport,
          ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}),
        });
        return task.promise.then(() => {
          if (!live) return;
          setReady(true);
          onPainted(number);
        });
      })
      .catch((error: unknown) => {
        if (!isCancelled(error)) console.warn(`[pdf] page ${number} could not be drawn`, error);
      });
    return () => {
      live = false;
      task?.cancel();
    };
  }, [pdf, number, scale, draw, onPainted, onSize]);

  return (
    <div
      className="ld-pdf-page"
      data-page-number={number}
      data-rendered={ready ? 'true' : undefined}
      style={{ width: props.width, height: props.height }}
    >
      <canvas ref={canvas} style={{ width: props.width, height: props.height }} />
    </div>
  );
}
