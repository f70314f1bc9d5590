// Its own module, free of zod, so code on the public pages (error messages) can check for it without the client.
/** A failed API call, from the `{ error: { code, message } }` envelope or from the transport. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
