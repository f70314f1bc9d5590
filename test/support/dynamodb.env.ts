import { inject } from 'vitest';

// Handlers and repositories read their table names and endpoint from env, as in Lambda.
Object.assign(process.env, inject('dynamoEnv'), {
  POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
});
