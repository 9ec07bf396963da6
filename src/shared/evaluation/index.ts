export * from './metrics';
export * from './query';
