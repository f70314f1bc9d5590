import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo, withoutSdkLogging } from '../../../functions/lib/dynamo';

const loggerMiddlewares = (names: string[]) => names.filter((name) => name.startsWith('loggerMiddleware'));

describe('the DynamoDB client (no per-call work for logs nobody writes)', () => {
  it('does not run the SDK logger middleware, which deep-copies every response to mask it', () => {
    expect(loggerMiddlewares(dynamo().middlewareStack.identify())).toEqual([]);
  });

  it('is a real check: a plain SDK client has that middleware, and withoutSdkLogging removes it', () => {
    const client = new DynamoDBClient({ region: 'local' });
    try {
      expect(loggerMiddlewares(client.middlewareStack.identify())).toHaveLength(1);
      expect(loggerMiddlewares(withoutSdkLogging(client).middlewareStack.identify())).toEqual([]);
    } finally {
      client.destroy();
    }
  });
});
