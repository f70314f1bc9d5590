import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/api/api-error';
import { userMessage } from '@/lib/error-messages';

export interface SchemaFormOptions<TValues extends FieldValues, TOutput> {
  /** The shared wire schema the server checks the body with; an issue lands on the field of the same path. */
  schema: z.ZodType<TOutput>;
  defaultValues: TValues;
  /** The form's values in the wire shape, when the inputs hold something else (text for a number, say). */
  toInput?: (values: TValues) => unknown;
  /** Rules past the schema that need more than the body (today's date): a message per field path. */
  check?: (output: TOutput) => Partial<Record<string, string>>;
  /** Sends the checked body; throws (an ApiError with per-field messages, typically) when it is not taken. */
  onSubmit: (output: TOutput) => Promise<void>;
  /** Form-level copy: when the form's own check fails, and when the server's messages landed on fields. */
  messages?: { invalid?: string; serverFields?: string };
  /** The form message for a failed submit (without per-field messages); `userMessage` unless a form words one itself. */
  failureMessage?: (error: unknown) => string;
  /**
   * After a failed submit: 'first-invalid' focuses the first control marked aria-invalid (a fieldset: its first
   * input); a function chooses the element from the paths with errors; 'none' leaves focus where it is.
   */
  focus?: 'first-invalid' | 'none' | ((errorPaths: string[]) => void);
}

export interface SchemaForm<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** For the <form> element: its ref (for focus), noValidate and the submit handler. */
  formProps: {
    ref: RefObject<HTMLFormElement | null>;
    noValidate: true;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  };
  /** Submits without an event (a one-tap action that saves at once). */
  submit: () => Promise<void>;
  /** The message at this path, or (with `nested`) the first one at or below it. */
  fieldError: (path: string, options?: { nested?: boolean }) => string | undefined;
  formError: string | null;
  setFormError: (message: string | null) => void;
  submitting: boolean;
}

/**
 * Relied on (npm registry, 2026-11-28): react-hook-form 7.92.0 peers React ^16.8 || ^17 || ^18 || ^19;
 * @hookform/resolvers 7.0.9 peers react-hook-form ^7.55.0 and zod ^3.25.0 || ^4.0.0, and its zodResolver reads zod 4
 * schemas (issue paths become field paths; a form's values pass to `parseAsync`).
 *
 * One form over a shared zod schema: react-hook-form holds the values and the submitting flag, zodResolver turns
 * the schema's issues into field errors, and a 400 `validation_failed` (the server's, or a demo area's: both built by
 * @shared/validation-fields) puts its per-field messages on the same fields. The one place a form reads a 400.
 */
export function useSchemaForm<TValues extends FieldValues, TOutput>({
  schema,
  defaultValues,
  toInput,
  check,
  onSubmit,
  messages = {},
  failureMessage = userMessage,
  focus = 'first-invalid',
}: SchemaFormOptions<TValues, TOutput>): SchemaForm<TValues, TOutput> {
  const form = useForm<TValues, unknown, TOutput>({
    defaultValues: defaultValues as DefaultValues<TValues>,
    resolver: schemaResolver(schema, toInput, check),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // A new object on every failed submit, so focus moves to the first problem each time (typing afterwards must not).
  const [failure, setFailure] = useState<{ paths: string[] } | null>(null);

  const failed = (paths: string[]) => setFailure({ paths });

  useEffect(() => {
    if (failure === null || focus === 'none') return;
    if (typeof focus === 'function') focus(failure.paths);
    else focusFirstInvalid(formRef.current);
    // Only a new failure moves focus: a caller's inline focus function must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately keyed on the failure only (see above)
  }, [failure]);

  // A prerendered form can be typed in before its code hydrates it, and React keeps what was typed on screen: the
  // form starts from what its text inputs show (an input named as its field).
  useEffect(() => {
    const controls = formRef.current?.elements;
    for (const [field, initial] of Object.entries(defaultValues)) {
      const control = controls?.namedItem(field);
      if (typeof initial !== 'string' || !(control instanceof HTMLInputElement)) continue;
      if (control.type === 'checkbox' || control.type === 'radio' || control.value === initial) continue;
      form.setValue(field as Path<TValues>, control.value as PathValue<TValues, Path<TValues>>);
    }
    // Once, on mount: later the inputs follow the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately on mount only (see above)
  }, []);

  const fieldNames = new Set(Object.keys(defaultValues));

  const submit = form.handleSubmit(
    async (output) => {
      setFormError(null);
      try {
        await onSubmit(output);
      } catch (error) {
        const landed = serverFieldErrors(error).filter(([path]) => fieldNames.has(path.split('.')[0] ?? ''));
        for (const [path, message] of landed) form.setError(path as Path<TValues>, { type: 'server', message });
        setFormError(landed.length > 0 && messages.serverFields ? messages.serverFields : failureMessage(error));
        if (landed.length > 0) failed(landed.map(([path]) => path));
      }
    },
    (invalid) => {
      const found = errorEntries(invalid);
      setFormError(messages.invalid ?? found.find(([path]) => path === '')?.[1] ?? null);
      failed(found.map(([path]) => path));
    },
  );

  const entries = errorEntries(form.formState.errors);
  return {
    form,
    formProps: {
      ref: formRef,
      noValidate: true,
      onSubmit: (event) => void submit(event),
    },
    submit: () => submit(),
    fieldError: (path, options) =>
      entries.find(([at]) => at === path || (options?.nested === true && at.startsWith(`${path}.`)))?.[1],
    formError,
    setFormError,
    submitting: form.formState.isSubmitting,
  };
}

function schemaResolver<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  toInput: ((values: TValues) => unknown) | undefined,
  check: ((output: TOutput) => Partial<Record<string, string>>) | undefined,
): Resolver<TValues, unknown, TOutput> {
  const bySchema = zodResolver(schema as z.ZodType<TOutput, FieldValues>) as unknown as Resolver<
    FieldValues,
    unknown,
    TOutput
  >;
  return async (values, context, options) => {
    const input = (toInput ? toInput(values) : values) as FieldValues;
    const result = await bySchema(input, context, options as never);
    if (Object.keys(result.errors).length > 0 || !check) return result as never;
    const problems = Object.entries(check(result.values as TOutput)).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    );
    if (problems.length === 0) return result as never;
    const flat: Record<string, FieldError> = {};
    for (const [path, message] of problems) flat[path] = { type: 'check', message };
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

/** The per-field messages of a server 400 `validation_failed`, keyed by dotted path (`contacts.0.email`). */
export function serverFieldErrors(error: unknown): [string, string][] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  return Object.entries(error.fields);
}

/** react-hook-form's nested errors as [dotted path, message], in the order they were set. */
export function errorEntries(errors: FieldErrors | undefined, prefix = ''): [string, string][] {
  if (!errors || typeof errors !== 'object') return [];
  const found: [string, string][] = [];
  const node = errors as Record<string, unknown>;
  if (typeof node.message === 'string' && typeof node.type === 'string') found.push([prefix, node.message]);
  for (const [key, child] of Object.entries(node)) {
    // `ref` is the DOM element, `types` the criteria; an array's own message sits under `root`. An error's own
    // `message` and `type` are strings (skipped below), so fields named `message` or `type` still count.
    if (key === 'ref' || key === 'types') continue;
    if (child === null || typeof child !== 'object') continue;
    const path = key === 'root' ? prefix : prefix === '' ? key : `${prefix}.${key}`;
    found.push(...errorEntries(child as FieldErrors, path));
  }
  return found;
}

function focusFirstInvalid(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (first instanceof HTMLFieldSetElement) first.querySelector<HTMLElement>('input, select, textarea')?.focus();
  else first?.focus();
}
