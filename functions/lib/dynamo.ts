import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { optionalEnv } from './config';

let documentClient: DynamoDBDocumentClient | undefined;

/**
 * One DynamoDB document client per process (reused across Lambda invocations).
 * DYNAMODB_ENDPOINT points it at DynamoDB Local; in AWS it is unset.
 */
export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(
    withoutSdkLogging(new DynamoDBClient({ endpoint: optionalEnv('DYNAMODB_ENDPOINT'), maxAttempts: 3 })),
    {
      marshallOptions: { removeUndefinedValues: true },
    },
  );
  return documentClient;
}

/**
 * The SDK's logger middleware copies every request and response through the operation's schema to mask sensitive
 * fields before handing them to the client's logger, even when that logger is the default no-op one: for a page of
 * 50 items that is a deep copy of every attribute on every call (api-read-p99). This client has no
 * logger (its calls are never logged: items can hold personal data), so the middleware goes.
 */
export function withoutSdkLogging<Client extends DynamoDBClient>(client: Client): Client {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

/** A conditional write whose condition did not hold (by class, or by name when another SDK copy threw it). */
export function isConditionalCheckFailure(error: unknown): boolean {
  return (
    error instanceof ConditionalCheckFailedException ||
    (error instanceof Error && error.name === 'ConditionalCheckFailedException')
  );
}
