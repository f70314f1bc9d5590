export * from './error';
export * from './health';
export * from './me';
export * from './runtime-config';
