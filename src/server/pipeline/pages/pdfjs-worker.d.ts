// pdfjs-dist ships no types for its worker module; stage 1 only hands it to pdf.js itself.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
