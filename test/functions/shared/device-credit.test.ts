import { describe, expect, it } from 'vitest';
import { deviceCredit } from '../../../functions/shared/device-credit';

describe('deviceCredit: Garmin [device model], as Garmin asks', () => {
  it('credits a Garmin device by its model', () => {
    expect(deviceCredit('Garmin Forerunner 965')).toBe('Recorded on Garmin Forerunner 965');
    expect(deviceCredit('garmin  Edge 1040')).toBe('Recorded on Garmin Edge 1040');
    expect(deviceCredit('Garmin')).toBe('Recorded on a Garmin device');
  });

  it('credits nothing for other devices or none', () => {
    expect(deviceCredit('Apple Watch Ultra')).toBeNull();
    expect(deviceCredit('Strava iPhone App')).toBeNull();
    expect(deviceCredit('Garminator 3000')).toBeNull();
    expect(deviceCredit(undefined)).toBeNull();
    expect(deviceCredit(null)).toBeNull();
  });
});
