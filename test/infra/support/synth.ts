import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
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
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-test.js"></script>');
  writeFileSync(join(webDist, 'assets', 'index-test.js'), 'console.log("TrailBuddy");');

  const outdir = join(root, 'cdk.out');
  const cleanup = () => rmSync(root, { recursive: true, force: true });
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
  }
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
