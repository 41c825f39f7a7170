import { render, screen } from '@testing-library/react';
import { use } from 'react';
import { BellPanel } from './BellPanel';

// The list never finishes loading (it suspends on a promise that never settles), so the panel stays in its
// loading state.
const mockNeverLoaded = new Promise<never>(() => undefined);
jest.mock('./NotificationList', () => ({
  NotificationList: () => use(mockNeverLoaded),
}));

describe('BellPanel while the list loads', () => {
  it.each([
    ['a popover from md', false],
    ['a drawer on phones', true],
  ])('is a dialog named Notifications as %s', async (_, phone) => {
    render(
      <BellPanel
        phone={phone}
        anchor={document.body}
        panelId="panel"
        titleId="panel-title"
        onClose={() => undefined}
        onOpenSettings={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(dialog.querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe(
      'Loading notifications',
    );
  });
});
