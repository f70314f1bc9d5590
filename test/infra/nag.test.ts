import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/synth';

interface ValidationReport {
  pluginReports: {
    pluginName: string;
    summary?: { status: string };
    violations: { ruleName: string; severity: string }[];
  }[];
}

let testApp: TestApp;

beforeAll(() => {
  // The full app with CDK's CloudFormation validation on, as `cdk synth` runs it. Synthesis
  // itself throws on any finding that is not acknowledged (see createTrailBuddyApp).
  testApp = buildTestApp({ builtinCloudFormationValidation: true });
  testApp.app.synth();
});
afterAll(() => testApp?.cleanup());

describe('cdk-nag AWS Solutions checks', () => {
  it('finds no unacknowledged error or warning in either stack', () => {
    const report = new AwsSolutionsChecks().validateScope(testApp.app);
    const findings = report.violations.flatMap((violation) =>
      violation.violatingResources.map(
        (resource) => `${violation.severity} ${violation.ruleName} at ${resource.constructPath}`,
      ),
    );
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('leaves nothing in the validation report written to the cloud assembly', () => {
    const report = JSON.parse(readFileSync(join(testApp.outdir, 'validation-report.json'), 'utf8')) as ValidationReport;
    const violations = report.pluginReports.flatMap((plugin) =>
      plugin.violations.map((violation) => `${plugin.pluginName}: ${violation.ruleName}`),
    );
    expect(violations).toEqual([]);
  });

  it('gives every acknowledgement a specific reason', () => {
    const acknowledgements = collectAcknowledgements(testApp.app);
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const { path, id, reason } of acknowledgements) {
      expect(id, path).toMatch(/^AwsSolutions-[A-Z0-9]+(\[.+\])?$/);
      expect(reason.length, `${path} ${id}`).toBeGreaterThanOrEqual(60);
    }
  });
});

describe('synthesis fails on unacknowledged findings', () => {
  it('fails on an error-level finding (a bucket that allows plain HTTP)', () => {
    const broken = buildTestApp();
    try {
      new Bucket(broken.stateless, 'PlainHttpBucket', { serverAccessLogsBucket: broken.stateless.site.logBucket });
      expect(() => broken.app.synth()).toThrow(/AwsSolutions-S10/);
    } finally {
      broken.cleanup();
    }
  });

  it('fails on a warning-level finding too (a table without point-in-time recovery)', () => {
    const broken = buildTestApp();
    try {
      new Table(broken.stateful, 'NoRecoveryTable', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
      expect(() => broken.app.synth()).toThrow(/AwsSolutions-DDB3/);
    } finally {
      broken.cleanup();
    }
  });
});

function collectAcknowledgements(root: IConstruct): { path: string; id: string; reason: string }[] {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([qualifiedId, reason]) => ({
          path: construct.node.path,
          id: qualifiedId.replace(/^[A-Za-z]+::/, ''),
          reason,
        })),
      ),
  );
}
