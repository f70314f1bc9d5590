/**
 * The credit a device maker asks for where its data is shown. Garmin's API brand guidelines ask apps showing data from
 * a Garmin device to name it as "Garmin [device model]" beside the data (developer.garmin.com brand guidelines, in force
 * for API partners since 1 November 2025; read 2026-11-28). Strava passes the device on as `device_name`, which for
 * Garmin devices already reads "Garmin Forerunner 965".
 */
export function deviceCredit(deviceName: string | null | undefined): string | null {
  const name = deviceName?.trim().replace(/\s+/g, ' ');
  if (!name || !/^garmin\b/i.test(name)) return null;
  const model = name.replace(/^garmin\b\s*/i, '');
  return model ? `Recorded on Garmin ${model}` : 'Recorded on a Garmin device';
}
