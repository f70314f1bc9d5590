/** social: a sender's partner-request counter for one window (see functions/repositories/partner-request-windows.ts). */
export const partnerRequestWindowKeys = {
  window: (userId: string, windowStart: string) => ({ pk: `USER#${userId}`, sk: `PARTNER_REQ_WINDOW#${windowStart}` }),
} as const;
