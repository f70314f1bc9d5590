export * from './error';
export * from './health';
export * from './activity';
export * from './connections';
export * from './me';
export * from './runtime-config';
