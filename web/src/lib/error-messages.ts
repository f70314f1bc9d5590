import { ApiError } from './api/api-error';

/** One place that turns any thrown value into copy a person can act on. */
export function userMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Your session has ended. Please sign in again.';
    if (error.status === 403) return 'You do not have access to this.';
    if (error.status === 404) return 'We could not find what you were looking for.';
    if (error.status >= 500) return 'TrailBuddy is having trouble right now. Please try again in a moment.';
    return error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
