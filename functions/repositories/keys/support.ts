/** social: support requests' hourly counter (table in functions/repositories/support.ts). */
export const supportKeys = {
  supportWindow: (userId: string, hourStart: string) => ({ pk: `USER#${userId}`, sk: `SUPPORT_WINDOW#${hourStart}` }),
} as const;
