/**
 * Printing a PDF the app shows. The page's CSP allows no frames or plugins, so the pages are drawn
 * with pdf.js into images inside a print-only container (styles in file-actions.css hide the app
 * while printing), then the system's print dialog opens; the images go when printing is over.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';

/** Pixels per PDF point: 2 is 144 dpi, sharp on paper without huge images. */
const PRINT_SCALE = 2;
export const PRINT_ROOT_ID = 'ld-print-root';

async function pageImage(pdf: PDFDocumentProxy, number: number): Promise<string> {
  const page = await pdf.getPage(number);
  try {
    const viewport = page.getViewport({ scale: PRINT_SCALE });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport }).promise;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('This window cannot draw the pages for printing.');
    return URL.createObjectURL(blob);
  } finally {
    page.cleanup();
  }
}

export async function printPdf(pdf: PDFDocumentProxy, title: string): Promise<void> {
  document.getElementById(PRINT_ROOT_ID)?.remove();
  const root = document.createElement('div');
  root.id = PRINT_ROOT_ID;
  root.setAttribute('aria-hidden', 'true');
  const urls: string[] = [];
  const cleanUp = () => {
    root.remove();
    document.body.classList.remove('ld-printing');
    for (const url of urls) URL.revokeObjectURL(url);
  };
  try {
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const url = await pageImage(pdf, number);
      urls.push(url);
      const img = document.createElement('img');
      img.src = url;
      img.alt = `${title}, page ${number}`;
      img.className = 'ld-print-page';
      root.append(img);
    }
    document.body.append(root);
    await Promise.all([...root.querySelectorAll('img')].map((img) => img.decode()));
  } catch (error) {
    cleanUp();
    throw error;
  }
  document.body.classList.add('ld-printing');
  window.addEventListener('afterprint', cleanUp, { once: true });
  window.print();
}
