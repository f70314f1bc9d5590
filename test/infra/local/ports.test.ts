import { describe, expect, it } from 'vitest';
import { configuredPort } from '../../../infra/local/ports';

describe('the ports npm start is given', () => {
  it('takes the default when unset and a valid port as given', async () => {
    expect(await configuredPort('PORT', undefined, 3000)).toBe(3000);
    expect(await configuredPort('PORT', '', 3000)).toBe(3000);
    expect(await configuredPort('STRAVA_SIMULATOR_PORT', '4191', 4100)).toBe(4191);
  });

  it.each(['4190', '6000', '10080', '6667'])(
    "refuses %s, a port Node's fetch and browsers refuse to connect to, naming the setting",
    async (raw) => {
      await expect(configuredPort('STRAVA_SIMULATOR_PORT', raw, 4100)).rejects.toThrow(
        new RegExp(`^STRAVA_SIMULATOR_PORT=${raw} is a port that browsers and Node's fetch refuse`),
      );
    },
  );

  it.each(['0', '65536', 'abc', '3000.5', '-1'])('refuses %s, which is no port', async (raw) => {
    await expect(configuredPort('PORT', raw, 3000)).rejects.toThrow(
      `PORT must be a port number (1-65535), got '${raw}'.`,
    );
  });
});
