import type { BuildOptions, Metafile } from 'esbuild';

/** As infra/constructs/house-function.ts has the CDK bundle every function (minified ESM for Node 22, a require shim). */
export const HOUSE_BUNDLING: BuildOptions = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: {
    js: "import { createRequire as __houseCreateRequire } from 'node:module'; const require = __houseCreateRequire(import.meta.url);",
  },
  // NodejsFunction leaves the AWS SDK v3 out (the Node 22 runtime provides it), so it is not part of the size; the
  // load time includes it, from node_modules, as a cold start loads it from the runtime.
  external: ['@aws-sdk/*'],
  logLevel: 'silent',
  write: true,
};

/** A package that adds more than this to a Lambda bundle must be listed in HEAVY_PACKAGES_ALLOWED. */
export const HEAVY_PACKAGE_KB = 100;
/** Packages allowed to add more than HEAVY_PACKAGE_KB to a bundle, and why. */
export const HEAVY_PACKAGES_ALLOWED: Readonly<Record<string, string>> = {
  // ≈101 kB minified: the shared wire schemas (functions/shared/schemas) validate every request and response.
  zod: 'the one validation library of the wire schemas, in every route',
  // ≈246 kB minified (every API resource is attached by the client's constructor, so nothing shakes out): the
  // official Stripe SDK, only in the functions that call Stripe (STRIPE_FUNCTIONS, checked by lambda-bundles.test.ts).
  stripe: 'the official Stripe SDK, in the billing functions that call Stripe only',
};

/**
 * The only functions that may bundle the Stripe SDK: they call Stripe. Reading the plan never does, nor does account
 * deletion (it queues the cancellation; the billing-stripe-cleanup job calls Stripe).
 */
export const STRIPE_FUNCTIONS: readonly string[] = [
  'post-billing-checkout',
  'post-billing-portal',
  'post-billing-webhook',
  'billing-stripe-cleanup',
];

export interface BundlePart {
  /** A node_modules package ('@scope/name' or 'name'), or 'app' for the repository's own code. */
  name: string;
  kB: number;
}

/** The package a bundled input belongs to (its last node_modules segment), or 'app'. */
export function packageOf(input: string): string {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return 'app';
  const [first, second] = input.slice(at + 'node_modules/'.length).split('/');
  return first!.startsWith('@') ? `${first}/${second}` : first!;
}

/** What one output of an esbuild metafile is made of, by package, largest first (minified bytes in the output). */
export function bundleParts(output: Metafile['outputs'][string]): BundlePart[] {
  const bytes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = packageOf(input);
    bytes.set(name, (bytes.get(name) ?? 0) + bytesInOutput);
  }
  return [...bytes].map(([name, b]) => ({ name, kB: b / 1000 })).sort((a, b) => b.kB - a.kB);
}

/** The packages in a bundle over HEAVY_PACKAGE_KB that HEAVY_PACKAGES_ALLOWED does not list. */
export function heavyPackages(
  parts: readonly BundlePart[],
  allowed: Readonly<Record<string, string>> = HEAVY_PACKAGES_ALLOWED,
): BundlePart[] {
  return parts.filter((part) => part.name !== 'app' && part.kB > HEAVY_PACKAGE_KB && !(part.name in allowed));
}
