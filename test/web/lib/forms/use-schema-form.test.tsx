import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api/api-error';
import { useSchemaForm } from '@/lib/forms/use-schema-form';

const Plan = z.object({
  title: z.string().trim().min(1, 'Give it a title.'),
  contacts: z.array(z.object({ email: z.email('Enter an email address.') })).min(1),
  seats: z.number().int().min(1, 'At least one seat.'),
});
type Plan = z.infer<typeof Plan>;
interface PlanValues {
  title: string;
  contacts: { email: string }[];
  seats: string;
}

function PlanForm({ onSubmit }: { onSubmit: (plan: Plan) => Promise<void> }) {
  const { form, formProps, fieldError, formError, submitting } = useSchemaForm({
    schema: Plan,
    defaultValues: { title: '', contacts: [{ email: '' }], seats: '0' } satisfies PlanValues,
    toInput: (values: PlanValues) => ({ ...values, seats: Number(values.seats) }),
    onSubmit,
    messages: { invalid: 'Please fix the highlighted fields.', serverFields: 'Please check the highlighted fields.' },
  });
  return (
    <form {...formProps} aria-label="Plan">
      <FormField label="Title" error={fieldError('title')}>
        {(props) => <input {...props} {...form.register('title')} />}
      </FormField>
      <FormField label="Email" error={fieldError('contacts.0.email')}>
        {(props) => <input {...props} {...form.register('contacts.0.email')} />}
      </FormField>
      <FormField label="Seats" error={fieldError('seats')}>
        {(props) => <input {...props} {...form.register('seats')} />}
      </FormField>
      {formError && <p role="alert">{formError}</p>}
      <button type="submit" disabled={submitting}>
        Save
      </button>
    </form>
  );
}

describe('useSchemaForm', () => {
  it('puts each zod issue on the field at its path, focuses the first, and sends nothing', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<PlanForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please fix the highlighted fields.');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Give it a title.');
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter an email address.');
    expect(screen.getByLabelText('Seats')).toHaveAccessibleDescription('At least one seat.');
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the parsed wire body and disables submit while sending', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<PlanForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: ' Lynn Loop ' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.change(screen.getByLabelText('Seats'), { target: { value: '2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Lynn Loop', contacts: [{ email: 'sam@example.com' }], seats: 2 });
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it("puts a server 400's per-field messages on the fields it has, and says so above the button", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'validation_failed', 'The request body is invalid.', {
        'contacts.0.email': 'That address bounced before.',
        title: 'A plan with that title exists.',
        unknownField: 'Not on this form.',
      });
    });
    render(<PlanForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Lynn Loop' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.change(screen.getByLabelText('Seats'), { target: { value: '2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('That address bounced before.');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('A plan with that title exists.');
    expect(screen.queryByText('Not on this form.')).toBeNull();
  });

  it('shows the copy for any other failure as the form message', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, 'conflict', 'Someone changed this plan meanwhile.');
    });
    render(<PlanForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Lynn Loop' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.change(screen.getByLabelText('Seats'), { target: { value: '2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Someone changed this plan meanwhile.');
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('useSchemaForm on a prerendered form', () => {
  const Email = z.object({ email: z.string().trim() });

  function EmailForm({ onSubmit }: { onSubmit: (value: z.infer<typeof Email>) => Promise<void> }) {
    const { form, formProps } = useSchemaForm({ schema: Email, defaultValues: { email: '' }, onSubmit });
    return (
      <form {...formProps} aria-label="Email form">
        <label>
          Email
          <input
            name="email"
            value={form.watch('email')}
            onChange={(event) => form.setValue('email', event.target.value)}
          />
        </label>
        <button type="submit">Go</button>
      </form>
    );
  }

  it('takes over what was typed into the HTML before its code hydrated it', async () => {
    const onSubmit = vi.fn(async () => {});
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<EmailForm onSubmit={onSubmit} />);
    container.querySelector('input')!.value = ' sam@example.com ';

    const root = await act(async () => hydrateRoot(container, <EmailForm onSubmit={onSubmit} />));
    expect(screen.getByLabelText('Email')).toHaveValue(' sam@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'sam@example.com' }));
    act(() => root.unmount());
    container.remove();
  });
});
