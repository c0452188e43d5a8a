/** Closing an antd select in a jsdom component test. */
import { act } from '@testing-library/react';

/**
 * Closes an open antd select by moving the focus off its input. Focused first: a mouseDown does
 * not always leave the focus on the input (on a loaded machine it had not yet), and blur() on an
 * element without the focus fires no blur, so the list stayed open (a CI run failed so).
 */
export function closePicker(input: HTMLElement): void {
  act(() => {
    input.focus();
    input.blur();
  });
}
