import type { AuthUser } from '../../common/auth/auth-user.js';
import { NotificationsService } from '../notifications/index.js';
import { AccountStanding } from '../users/index.js';
import { newTestService, TX } from '../../testing/unit.js';
import { FriendsRepository, type FriendshipRow, type RequestRow } from './friends.repository.js';
import { FriendsService } from './friends.service.js';
import {
  FriendRequestNotFoundError,
  FriendshipConflictError,
  NotAddresseeError,
  NotFriendsError,
  PersonNotFoundError,
  SelfFriendRequestError,
  SuspendedFriendRequestError,
} from './friends.errors.js';

const ME = '00000000-0000-4000-8000-00000000000a';
const THEM = '00000000-0000-4000-8000-00000000000b';
const viewer = { id: ME, isAdmin: false } as AuthUser;
const at = new Date('2026-03-01T10:00:00Z');

function row(overrides: Partial<FriendshipRow> = {}): FriendshipRow {
  return {
    id: 'f1',
    requesterId: ME,
    addresseeId: THEM,
    status: 'pending',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

function setup() {
  const { sut, mock, transactor } = newTestService(FriendsService);
  const friendships = mock(FriendsRepository);
  const standing = mock(AccountStanding);
  const notifications = mock(NotificationsService);
  standing.isSuspended.mockResolvedValue(false);
  standing.isActive.mockResolvedValue(true);
  friendships.setStatus.mockImplementation(async (_tx, id, status) => row({ id, status }));
  return { sut, friendships, standing, notifications, transactor };
}

/** Which notification types were written, per recipient. */
function notified(notifications: jest.Mocked<NotificationsService>): string[] {
  return notifications.notify.mock.calls.flatMap(([, drafts]) =>
    drafts.map((draft) => `${draft.type} → ${draft.userId}`),
  );
}

describe('FriendsService.request', () => {
  it('sends a new request: a pending row from me to them, and they are told', async () => {
    const { sut, friendships, notifications } = setup();
    friendships.insert.mockResolvedValue(row());
    const dto = await sut.request(viewer, THEM.toUpperCase());
    expect(friendships.insert).toHaveBeenCalledWith(TX, ME, THEM, 'pending');
    expect(dto).toMatchObject({ status: 'pending', friendshipStatus: 'request_sent' });
    expect(notified(notifications)).toEqual([`friend_request → ${THEM}`]);
    expect(notifications.changed).toHaveBeenCalledWith(TX, [ME, THEM], ['friends', 'notifications']);
  });

  it('refuses a request to oneself before opening a transaction', async () => {
    const { sut, transactor } = setup();
    await expect(sut.request(viewer, ME)).rejects.toBeInstanceOf(SelfFriendRequestError);
    expect(transactor.runs).toBe(0);
  });

  it('refuses a suspended sender, and writes nothing', async () => {
    const { sut, standing, friendships } = setup();
    standing.isSuspended.mockResolvedValue(true);
    await expect(sut.request(viewer, THEM)).rejects.toBeInstanceOf(SuspendedFriendRequestError);
    expect(standing.isSuspended).toHaveBeenCalledWith(TX, ME, expect.any(Date));
    expect(friendships.insert).not.toHaveBeenCalled();
  });

  it('refuses someone deleted or banned as not found', async () => {
    const { sut, standing, friendships } = setup();
    standing.isActive.mockResolvedValue(false);
    await expect(sut.request(viewer, THEM)).rejects.toBeInstanceOf(PersonNotFoundError);
    expect(friendships.insert).not.toHaveBeenCalled();
  });

  it.each([
    ['already friends', row({ status: 'accepted' }), 'already_friends'],
    ['already asked', row({ status: 'pending', requesterId: ME }), 'friend_request_exists'],
  ])('refuses when %s (409 %s)', async (_case, existing, code) => {
    const { sut, friendships, notifications } = setup();
    friendships.lockPair.mockResolvedValue(existing);
    await expect(sut.request(viewer, THEM)).rejects.toMatchObject({ status: 409, code });
    expect(friendships.setStatus).not.toHaveBeenCalled();
    expect(notifications.notify).not.toHaveBeenCalled();
  });

  it('answers their pending request instead: it becomes the friendship and they are told', async () => {
    const { sut, friendships, notifications } = setup();
    friendships.lockPair.mockResolvedValue(row({ requesterId: THEM, addresseeId: ME }));
    const dto = await sut.request(viewer, THEM);
    expect(friendships.setStatus).toHaveBeenCalledWith(TX, 'f1', 'accepted');
    expect(dto.status).toBe('accepted');
    expect(notified(notifications)).toEqual([`friend_accepted → ${THEM}`]);
  });

  it('reuses a declined row as a new request from whoever sends it now', async () => {
    const { sut, friendships } = setup();
    friendships.lockPair.mockResolvedValue(row({ requesterId: THEM, addresseeId: ME, status: 'declined' }));
    friendships.renewRequest.mockResolvedValue(row());
    await sut.request(viewer, THEM);
    expect(friendships.renewRequest).toHaveBeenCalledWith(TX, 'f1', ME, THEM);
  });

  it('tries the insert again when the row vanished between insert and lock, and gives up after three', async () => {
    const { sut, friendships } = setup();
    await expect(sut.request(viewer, THEM)).rejects.toEqual(
      new FriendshipConflictError('Please try again', 'friendship_busy'),
    );
    expect(friendships.insert).toHaveBeenCalledTimes(3);
  });
});

describe('FriendsService.befriendThroughInvite', () => {
  it('makes the inviter and me friends at once, and tells the inviter', async () => {
    const { sut, friendships, notifications } = setup();
    friendships.insert.mockResolvedValue(row({ requesterId: THEM, addresseeId: ME, status: 'accepted' }));
    expect(await sut.befriendThroughInvite(viewer, THEM)).toEqual({ alreadyFriends: false });
    expect(friendships.insert).toHaveBeenCalledWith(TX, THEM, ME, 'accepted');
    expect(notified(notifications)).toEqual([`friend_accepted → ${THEM}`]);
  });

  it('is no error when we are already friends, and tells nobody', async () => {
    const { sut, friendships, notifications } = setup();
    friendships.lockPair.mockResolvedValue(row({ status: 'accepted' }));
    expect(await sut.befriendThroughInvite(viewer, THEM)).toEqual({ alreadyFriends: true });
    expect(notifications.notify).not.toHaveBeenCalled();
  });

  it('turns a pending request between us into the friendship', async () => {
    const { sut, friendships } = setup();
    friendships.lockPair.mockResolvedValue(row({ requesterId: ME, status: 'pending' }));
    await sut.befriendThroughInvite(viewer, THEM);
    expect(friendships.setStatus).toHaveBeenCalledWith(TX, 'f1', 'accepted');
  });

  it('refuses a suspended invitee', async () => {
    const { sut, standing } = setup();
    standing.isSuspended.mockResolvedValue(true);
    await expect(sut.befriendThroughInvite(viewer, THEM)).rejects.toBeInstanceOf(SuspendedFriendRequestError);
  });
});

describe('FriendsService.accept and decline', () => {
  const incoming = (overrides: Partial<RequestRow> = {}): RequestRow => ({
    ...row({ requesterId: THEM, addresseeId: ME }),
    requesterActive: true,
    ...overrides,
  });

  it('accepts a request addressed to me, and tells the requester', async () => {
    const { sut, friendships, notifications } = setup();
    friendships.lockRequest.mockResolvedValue(incoming());
    const dto = await sut.accept(viewer, 'f1');
    expect(friendships.setStatus).toHaveBeenCalledWith(TX, 'f1', 'accepted');
    expect(dto.friendshipStatus).toBe('friends');
    expect(notified(notifications)).toEqual([`friend_accepted → ${THEM}`]);
  });

  it('declines quietly: the lists refresh, nobody is told', async () => {
    const { sut, friendships, notifications } = setup();
    friendships.lockRequest.mockResolvedValue(incoming());
    await sut.decline(viewer, 'f1');
    expect(friendships.setStatus).toHaveBeenCalledWith(TX, 'f1', 'declined');
    expect(notifications.notify).not.toHaveBeenCalled();
    expect(notifications.changed).toHaveBeenCalledWith(TX, expect.arrayContaining([ME, THEM]), [
      'friends',
      'notifications',
    ]);
  });

  it.each<[string, RequestRow | undefined, unknown]>([
    ['an unknown request', undefined, new FriendRequestNotFoundError()],
    [
      'a request between two others',
      incoming({ requesterId: 'x', addresseeId: 'y' }),
      new FriendRequestNotFoundError(),
    ],
    ['my own request', incoming({ requesterId: ME, addresseeId: THEM }), new NotAddresseeError('accept')],
    [
      'a request from someone since banned',
      incoming({ requesterActive: false }),
      new FriendRequestNotFoundError(),
    ],
    [
      'an accepted request',
      incoming({ status: 'accepted' }),
      new FriendshipConflictError('You are already friends', 'already_friends'),
    ],
    [
      'a declined request',
      incoming({ status: 'declined' }),
      new FriendshipConflictError('This friend request was already declined', 'friend_request_answered'),
    ],
  ])('refuses to accept %s', async (_case, locked, error) => {
    const { sut, friendships } = setup();
    friendships.lockRequest.mockResolvedValue(locked);
    await expect(sut.accept(viewer, 'f1')).rejects.toEqual(error);
    expect(friendships.setStatus).not.toHaveBeenCalled();
  });
});

describe('FriendsService.unfriend', () => {
  it('deletes our friendship', async () => {
    const { sut, friendships } = setup();
    friendships.deleteFriendship.mockResolvedValue(1);
    await sut.unfriend(viewer, THEM);
    expect(friendships.deleteFriendship).toHaveBeenCalledWith(ME, THEM);
  });

  it('refuses when we are not friends', async () => {
    const { sut, friendships } = setup();
    friendships.deleteFriendship.mockResolvedValue(0);
    await expect(sut.unfriend(viewer, THEM)).rejects.toBeInstanceOf(NotFriendsError);
  });
});
