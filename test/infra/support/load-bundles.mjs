// Run by plain Node (not vitest), as the Lambda runtime loads a function: imports each bundle given as an argument
// and prints, as JSON, what its `handler` export is (or why it failed to load). The runtime provides the AWS SDK v3,
// the one package the CDK leaves out of the bundles, so `@aws-sdk/*` alone is resolved from the project's
// node_modules; any other import a bundle cannot resolve on its own fails, as it would in Lambda.
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const projectRoot = pathToFileURL(`${process.env.PROJECT_ROOT}/package.json`).href;
const resolveHook = `
export async function resolve(specifier, context, next) {
  if (!specifier.startsWith('@aws-sdk/')) return next(specifier, context);
  return next(specifier, { ...context, parentURL: ${JSON.stringify(projectRoot)} });
}`;
register(`data:text/javascript,${encodeURIComponent(resolveHook)}`);

const results = {};
for (const bundle of process.argv.slice(2)) {
  try {
    const module = await import(pathToFileURL(bundle).href);
    results[bundle] = typeof module.handler;
  } catch (error) {
    results[bundle] = `failed to load: ${error instanceof Error ? error.message : String(error)}`;
  }
}
process.stdout.write(JSON.stringify(results));
