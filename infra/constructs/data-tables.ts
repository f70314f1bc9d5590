import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { ACTIVITY_ORDER_INDEXES, TABLES, type TableId } from '../../functions/shared/tables';

export type TablesById = Readonly<Record<TableId, Table>>;

/** One DynamoDB table per entry of TABLES (the same list the local host creates tables from). */
export class DataTables extends Construct {
  readonly byId: TablesById;

  constructor(scope: Construct, id: string, options: { activityOrderIndexes: number }) {
    super(scope, id);
    const leftOut = new Set<string>(
      Object.values(ACTIVITY_ORDER_INDEXES)
        .slice(options.activityOrderIndexes)
        .map((index) => index.name),
    );
    const byId: Partial<Record<TableId, Table>> = {};
    for (const definition of TABLES) {
      const table = new Table(this, definition.id, {
        partitionKey: { name: definition.partitionKey, type: AttributeType.STRING },
        sortKey: { name: definition.sortKey, type: AttributeType.STRING },
        billingMode: BillingMode.PAY_PER_REQUEST,
        encryption: TableEncryption.AWS_MANAGED,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        timeToLiveAttribute: definition.ttlAttribute,
        // User data outlives any one deployment: deleting the stack must not delete it.
        removalPolicy: RemovalPolicy.RETAIN,
      });
      for (const index of definition.indexes.filter((index) => !leftOut.has(index.name))) {
        table.addGlobalSecondaryIndex({
          indexName: index.name,
          partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
          sortKey: { name: index.sortKey, type: AttributeType.STRING },
          ...(index.nonKeyAttributes
            ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.nonKeyAttributes] }
            : { projectionType: ProjectionType.ALL }),
        });
      }
      byId[definition.id] = table;
    }
    this.byId = byId as TablesById;
  }
}
