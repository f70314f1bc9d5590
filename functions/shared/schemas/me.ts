import * as z from 'zod';

/** The signed-in user as the API knows them (identity comes from the verified token only). */
export const MeResponse = z.object({
  id: z.string(),
  email: z.email(),
  createdAt: z.iso.datetime(),
});
export type MeResponse = z.infer<typeof MeResponse>;
