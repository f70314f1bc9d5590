/**
 * Runs the Google simulator on its own: `npx tsx infra/local/simulators/google/main.ts --port 4200`.
 * Options: --port N (0 = any free port), --host H, --seed N, --client-id ID --client-secret S.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_GOOGLE_CLIENT, DEFAULT_GOOGLE_SEED, SEEDED_USER_SUBS, startGoogleSimulator } from './index';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4200' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: String(DEFAULT_GOOGLE_SEED) },
    'client-id': { type: 'string', default: process.env.GOOGLE_CLIENT_ID ?? DEFAULT_GOOGLE_CLIENT.clientId },
    'client-secret': {
      type: 'string',
      default: process.env.GOOGLE_CLIENT_SECRET ?? DEFAULT_GOOGLE_CLIENT.clientSecret,
    },
  },
});

const port = Number(values.port);
const seed = Number(values.seed);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, got ${values.port}`);
if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, got ${values.seed}`);

const simulator = await startGoogleSimulator({
  port,
  host: values.host,
  seed,
  clients: [{ clientId: values['client-id'], clientSecret: values['client-secret'] }],
});

console.log(`Google simulator listening on ${simulator.url}`);
console.log(`  client_id ${values['client-id']}; accounts ${SEEDED_USER_SUBS.join(', ')}`);
console.log(
  `  authorize: ${simulator.url}/o/oauth2/v2/auth   token: ${simulator.url}/token   Health API: ${simulator.url}/v4`,
);

const shutdown = () => {
  simulator.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
