/** social: reports and moderation (table in functions/repositories/reports.ts). */
export const reportKeys = {
  report: (reportId: string) => ({ pk: `REPORT#${reportId}`, sk: 'REPORT' }),
  reportsByStatus: (status: string, createdAt: string, reportId: string) => ({
    gsi1pk: `REPORTS#${status}`,
    gsi1sk: `${createdAt}#${reportId}`,
  }),
  /** The gsi1 partition of the reports in one status (the moderation queue reads 'open'). */
  reportsInStatus: (status: string) => `REPORTS#${status}`,
  reporterOfTarget: (kind: string, targetId: string, reporterId: string) => ({
    pk: `REPORTED#${kind}#${targetId}`,
    sk: `BY#${reporterId}`,
  }),
  reportersOfTarget: (kind: string, targetId: string) => ({ pk: `REPORTED#${kind}#${targetId}`, skPrefix: 'BY#' }),
  hiddenContent: (kind: string, targetId: string) => ({ pk: `HIDDEN#${kind}#${targetId}`, sk: 'HIDDEN' }),
  suspendedUser: (userId: string) => ({ pk: `SUSPENDED#${userId}`, sk: 'SUSPENDED' }),
  reportWindow: (userId: string, hourStart: string) => ({ pk: `USER#${userId}`, sk: `REPORT_WINDOW#${hourStart}` }),
} as const;
