import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RouteDefinition, TableAccess, TableAccessMap } from '../../functions/shared/routes';
import { LIVE_CONNECTION_KEY_PREFIX } from '../../functions/repositories/keys/live-connections';
import { LIVE_PUBLISHING_ROUTES } from '../../functions/shared/live-routes';
import { TABLES, tableEnvVar, type TableId } from '../../functions/shared/tables';

/**
 * IAM, locally: on AWS each function's role allows exactly the table actions its route declares (`access` in
 * functions/shared/routes.ts; test/infra/stacks/least-privilege.test.ts checks the grants), and DynamoDB refuses any
 * other with AccessDeniedException. In one local process nothing would refuse it, so a route that writes a table it
 * declared read-only worked here and failed on AWS. The handler tests' `callRoute` runs each route inside
 * `withTableAccess`, and the guard refuses what its role would.
 */
const current = new AsyncLocalStorage<{
  routeId: string;
  access: TableAccessMap;
  signedIn: boolean;
  publishesLive: boolean;
  refused: string[];
}>();

/**
 * Runs a route's handler with its role: its declared access; for a signed-in route also the one GetItem on the
 * users table that every such role has (the account-status check; infra/constructs/api-routes.ts); for a route that
 * pushes on the live channel, finding a user's channels and forgetting a gone one (LiveChannel.grantPublish).
 */
export function withTableAccess<T>(
  route: Pick<RouteDefinition, 'id' | 'access' | 'public'>,
  work: () => Promise<T>,
  /** Filled with what was refused, also when the handler caught the refusal and went on. */
  refused: string[] = [],
): Promise<T> {
  return current.run(
    {
      routeId: route.id,
      access: route.access,
      signedIn: !route.public,
      publishesLive: (LIVE_PUBLISHING_ROUTES as readonly string[]).includes(route.id),
      refused,
    },
    work,
  );
}

type Action = 'read' | 'write' | 'scan';

/** The document client's command names (PutCommand) as DynamoDB's (PutItemCommand). */
const ITEM_COMMANDS: Record<string, string> = {
  GetCommand: 'GetItemCommand',
  PutCommand: 'PutItemCommand',
  UpdateCommand: 'UpdateItemCommand',
  DeleteCommand: 'DeleteItemCommand',
  BatchGetCommand: 'BatchGetItemCommand',
  BatchWriteCommand: 'BatchWriteItemCommand',
  TransactGetCommand: 'TransactGetItemsCommand',
  TransactWriteCommand: 'TransactWriteItemsCommand',
};

/** The table actions one request asks for: [table name, action, index]. */
function actionsOf(commandName: string, input: Record<string, unknown>): [string, Action, string?][] {
  const table = input.TableName as string | undefined;
  const index = input.IndexName as string | undefined;
  switch (commandName) {
    case 'GetItemCommand':
      return [[table!, 'read']];
    case 'QueryCommand':
      return [[table!, 'read', index]];
    case 'ScanCommand':
      return [[table!, 'scan', index]];
    case 'PutItemCommand':
    case 'UpdateItemCommand':
    case 'DeleteItemCommand':
      return [[table!, 'write']];
    case 'BatchGetItemCommand':
      return Object.keys(input.RequestItems as object).map((name) => [name, 'read']);
    case 'BatchWriteItemCommand':
      return Object.keys(input.RequestItems as object).map((name) => [name, 'write']);
    case 'TransactGetItemsCommand':
      return (input.TransactItems as { Get: { TableName: string } }[]).map((item) => [item.Get.TableName, 'read']);
    case 'TransactWriteItemsCommand':
      return (input.TransactItems as Record<string, { TableName: string }>[]).map((item) => {
        const [kind, operation] = Object.entries(item)[0]!;
        return [operation.TableName, kind === 'ConditionCheck' ? 'read' : 'write'];
      });
    default:
      // Table management and the rest: no route's role has them.
      return [[table ?? '*', 'write']];
  }
}

function allows(declared: TableAccess | TableAccess['mode'] | undefined, action: Action, index?: string): boolean {
  if (declared === undefined) return false;
  const grant: TableAccess = typeof declared === 'string' ? { mode: declared } : declared;
  if (action === 'write') return grant.mode === 'write';
  if (action === 'scan') return grant.scan === true;
  return index === undefined || (grant.indexes ?? []).some((name) => name === index);
}

function tableIdOf(name: string): TableId | undefined {
  return TABLES.find((table) => process.env[tableEnvVar(table.id)] === name)?.id;
}

/** Adds the guard to the client every handler uses (functions/lib/dynamo.ts). */
export function guardTableAccess(client: DynamoDBDocumentClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const route = current.getStore();
      if (route) {
        const commandName = ITEM_COMMANDS[context.commandName ?? ''] ?? context.commandName ?? '';
        for (const [name, action, index] of actionsOf(commandName, args.input as Record<string, unknown>)) {
          const id = tableIdOf(name);
          const input = args.input as { Key?: { pk?: unknown } };
          const accountStatusRead = id === 'users' && commandName === 'GetItemCommand' && route.signedIn;
          const liveChannels =
            route.publishesLive &&
            id === 'users' &&
            ((commandName === 'QueryCommand' && index === 'gsi1') ||
              (commandName === 'DeleteItemCommand' && String(input.Key?.pk).startsWith(LIVE_CONNECTION_KEY_PREFIX)));
          if (!allows(id && route.access[id], action, index) && !accountStatusRead && !liveChannels) {
            const refusal = `${route.routeId} is not authorized to perform: dynamodb ${action}${index ? ` on index ${index}` : ''} on table ${id ?? name} (not in its declared access)`;
            route.refused.push(refusal);
            throw Object.assign(new Error(refusal), { name: 'AccessDeniedException' });
          }
        }
      }
      return next(args);
    },
    { step: 'initialize', name: 'localTableAccessGuard', override: true },
  );
}
