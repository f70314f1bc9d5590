import * as z from 'zod';

/** Every non-2xx response body: `{ "error": { "code", "message" } }`. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Per-field messages for validation failures, keyed by dotted path. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
