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
    new DynamoDBClient({
      endpoint: optionalEnv('DYNAMODB_ENDPOINT'),
      maxAttempts: 3,
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return documentClient;
}

/** A conditional write whose condition did not hold (by class, or by name when another SDK copy threw it). */
export function isConditionalCheckFailure(error: unknown): boolean {
  return (
    error instanceof ConditionalCheckFailedException ||
    (error instanceof Error && error.name === 'ConditionalCheckFailedException')
  );
}
