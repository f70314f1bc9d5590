import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured JSON logger for every function. Handlers log what happened (route, status,
 * latency, ids), never request bodies, headers, tokens, codes or secrets.
 */
export const logger = new Logger({ serviceName: 'trailbuddy' });
