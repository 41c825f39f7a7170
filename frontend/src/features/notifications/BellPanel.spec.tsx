import { render, screen } from '@testing-library/react';
import { BellPanel } from './BellPanel';

// The list's code never arrives, so the panel stays in its loading state.
jest.mock('./NotificationList', () => ({
  NotificationList: () => {
    throw new Promise(() => undefined);
  },
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
