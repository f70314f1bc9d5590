// Its own module, free of zod, so code on the public pages (error messages) can check for it without the client.
import { validationFields, type SchemaIssues } from '@shared/validation-fields';

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

/**
 * The server's 400 `validation_failed` for a body its shared schema refused (functions/lib/http.ts), built the same
 * way. Demo areas answer with it, so a form puts their messages on its fields exactly as it does the server's.
 */
export function validationFailed(error: SchemaIssues): ApiError {
  return new ApiError(400, 'validation_failed', 'The request body is invalid.', validationFields(error, 'body'));
}
