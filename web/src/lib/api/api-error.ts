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

/** What a zod error carries that the 400 needs (structurally, so this module stays free of zod). */
interface SchemaIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/**
 * The server's 400 `validation_failed` for a body its shared schema refused (functions/lib/http.ts): the first
 * message per dotted field path, a problem with the whole body under `body`. Demo areas answer with it, so a form
 * puts their messages on its fields exactly as it does the server's.
 */
export function validationFailed(error: SchemaIssues): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues)
    fields[issue.path.length ? issue.path.map(String).join('.') : 'body'] ??= issue.message;
  return new ApiError(400, 'validation_failed', 'The request body is invalid.', fields);
}
