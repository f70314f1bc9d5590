/** The simulator kit: what every provider simulator is built on (HTTP server, control plane, faults, request log, HTTP helpers). */
export * from './faults';
export * from './http';
export * from './server';
export * from './tokens';
