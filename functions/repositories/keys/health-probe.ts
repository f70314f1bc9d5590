export const healthProbeKeys = {
  /** A key no item ever has; the health probe reads it to prove the table answers. */
  healthProbe: () => ({ pk: 'HEALTH#probe', sk: 'HEALTH#probe' }),
} as const;
