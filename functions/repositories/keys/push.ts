/** users and social: a person's push devices and the pushes waiting to go out (see functions/repositories/push.ts). */
export const pushKeys = {
  /** users: one device's subscription, named by the SHA-256 of its endpoint. */
  device: (userId: string, deviceId: string) => ({ pk: `USER#${userId}`, sk: `PUSH_DEVICE#${deviceId}` }),
  devicesOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'PUSH_DEVICE#' }),
  /** social: one notification waiting to be pushed, under its recipient's partition (account deletion sweeps it). */
  pending: (userId: string, notificationId: string) => ({ pk: `USER#${userId}`, sk: `PUSH_PENDING#${notificationId}` }),
  pendingDue: (queuedAt: string, userId: string, notificationId: string) => ({
    gsi1pk: 'PUSH_DUE',
    gsi1sk: `${queuedAt}#${userId}#${notificationId}`,
  }),
} as const;
