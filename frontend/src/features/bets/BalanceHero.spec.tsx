import { fireEvent, render, screen } from '@testing-library/react';
import { BalanceHero } from './BalanceHero';

describe('BalanceHero', () => {
  it('greets, shows the balance and opens the create flow', () => {
    const onCreate = jest.fn();
    render(<BalanceHero greeting="Hi Ada" balance="1234.5" suspendedUntil={null} onCreate={onCreate} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Hi Ada' })).toBeTruthy();
    expect(screen.getByTestId('dashboard-balance').textContent).toBe('$1,234.50');
    expect(screen.queryByTestId('suspension-banner')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create New Bet' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('while suspended: the banner says until when, and creating is off with the reason attached', async () => {
    render(
      <BalanceHero
        greeting="Hi Ada"
        balance="10"
        suspendedUntil="2030-01-02T15:00:00.000Z"
        onCreate={jest.fn()}
      />,
    );
    // The banner (MUI's Alert) loads when first shown.
    const banner = await screen.findByTestId('suspension-banner');
    expect(banner.textContent).toContain('Account suspended');
    expect(banner.textContent).toContain("You can't create or accept bets until then.");
    const create = screen.getByRole('button', { name: 'Create New Bet' });
    expect(create.hasAttribute('disabled')).toBe(true);
    expect(create.getAttribute('aria-describedby')).toBe('create-disabled-reason');
    expect(document.getElementById('create-disabled-reason')?.textContent).toContain(
      'Creating bets is off while your account is suspended',
    );
  });
});
