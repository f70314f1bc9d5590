import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { EnvSettings, EnvVar } from '../../functions/shared/env';
import { tableAccessOf, tablesOf, type TableAccessMap } from '../../functions/shared/routes';
import { TABLES, tableEnvVar, type TableId } from '../../functions/shared/tables';
import { fromRepoRoot, REPO_ROOT } from './paths';

/** What a `read` declaration grants (ConditionCheckItem: transactions check conditions through it). */
export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
] as const;
/** What `write` adds; transactions (TransactWriteItems) are authorised through these item-level actions. */
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;

/** One statement per declared table: its actions on the table and on exactly the declared indexes. */
function declaredStatements(access: TableAccessMap, allTables: Readonly<Record<TableId, ITable>>): PolicyStatement[] {
  return Object.entries(access).map(([tableId, declared]) => {
    const { mode, indexes = [], scan } = tableAccessOf(declared!);
    const table = allTables[tableId as TableId];
    const known = TABLES.find((candidate) => candidate.id === tableId)?.indexes.map((index) => index.name) ?? [];
    for (const index of indexes)
      if (!known.includes(index)) throw new Error(`Table '${tableId}' has no index '${index}'`);
    return new PolicyStatement({
      actions: [
        ...TABLE_READ_ACTIONS,
        ...(mode === 'write' ? TABLE_WRITE_ACTIONS : []),
        ...(scan ? ['dynamodb:Scan'] : []),
      ],
      resources: [table.tableArn, ...indexes.map((index) => `${table.tableArn}/index/${index}`)],
    });
  });
}

export interface HouseFunctionProps {
  /** Handler module, relative to the repository root; it exports `handler`. */
  entry: string;
  /** The tables it uses and how (functions/shared/routes.ts): it gets their names in its environment and exactly that grant. */
  access: TableAccessMap;
  allTables: Readonly<Record<TableId, ITable>>;
  /** Purpose, shown in the Lambda console. */
  description: string;
  /** 256 for request handlers, 512 for batch jobs. */
  memorySize?: 256 | 512;
  timeout?: Duration;
  /** Plain settings (never secrets) added to the function's environment. */
  environment?: Readonly<EnvSettings>;
  /** Secrets the function may read: it gets `envVar` = the secret's ARN and read access to exactly these. */
  secrets?: readonly { envVar: EnvVar; secret: ISecret }[];
}

/** Every function of the app, with the house defaults: one place to change runtime, bundling, logs, tracing. */
export class HouseFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: HouseFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const tableEnvironment = Object.fromEntries(
      tablesOf(props.access).map((tableId) => [tableEnvVar(tableId), props.allTables[tableId].tableName]),
    );

    this.function = new NodejsFunction(this, 'Function', {
      entry: fromRepoRoot(props.entry),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: fromRepoRoot('package-lock.json'),
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 256,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup: this.logGroup,
      environment: {
        ...tableEnvironment,
        ...props.environment,
        ...Object.fromEntries((props.secrets ?? []).map(({ envVar, secret }) => [envVar, secret.secretArn])),
        POWERTOOLS_SERVICE_NAME: 'trailbuddy',
        // Stack traces point into the TypeScript sources instead of the minified bundle.
        NODE_OPTIONS: '--enable-source-maps',
      } satisfies EnvSettings & Record<string, string>,
      bundling: {
        // esbuild from node_modules: synthesis needs neither Docker nor the network.
        forceDockerBundling: false,
        logLevel: LogLevel.WARNING,
        minify: true,
        sourceMap: true,
        target: 'node22',
        format: OutputFormat.ESM,
        mainFields: ['module', 'main'],
        // Bundled CommonJS dependencies may call require(); ESM output has none unless we make one.
        banner:
          "import { createRequire as __houseCreateRequire } from 'node:module'; const require = __houseCreateRequire(import.meta.url);",
      },
    });

    for (const statement of declaredStatements(props.access, props.allTables)) this.function.addToRolePolicy(statement);

    for (const { secret } of props.secrets ?? []) secret.grantRead(this.function);

    this.acknowledgeNagFindings();
  }

  private acknowledgeNagFindings(): void {
    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions-L1',
        reason:
          'Pinned to nodejs22.x on purpose: it is the newest runtime the project supports (package.json engines <23, the dev and CI machines run Node 20-22), so code is tested on the runtime it ships to.',
      },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          "AWSLambdaBasicExecutionRole only allows writing the function's own CloudWatch logs; it is the AWS-recommended baseline for Lambda.",
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'X-Ray PutTraceSegments/PutTelemetryRecords do not support resource-level permissions; the wildcard is what AWS documents for active tracing.',
      },
    );
  }
}
