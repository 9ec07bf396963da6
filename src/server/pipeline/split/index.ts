/**
 * Stage 2 of the document pipeline, "Split": page ranges of the documents in a raw file.
 */
export { splitPages, type SplitOptions } from './splitPages';
export { startProbability, boundaryModel, BoundaryModelSchema, type BoundaryModel } from './model';
export { pageFeatures, readPage, FEATURE_NAMES, type Features, type PageReading } from './features';
