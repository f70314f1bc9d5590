import * as z from 'zod';

/** Contact support: what a signed-in member writes; the support team answers by email. */
export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MAX = 4000;
/** Support requests one member may send per hour (429 after). */
export const SUPPORT_REQUESTS_PER_HOUR = 5;

export const SupportRequest = z
  .object({
    subject: z.string().trim().min(1, 'Add a subject.').max(SUPPORT_SUBJECT_MAX),
    message: z.string().trim().min(1, 'Tell us what you need.').max(SUPPORT_MESSAGE_MAX),
  })
  .strict();
export type SupportRequest = z.infer<typeof SupportRequest>;

/** 202: the request is queued for the support team; `priority` when it is a Premium member's (answered first). */
export const SupportReceipt = z.object({ received: z.literal(true), priority: z.boolean() });
export type SupportReceipt = z.infer<typeof SupportReceipt>;
