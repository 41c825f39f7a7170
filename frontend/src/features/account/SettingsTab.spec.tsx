import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiServer, withApiServer } from '../../testing/api-server';
import { aUser, signedInAs } from '../../testing/people';
import { renderWithStore } from '../../testing/render-with-store';
import { SettingsTab } from './SettingsTab';

withApiServer();

const casey = aUser();
const OTPAUTH = 'otpauth://totp/Betwixt:casey%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Betwixt';

afterEach(() => localStorage.clear());

describe('SettingsTab', () => {
  it('puts Sign Out in the first card, not after Delete Account in the last', () => {
    signedInAs(casey);
    renderWithStore(<SettingsTab user={casey} />, { at: '/account' });
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons.indexOf('Sign Out')).toBeLessThan(buttons.indexOf('Delete Account'));
    expect(buttons.indexOf('Sign Out')).toBeLessThan(buttons.indexOf('Enable Two-Factor Authentication'));
  });

  it('offers to copy the 2FA secret and to open it in the authenticator app on this phone', async () => {
    signedInAs(casey);
    apiServer.use(
      http.post('/api/settings/2fa/setup', () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: OTPAUTH,
          qrCodeDataUrl: 'data:image/png;base64,',
        }),
      ),
    );
    const writeText = jest.fn(() => Promise.resolve());
    Object.assign(navigator, { clipboard: { writeText } });
    renderWithStore(<SettingsTab user={casey} />, { at: '/account' });

    fireEvent.click(screen.getByRole('button', { name: 'Enable Two-Factor Authentication' }));
    const open = await screen.findByRole('link', { name: 'Open in authenticator app' });
    expect(open.getAttribute('href')).toBe(OTPAUTH);
    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(await screen.findByText('Secret copied to the clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');
  });
});
