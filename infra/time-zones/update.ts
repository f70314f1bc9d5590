import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { zoneDataModule } from './zone-data';

/** Rewrites functions/shared/analysis/zone-data.ts from the installed moment-timezone (after bumping its pin). */
const target = fileURLToPath(new URL('../../functions/shared/analysis/zone-data.ts', import.meta.url));
writeFileSync(target, zoneDataModule());
console.log(`wrote ${target}`);
