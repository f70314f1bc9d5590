import { renderHook } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useChanged } from '@/lib/use-changed';

describe('useChanged', () => {
  it('is true in exactly one render per change of an input (Object.is), never on the first render', () => {
    const seen: boolean[] = [];
    const filters = { area: 'north-shore' };
    const { rerender } = renderHook(
      ({ inputs }) => {
        seen.push(useChanged(inputs));
      },
      { initialProps: { inputs: [filters, 0] as unknown[] } },
    );
    rerender({ inputs: [filters, 0] });
    expect(seen.filter(Boolean)).toHaveLength(0);
    rerender({ inputs: [{ ...filters }, 0] });
    expect(seen.filter(Boolean)).toHaveLength(1);
    rerender({ inputs: [{ ...filters }, 1] });
    expect(seen.filter(Boolean)).toHaveLength(2);
    rerender({ inputs: [{ ...filters }, 1] });
    expect(seen.filter(Boolean)).toHaveLength(3); // a fresh object is a change
  });

  it('lets a component reset its state while rendering, so no render shows stale state with new inputs', () => {
    const rendered: string[] = [];
    const { result, rerender } = renderHook(
      ({ id }) => {
        const [state, setState] = useState<string>(`loaded ${id}`);
        if (useChanged([id])) setState('loading');
        rendered.push(`${id}: ${state}`);
        return state;
      },
      { initialProps: { id: 'a' } },
    );
    rerender({ id: 'b' });
    expect(result.current).toBe('loading');
    // The render with id 'b' and the old state is thrown away before it commits; the committed one shows loading.
    expect(rendered.at(-1)).toBe('b: loading');
  });
});
