/**
 * Runs the Strava simulator on its own: `npx tsx infra/local/simulators/strava/main.ts --port 4100`.
 * Options: --port N (0 = any free port), --host H, --seed N, --client-id ID --client-secret S.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_CLIENT, DEFAULT_SEED, SEEDED_ATHLETE_IDS, startStravaSimulator } from './index';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4100' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    'client-id': { type: 'string', default: process.env.STRAVA_CLIENT_ID ?? DEFAULT_CLIENT.clientId },
    'client-secret': { type: 'string', default: process.env.STRAVA_CLIENT_SECRET ?? DEFAULT_CLIENT.clientSecret },
  },
});

const port = Number(values.port);
const seed = Number(values.seed);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, got ${values.port}`);
if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, got ${values.seed}`);

const simulator = await startStravaSimulator({
  port,
  host: values.host,
  seed,
  clients: [{ clientId: values['client-id'], clientSecret: values['client-secret'] }],
});

console.log(`Strava simulator listening on ${simulator.url}`);
console.log(`  client_id ${values['client-id']}; athletes ${SEEDED_ATHLETE_IDS.join(', ')}`);
console.log(`  authorize: ${simulator.url}/oauth/authorize   API: ${simulator.url}/api/v3`);

const shutdown = () => {
  simulator.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
