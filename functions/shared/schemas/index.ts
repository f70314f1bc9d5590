export * from './error';
export * from './health';
export * from './activity';
export * from './me';
export * from './runtime-config';
