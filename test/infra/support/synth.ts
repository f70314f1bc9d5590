import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { TABLE_IDS } from '../../../functions/shared/tables';
import { createTrailBuddyApp, type TrailBuddyApp } from '../../../infra/bin/trailbuddy-app';
import { REPO_ROOT } from '../../../infra/constructs/paths';

/** cdk.json's context, so the tests build the app with the same feature flags and defaults as `cdk synth`. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return cdkJson.context;
}

export interface TestApp extends TrailBuddyApp {
  outdir: string;
  webDist: string;
  cleanup(): void;
}

export interface TestAppOptions {
  /** Run esbuild for every function (slow); off, the functions get placeholder code. */
  bundle?: boolean;
  builtinCloudFormationValidation?: boolean;
  context?: Record<string, unknown>;
}

/**
 * The real app, built against a small stand-in for web/dist so the infra tests do not depend on
 * the web build, in a temporary cloud assembly folder.
 */
export function buildTestApp(options: TestAppOptions = {}): TestApp {
  const root = mkdtempSync(join(tmpdir(), 'trailbuddy-infra-'));
  const webDist = join(root, 'web-dist');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/index-test.js"></script>',
  );
  writeFileSync(join(webDist, 'assets', 'index-test.js'), 'console.log("TrailBuddy");');

  const outdir = join(root, 'cdk.out');
  const cleanup = () => rmSync(root, { recursive: true, force: true });
  // Bundling happens here, while the functions are constructed.
  const restorePath = options.bundle ? putLocalBinsFirst(root) : () => undefined;
  try {
    const app = createTrailBuddyApp({
      outdir,
      webDist,
      builtinCloudFormationValidation: options.builtinCloudFormationValidation ?? false,
      context: {
        ...cdkJsonContext(),
        ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
        ...options.context,
      },
    });
    return { ...app, outdir, webDist, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  } finally {
    restorePath();
  }
}

/**
 * The CDK bundles each function with `npx --no-install esbuild …` (esbuild is a workspace package here): one npm
 * start-up per function, about half a second of CPU each, ~75 times, before esbuild (milliseconds) runs. For the
 * duration of the app's construction an `npx` in front of PATH runs the project's own node_modules/.bin/<tool> for
 * `--no-install` calls (what npx itself would resolve to) and hands anything else to the real npx. The bundles are
 * the same: same esbuild binary, same arguments. Returns what puts PATH back.
 */
function putLocalBinsFirst(root: string): () => void {
  const bin = join(root, 'bin');
  mkdirSync(bin);
  const localBins = join(REPO_ROOT, 'node_modules', '.bin');
  const path = process.env.PATH ?? '';
  const realNpx = path
    .split(delimiter)
    .map((dir) => join(dir, 'npx'))
    .find((candidate) => existsSync(candidate));
  writeFileSync(
    join(bin, 'npx'),
    [
      '#!/bin/sh',
      `if [ "$1" = "--no-install" ] && [ -x "${localBins}/$2" ]; then tool="$2"; shift 2; exec "${localBins}/$tool" "$@"; fi`,
      realNpx ? `exec "${realNpx}" "$@"` : 'echo "npx: not found" >&2; exit 127',
      '',
    ].join('\n'),
  );
  chmodSync(join(bin, 'npx'), 0o755);
  process.env.PATH = `${bin}${delimiter}${path}`;
  return () => {
    process.env.PATH = path;
  };
}

export function templates(testApp: TrailBuddyApp): { stateful: Template; stateless: Template } {
  testApp.app.synth();
  return { stateful: Template.fromStack(testApp.stateful), stateless: Template.fromStack(testApp.stateless) };
}

export interface CfnResource {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  DependsOn?: string[];
}

export function resourcesOfType(template: Template, type: string): Record<string, CfnResource> {
  return template.findResources(type) as Record<string, CfnResource>;
}

export function onlyResourceOfType(template: Template, type: string): [string, CfnResource] {
  const entries = Object.entries(resourcesOfType(template, type));
  if (entries.length !== 1) throw new Error(`Expected exactly one ${type}, found ${entries.length}`);
  return entries[0]!;
}

/** The HTTP API's stage (`$default`); the realtime channel's WebSocket API has a stage of its own. */
export function httpApiStageOf(template: Template): [string, CfnResource] {
  const stages = Object.entries(resourcesOfType(template, 'AWS::ApiGatewayV2::Stage')).filter(
    ([, stage]) => stage.Properties.StageName === '$default',
  );
  if (stages.length !== 1) throw new Error(`Expected exactly one $default stage, found ${stages.length}`);
  return stages[0]!;
}

/**
 * Flattens an Fn::Join into one string, writing every token as its JSON, so a test can read a
 * header or URL that mixes literals and references.
 */
export function flattenJoin(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'Fn::Join' in value) {
    const [separator, parts] = (value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
    return parts.map(flattenJoin).join(separator);
  }
  return JSON.stringify(value);
}

/** The template of the stack (nested or not) that holds a construct. */
export function templateOf(construct: IConstruct): Template {
  return Template.fromStack(Stack.of(construct));
}

/** Every resource of the stateless stack and of its nested stacks (the route areas), by logical id. */
export function statelessResources(testApp: TrailBuddyApp): Record<string, CfnResource> {
  const stacks = testApp.stateless.node.findAll().filter((construct): construct is Stack => Stack.isStack(construct));
  return Object.assign(
    {},
    ...stacks.map((stack) => Template.fromStack(stack).toJSON().Resources as Record<string, CfnResource>),
  );
}

/** The DynamoDB grants of a function's role: `<table>` or `<table>/index/<name>` → sorted actions. */
export function dynamoGrantsOf(fn: IFunction): Record<string, string[]> {
  const stack = Stack.of(fn);
  const resources = Template.fromStack(stack).toJSON().Resources as Record<string, CfnResource>;
  const roleId = stack.getLogicalId(fn.role!.node.defaultChild as CfnElement);
  const grants: Record<string, Set<string>> = {};
  for (const policy of Object.values(resources).filter((candidate) => candidate.Type === 'AWS::IAM::Policy')) {
    if (!(policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId)) continue;
    for (const statement of policy.Properties.PolicyDocument.Statement as {
      Action: string | string[];
      Resource: unknown;
    }[]) {
      const actions = [statement.Action].flat().filter((action) => action.startsWith('dynamodb:'));
      for (const target of [statement.Resource].flat()) {
        const text = JSON.stringify(target);
        const table = TABLE_IDS.find((id) => text.includes(`Tables${id}`));
        if (!table || actions.length === 0) continue;
        const index = /\/index\/([^"]+)"/.exec(text)?.[1];
        const key = index ? `${table}/index/${index}` : table;
        for (const action of actions) (grants[key] ??= new Set()).add(action);
      }
    }
  }
  return Object.fromEntries(Object.entries(grants).map(([key, actions]) => [key, [...actions].sort()]));
}

/** The stateless stack and its nested route-area stacks as one template, for tests that look across them (call after synth). */
export function statelessTemplate(testApp: TrailBuddyApp): Template {
  return Template.fromJSON({ Resources: statelessResources(testApp) });
}

/**
 * What each bundle exports as `handler` (`'function'` for a working one) when plain Node loads it as the Lambda
 * runtime does, or why it failed to load. One Node process for all bundles: importing them through vitest's module
 * runner transformed every bundle and its source map again (about 20 s for the ~75 functions).
 */
export function handlerExportsOf(bundles: readonly string[]): Record<string, string> {
  const output = execFileSync(process.execPath, [join(import.meta.dirname, 'load-bundles.mjs'), ...bundles], {
    env: { ...process.env, PROJECT_ROOT: REPO_ROOT },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(output) as Record<string, string>;
}
