/**
 * Stage 2 of the document pipeline, "Split": page ranges of the documents in a raw file.
 */
export { splitPages, startProbability, WEIGHTS, type SplitOptions } from './splitPages';
export { pageFeatures, readPage, type Features, type PageReading } from './features';
