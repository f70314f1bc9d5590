import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { ApiError, validationFailed } from '@/lib/api/api-error';

const Body = z
  .object({ name: z.string().min(1, 'Enter a name.'), contacts: z.array(z.object({ email: z.email('Bad email.') })) })
  .refine((body) => body.contacts.length > 0, { message: 'Add a contact.' });

describe('validationFailed', () => {
  it("answers as the server does: a 400 with the first message per dotted field path, the body's own under body", () => {
    const fieldIssues = Body.safeParse({ name: '', contacts: [{ email: 'x' }] });
    const error = validationFailed(fieldIssues.error!);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'The request body is invalid.' });
    expect(error.fields).toEqual({ name: 'Enter a name.', 'contacts.0.email': 'Bad email.' });

    expect(validationFailed(Body.safeParse({ name: 'A', contacts: [] }).error!).fields).toEqual({
      body: 'Add a contact.',
    });
  });
});
