import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { withApiServer } from '../../testing/api-server';
import { descriptionOf, recordRequests, toastRole } from '../../testing/form-queries';
import { aUser, signedInAs } from '../../testing/people';
import { renderWithStore } from '../../testing/render-with-store';
import AccountPage from './AccountPage';

withApiServer();

const casey = aUser();

afterEach(() => localStorage.clear());

describe('AccountPage', () => {
  it("shows the server's refusal of a profile field on that field, and stays in edit mode", async () => {
    signedInAs(casey);
    const sent = recordRequests('patch', '/api/user/profile', () =>
      HttpResponse.json(
        {
          statusCode: 400,
          message: 'This phone number belongs to another account',
          fields: { phoneNumber: 'This phone number belongs to another account' },
        },
        { status: 400 },
      ),
    );
    renderWithStore(<AccountPage />, { at: '/account' });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), {
      target: { value: '+1 503 555 0100' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await toastRole('Update failed')).toBe('alert');
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(phone)).toContain('This phone number belongs to another account');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'First Name' }).getAttribute('aria-invalid')).toBe('false');
    expect(sent).toEqual([
      { firstName: 'Casey', lastName: 'Reed', phoneNumber: '+1 503 555 0100', state: 'Oregon' },
    ]);
  });

  it('refuses an empty first name on its field without asking the server', async () => {
    signedInAs(casey);
    const sent = recordRequests('patch', '/api/user/profile', () => HttpResponse.json(casey));
    renderWithStore(<AccountPage />, { at: '/account' });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'First Name' }), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const firstName = screen.getByRole('textbox', { name: 'First Name' });
    await waitFor(() => expect(descriptionOf(firstName)).toContain('First name is required'));
    expect(sent).toEqual([]);
  });

  it('checks a new password against the sign-up rules, then changes it', async () => {
    signedInAs(casey);
    const sent = recordRequests('post', '/api/settings/password', () =>
      HttpResponse.json({ token: 'token-2', user: casey }),
    );
    renderWithStore(<AccountPage />, { at: '/account' });

    fireEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    const current = within(dialog).getByLabelText('Current password');
    const next = within(dialog).getByLabelText('New password');
    const change = within(dialog).getByRole('button', { name: 'Change Password' });
    expect(change).toHaveProperty('disabled', true);

    fireEvent.change(current, { target: { value: 'Old-pass1!' } });
    fireEvent.change(next, { target: { value: 'short' } });
    fireEvent.click(change);
    await waitFor(() => expect(descriptionOf(next)).toContain('Password must be at least 8 characters'));

    fireEvent.change(next, { target: { value: 'longenough1' } });
    await waitFor(() =>
      expect(descriptionOf(next)).toContain(
        'Password must contain uppercase, lowercase, number, and special character',
      ),
    );
    fireEvent.click(change);
    // The refused attempt is over once the button works again, and it sent nothing.
    await waitFor(() => expect(change).toHaveProperty('disabled', false));
    expect(sent).toEqual([]);

    fireEvent.change(next, { target: { value: 'New-pass1!' } });
    fireEvent.click(change);
    expect(await toastRole('Password changed')).toBe('status');
    expect(sent).toEqual([{ currentPassword: 'Old-pass1!', newPassword: 'New-pass1!' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Password' })).toBeNull());
    expect(localStorage.getItem('auth_token')).toBe('token-2');
  });
});
