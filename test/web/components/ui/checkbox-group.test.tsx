import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxGroup, toggled } from '@/components/ui/checkbox-group';

const OPTIONS = ['map', 'water', 'light'] as const;
type Option = (typeof OPTIONS)[number];
const LABELS: Record<Option, string> = { map: 'Map and compass', water: 'Extra water', light: 'Headlamp' };

function Harness(props: { initial?: Option[]; onChange?: (selected: Option[]) => void; error?: string }) {
  const [selected, setSelected] = useState<Option[]>(props.initial ?? []);
  return (
    <CheckboxGroup
      legend="What you carry"
      hint="Tick all that apply."
      options={OPTIONS}
      labels={LABELS}
      selected={selected}
      onChange={(next) => {
        setSelected(next);
        props.onChange?.(next);
      }}
      error={props.error}
      firstInputId="carry"
    />
  );
}

describe('CheckboxGroup', () => {
  it('is a group named by its legend, described by its hint and error, with one labelled box per option', () => {
    render(<Harness initial={['water']} error="Pick at least one." />);
    const group = screen.getByRole('group', { name: 'What you carry' });
    expect(group).toHaveAccessibleDescription('Tick all that apply. Pick at least one.');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    const names = screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent);
    expect(names).toEqual(['Map and compass', 'Extra water', 'Headlamp']);
    expect(screen.getByRole('checkbox', { name: 'Extra water' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Map and compass' })).toHaveAttribute('id', 'carry');
  });

  it('is used from the keyboard: Tab moves between boxes, Space toggles, the selection keeps the options’ order', async () => {
    const onChange = vi.fn();
    render(<Harness initial={['light']} onChange={onChange} />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Map and compass' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(['map', 'light']);
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Extra water' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(['map', 'water', 'light']);
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(['map', 'light']);
    expect(screen.getByRole('checkbox', { name: 'Extra water' })).not.toBeChecked();
  });

  it('can hide its legend from sight but not from screen readers', () => {
    render(
      <CheckboxGroup
        legend="Emails to receive"
        legendStyle="hidden"
        layout="list"
        options={OPTIONS}
        labels={LABELS}
        selected={[]}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('group', { name: 'Emails to receive' })).toBeInTheDocument();
    expect(screen.getByText('Emails to receive')).toHaveClass('sr-only');
  });
});

describe('toggled', () => {
  it('turns one option on or off and keeps the order of the options', () => {
    expect(toggled(OPTIONS, ['light'], 'map', true)).toEqual(['map', 'light']);
    expect(toggled(OPTIONS, ['map', 'light'], 'map', false)).toEqual(['light']);
    expect(toggled(OPTIONS, ['light', 'map'], 'water', true)).toEqual(['map', 'water', 'light']);
  });
});
