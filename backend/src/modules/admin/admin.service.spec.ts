import { tryJobLock } from '../../database/advisory-locks.js';
import { encodeCursor, INVALID_CURSOR } from '../../common/http/cursor.js';
import { newTestService, TX } from '../../testing/unit.js';
import { AuditTrail } from '../audit/index.js';
import { SessionStore } from '../auth/index.js';
import { NotificationsService } from '../notifications/index.js';
import { BetActivityRecorder } from '../bets/index.js';
import { AccountDeletionService } from '../settings/index.js';
import { AccountsRepository, AccountStanding, type ModeratedAccount } from '../users/index.js';
import {
  InsufficientBalanceError,
  type LedgerPosting,
  LedgerService,
  type PostedEntry,
} from '../wallet/index.js';
import { AdminRepository } from './admin.repository.js';
import { AdminService, AUTOMATIC_UNSUSPEND_REASON, INDEFINITE_SUSPENSION } from './admin.service.js';

jest.mock('../../database/advisory-locks.js', () => ({ tryJobLock: jest.fn() }));

const ADMIN = '00000000-0000-4000-8000-0000000000ad';
const USER = '00000000-0000-4000-8000-00000000000a';
const DAY = 86_400_000;

function target(overrides: Partial<ModeratedAccount> = {}): ModeratedAccount {
  return {
    id: USER,
    isAdmin: false,
    balance: '100.00',
    username: 'ann',
    bannedAt: null,
    suspendedUntil: null,
    ...overrides,
  };
}

/** The service, with `locked` as the user the repository finds (null: nobody). */
function setup(locked: ModeratedAccount | null = target()) {
  const test = newTestService(AdminService);
  const repository = test.mock(AdminRepository);
  const standing = test.mock(AccountStanding);
  const ledger = test.mock(LedgerService);
  standing.lockForAdmin.mockResolvedValue(locked ?? undefined);
  // The ledger answers as the real one would: one row per posting, from the target's balance.
  ledger.post.mockImplementation(async (_tx, postings: LedgerPosting[]) =>
    postings.map(
      (posting) =>
        ({
          id: '41',
          balanceBefore: locked?.balance ?? '0.00',
          balanceAfter: (Number(locked?.balance ?? 0) + Number(posting.amount)).toFixed(2),
        }) satisfies PostedEntry,
    ),
  );
  return {
    ...test,
    repository,
    standing,
    accounts: test.mock(AccountsRepository),
    ledger,
    audit: test.mock(AuditTrail),
    notifications: test.mock(NotificationsService),
    sessions: test.mock(SessionStore),
    deletion: test.mock(AccountDeletionService),
    activities: test.mock(BetActivityRecorder),
  };
}

const notified = (notifications: jest.Mocked<NotificationsService>) =>
  notifications.notify.mock.calls.flatMap(([, drafts]) =>
    drafts.map((draft) => `${draft.type} → ${draft.userId}: ${draft.render('').title}`),
  );

describe('AdminService.adjustBalance', () => {
  it('deposits through the ledger, then writes the adjustment row, the audit entry and tells the user', async () => {
    const { sut, ledger, repository, audit, notifications } = setup();
    const result = await sut.adjustBalance(ADMIN, {
      userId: USER,
      amount: '25',
      type: 'deposit',
      reason: 'Prize',
    });
    expect(ledger.post).toHaveBeenCalledWith(TX, [
      expect.objectContaining({
        userId: USER,
        amount: '25.00',
        type: 'admin_deposit',
        referenceType: 'admin',
        referenceId: ADMIN,
      }),
    ]);
    expect(repository.insertBalanceAdjustment).toHaveBeenCalledWith(TX, {
      userId: USER,
      adminId: ADMIN,
      amount: '25.00',
      previousBalance: '100.00',
      newBalance: '125.00',
      reason: 'Prize',
      type: 'deposit',
    });
    expect(audit.record).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ action: 'balance_deposit', targetId: USER, newValue: { balance: '125.00' } }),
    );
    expect(notified(notifications)).toHaveLength(1);
    expect(result).toEqual({ userId: USER, previousBalance: '100.00', newBalance: '125.00' });
  });

  it('withdraws as a negative admin_withdrawal posting', async () => {
    const { sut, ledger } = setup();
    await sut.adjustBalance(ADMIN, { userId: USER, amount: '100.00', type: 'withdrawal', reason: 'Refund' });
    expect(ledger.post).toHaveBeenCalledWith(TX, [
      expect.objectContaining({ amount: '-100.00', type: 'admin_withdrawal' }),
    ]);
  });

  it('refuses a withdrawal larger than the locked balance before posting anything', async () => {
    const { sut, ledger, repository } = setup(target({ balance: '10.00' }));
    await expect(
      sut.adjustBalance(ADMIN, { userId: USER, amount: '10.01', type: 'withdrawal', reason: 'x' }),
    ).rejects.toEqual(
      new InsufficientBalanceError('The withdrawal of 10.01 is larger than the user’s balance of 10.00'),
    );
    expect(ledger.post).not.toHaveBeenCalled();
    expect(repository.insertBalanceAdjustment).not.toHaveBeenCalled();
  });

  it('refuses a deposit that would take the balance past what numeric(10,2) holds', async () => {
    const { sut, ledger } = setup(target({ balance: '99999990.00' }));
    await expect(
      sut.adjustBalance(ADMIN, { userId: USER, amount: '10.00', type: 'deposit', reason: 'x' }),
    ).rejects.toMatchObject({ status: 400, code: 'balance_limit' });
    expect(ledger.post).not.toHaveBeenCalled();
  });

  it('finds the user by username when not given an id, and refuses an unknown one', async () => {
    const { sut, standing } = setup(null);
    await expect(
      sut.adjustBalance(ADMIN, { userId: 'Ann', amount: '1.00', type: 'deposit', reason: 'x' }),
    ).rejects.toMatchObject({ status: 404, code: 'user_not_found' });
    expect(standing.lockForAdmin).toHaveBeenCalledWith(TX, 'Ann', false);
  });
});

describe('AdminService.moderate', () => {
  it('refuses to moderate an administrator, and writes nothing', async () => {
    const { sut, repository, audit, standing } = setup(target({ isAdmin: true }));
    await expect(sut.moderate(ADMIN, { userId: USER, action: 'ban', reason: 'x' })).rejects.toMatchObject({
      status: 403,
      code: 'admin_protected',
    });
    expect(standing.setStanding).not.toHaveBeenCalled();
    expect(repository.insertModerationAction).not.toHaveBeenCalled();
    expect(audit.record).not.toHaveBeenCalled();
  });

  it('suspends for the days given: the end date, the moderation row, the audit entry and the notice', async () => {
    const { sut, repository, audit, notifications, clock, standing } = setup();
    const until = new Date(clock.at.getTime() + 3 * DAY);
    const result = await sut.moderate(ADMIN, {
      userId: USER,
      action: 'suspend',
      duration: 3,
      reason: 'Spam',
    });
    expect(standing.setStanding).toHaveBeenCalledWith(TX, USER, { suspendedUntil: until });
    expect(repository.insertModerationAction).toHaveBeenCalledWith(TX, {
      userId: USER,
      adminId: ADMIN,
      action: 'suspend',
      reason: 'Spam',
      duration: 3,
      expiresAt: until,
    });
    expect(audit.record).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({
        action: 'moderation_suspend',
        previousValue: { bannedAt: null, suspendedUntil: null },
        newValue: { suspendedUntil: until },
      }),
    );
    expect(notified(notifications)).toEqual([
      expect.stringMatching(new RegExp(`^moderation → ${USER}: Your account is suspended until `)),
    ]);
    expect(result).toEqual({ action: 'suspend', expiresAt: until.toISOString(), userId: USER });
  });

  it('suspends until lifted when no duration is given', async () => {
    const { sut, notifications, standing } = setup();
    const result = await sut.moderate(ADMIN, { userId: USER, action: 'suspend', reason: 'Spam' });
    expect(standing.setStanding).toHaveBeenCalledWith(TX, USER, { suspendedUntil: INDEFINITE_SUSPENSION });
    expect(notified(notifications)).toEqual([`moderation → ${USER}: Your account is suspended`]);
    expect(result.expiresAt).toBe(INDEFINITE_SUSPENSION.toISOString());
  });

  it('warns through the activity feed and a notice, changing no standing', async () => {
    const { sut, activities, notifications, standing } = setup();
    await sut.moderate(ADMIN, { userId: USER, action: 'warn', reason: 'Be nice' });
    expect(activities.recordWarning).toHaveBeenCalledWith(TX, USER, 'Warning from an administrator: Be nice');
    expect(standing.setStanding).not.toHaveBeenCalled();
    expect(notified(notifications)).toEqual([`moderation → ${USER}: Warning from an admin`]);
  });

  it('bans: the ban date is set, nobody is told, and every session ends once it has committed', async () => {
    const { sut, repository, notifications, sessions, clock, standing } = setup();
    await sut.moderate(ADMIN, { userId: USER, action: 'ban', reason: 'Fraud' });
    expect(standing.setStanding).toHaveBeenCalledWith(TX, USER, { bannedAt: clock.at });
    expect(notifications.notify).not.toHaveBeenCalled();
    expect(sessions.destroyAllFor).toHaveBeenCalledWith(USER);
    expect(sessions.destroyAllFor.mock.invocationCallOrder[0]).toBeGreaterThan(
      repository.insertModerationAction.mock.invocationCallOrder[0] ?? Infinity,
    );
  });

  it.each([
    ['unsuspend', { suspendedUntil: null }],
    ['unban', { bannedAt: null }],
  ] as const)('%s clears the standing, and ends no session', async (action, changes) => {
    const { sut, sessions, standing } = setup(target({ bannedAt: new Date(), suspendedUntil: new Date() }));
    await sut.moderate(ADMIN, { userId: USER, action, reason: 'Appeal' });
    expect(standing.setStanding).toHaveBeenCalledWith(TX, USER, changes);
    expect(sessions.destroyAllFor).not.toHaveBeenCalled();
  });
});

describe('AdminService.liftExpiredSuspensions', () => {
  const lock = jest.mocked(tryJobLock);

  it('does nothing while another instance runs the job', async () => {
    const { sut, standing } = setup();
    lock.mockResolvedValue(false);
    expect(await sut.liftExpiredSuspensions()).toBe(0);
    expect(standing.liftDueSuspensions).not.toHaveBeenCalled();
  });

  it('lifts what is due, tells each user, and records the lifting under the admin who suspended', async () => {
    const { sut, repository, audit, notifications, clock, standing } = setup();
    lock.mockResolvedValue(true);
    standing.liftDueSuspensions.mockResolvedValue([
      { id: USER, suspendedUntil: clock.at },
      { id: 'nobody-suspended-me', suspendedUntil: clock.at },
    ]);
    repository.suspendersOf.mockResolvedValue(new Map([[USER, ADMIN]]));
    expect(await sut.liftExpiredSuspensions()).toBe(2);
    expect(standing.liftDueSuspensions).toHaveBeenCalledWith(TX, clock.at, 500);
    expect(notifications.notify).toHaveBeenCalledTimes(1);
    expect(notified(notifications)).toEqual([
      `moderation → ${USER}: Your suspension has ended`,
      'moderation → nobody-suspended-me: Your suspension has ended',
    ]);
    expect(repository.insertModerationAction).toHaveBeenCalledTimes(1);
    expect(repository.insertModerationAction).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({
        userId: USER,
        adminId: ADMIN,
        action: 'unsuspend',
        reason: AUTOMATIC_UNSUSPEND_REASON,
      }),
    );
    expect(audit.record).toHaveBeenCalledTimes(1);
  });
});

describe('AdminService.deleteUser', () => {
  it('refuses to delete an administrator', async () => {
    const { sut, deletion } = setup(target({ isAdmin: true }));
    await expect(sut.deleteUser(ADMIN, USER)).rejects.toMatchObject({ status: 403, code: 'admin_protected' });
    expect(deletion.deleteWithin).not.toHaveBeenCalled();
  });

  it('deletes through the account deletion steps, audits it and ends the sessions', async () => {
    const { sut, deletion, audit, sessions } = setup();
    await sut.deleteUser(ADMIN, USER);
    expect(deletion.deleteWithin).toHaveBeenCalledWith(TX, USER);
    expect(audit.record).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({
        action: 'delete_user',
        previousValue: { username: 'ann', balance: '100.00' },
      }),
    );
    expect(sessions.destroyAllFor).toHaveBeenCalledWith(USER);
  });
});

describe('AdminService.users', () => {
  const rowOf = (at: Date, suspendedUntil: Date | null, id = USER) => ({
    id,
    username: 'ann',
    email: 'ann@example.com',
    firstName: null,
    lastName: null,
    balance: '1.00',
    isAdmin: false,
    profileCompleted: true,
    bannedAt: null,
    suspendedUntil,
    createdAt: at,
    cursorAt: at.toISOString().replace('Z', '000Z'),
  });

  it('shows a suspension only while it runs, and searches by an escaped prefix', async () => {
    const { sut, clock, accounts } = setup();
    const row = (suspendedUntil: Date | null) => rowOf(clock.at, suspendedUntil);
    const later = new Date(clock.at.getTime() + DAY);
    accounts.adminPage.mockResolvedValue([row(later), row(new Date(clock.at.getTime() - 1)), row(null)]);
    const users = await sut.users(' Ann_% ', 50);
    expect(accounts.adminPage).toHaveBeenCalledWith('ann\\_\\%', 51, null);
    expect(users.items.map((user) => user.suspendedUntil)).toEqual([later.toISOString(), null, null]);
    expect(users.nextBefore).toBeNull();
  });

  it('asks one row more than the page, and gives the last shown row as the next cursor', async () => {
    const { sut, clock, accounts } = setup();
    const ids = ['00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000002'];
    const rows = ids.map((id) => rowOf(clock.at, null, id));
    accounts.adminPage.mockResolvedValue([
      ...rows,
      rowOf(clock.at, null, '00000000-0000-4000-8000-000000000001'),
    ]);
    const page = await sut.users(undefined, 2, encodeCursor(['2030-01-01T00:00:00.000001Z', USER]));
    expect(accounts.adminPage).toHaveBeenCalledWith('', 3, ['2030-01-01T00:00:00.000001Z', USER]);
    expect(page.items.map((user) => user.id)).toEqual(ids);
    expect(page.items[0]).not.toHaveProperty('cursorAt');
    expect(page.nextBefore).toBe(encodeCursor([rows[1]?.cursorAt ?? '', ids[1] ?? '']));
  });

  it('refuses a cursor it did not make, before asking the database', async () => {
    const { sut, accounts } = setup();
    await expect(sut.users(undefined, 2, encodeCursor(['yesterday', USER]))).rejects.toThrow(INVALID_CURSOR);
    expect(accounts.adminPage).not.toHaveBeenCalled();
  });
});
