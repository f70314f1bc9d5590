import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { HOUSE_BUNDLING } from '../bench/support/lambda-bundling';

export type BundleOutput = Metafile['outputs'][string];

/**
 * Bundles every function of `functions` in memory as the CDK bundles it (HOUSE_BUNDLING, one esbuild call) and returns
 * a lookup from a function's entry to what its bundle is made of (esbuild's metafile output).
 */
export async function bundleOutputs(
  functions: readonly { id: string; entry: string }[],
): Promise<(entry: string) => BundleOutput> {
  const { metafile } = await build({
    ...HOUSE_BUNDLING,
    entryPoints: Object.fromEntries(functions.map((fn) => [fn.id, fn.entry])),
    absWorkingDir: join(__dirname, '../..'),
    outdir: 'out',
    write: false,
    metafile: true,
  });
  return (entry) => {
    const output = Object.values(metafile.outputs).find((candidate) => candidate.entryPoint === entry);
    if (!output) throw new Error(`no bundle for ${entry}`);
    return output;
  };
}
