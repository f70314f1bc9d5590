import { useState } from 'react';

/**
 * True in the render where one of `inputs` differs (Object.is) from the last render's, false otherwise (and on the
 * first render). A component resets state by setting it while rendering when this is true — React's "adjusting state
 * when a prop changes" — instead of in an effect, which would first paint the stale state and then render again.
 */
export function useChanged(inputs: readonly unknown[]): boolean {
  const [previous, setPrevious] = useState(inputs);
  const changed = previous.length !== inputs.length || previous.some((value, i) => !Object.is(value, inputs[i]));
  if (changed) setPrevious(inputs);
  return changed;
}
