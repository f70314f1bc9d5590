/** What a zod error carries that the 400 needs (structurally, so the web's public pages can use this without zod). */
export interface SchemaIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/**
 * The `fields` of a 400 `validation_failed` (ApiErrorBody): the first message per dotted path (`contacts.0.email`),
 * a problem with the value as a whole under `whole` ('body', 'query', 'path'). The server answers with it, and the
 * web's demo areas answer the same way, so a form reads both alike.
 */
export function validationFields(error: SchemaIssues, whole: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues)
    fields[issue.path.length ? issue.path.map(String).join('.') : whole] ??= issue.message;
  return fields;
}
