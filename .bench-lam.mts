import { build } from 'esbuild';
import { HOUSE_BUNDLING } from './test/bench/support/lambda-bundling';
const { metafile } = await build({ ...HOUSE_BUNDLING, entryPoints: { 'delete-me': 'functions/handlers/' + process.argv[2] }, absWorkingDir: '/work/main', outdir: 'out', write: false, metafile: true });
const top = Object.values(metafile.outputs).find(o => o.entryPoint)!;
const app = Object.entries(top.inputs).filter(([i]) => !i.includes('node_modules')).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
console.log(app.length, app.reduce((s, [, v]) => s + v.bytesInOutput, 0));
for (const [i, v] of app) console.log(v.bytesInOutput, i);
// who imports what
const meta = metafile.inputs;
const target = process.argv[3];
if (target) for (const [k, v] of Object.entries(meta)) if (v.imports.some(x => x.path === target)) console.log('imported by', k);
