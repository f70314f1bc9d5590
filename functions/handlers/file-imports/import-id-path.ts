import * as z from 'zod';

/** `{importId}` in /api/imports/files/{importId}: the uuid the device chose for the upload. */
export const ImportIdPath = z.object({ importId: z.uuid() });
