export * from './input';
export * from './company';
export * from './user';
export * from './notification';
