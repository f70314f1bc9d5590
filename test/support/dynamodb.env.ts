import { inject } from 'vitest';
import { routeFactsSetting } from '../../functions/shared/route-facts';
import { ROUTES } from '../../functions/shared/routes';

// Handlers and repositories read their table names and endpoint from env, as in Lambda; handlers their route's facts,
// which the test process holds for every route (as the local host does).
Object.assign(process.env, inject('dynamoEnv'), {
  ROUTE_FACTS: routeFactsSetting(ROUTES),
  POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
});
