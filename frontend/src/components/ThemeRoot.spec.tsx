import { useTheme } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { ThemeRoot } from './ThemeRoot';

function TransitionTime() {
  return <p>{useTheme().transitions.duration.enteringScreen} ms</p>;
}

/** A matchMedia that answers `reduce` for the reduced-motion query as the device's setting says. */
function deviceAsksForLessMotion(reduce: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
}

describe('ThemeRoot', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('keeps the transitions for a device with no motion preference', () => {
    deviceAsksForLessMotion(false);
    const { container } = render(
      <ThemeRoot>
        <TransitionTime />
      </ThemeRoot>,
    );
    expect(container.textContent).toBe('225 ms');
  });

  it('drops them when the device asks for less motion', () => {
    deviceAsksForLessMotion(true);
    const { container } = render(
      <ThemeRoot>
        <TransitionTime />
      </ThemeRoot>,
    );
    expect(container.textContent).toBe('0 ms');
  });
});
