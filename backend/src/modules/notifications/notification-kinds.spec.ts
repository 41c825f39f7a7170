import { formatDollars } from '../../common/money.js';
import { stillToAct } from '../bets/index.js';
import {
  NOTIFICATION_CATEGORIES,
  currentBody,
  NOTIFICATION_CATEGORY,
  NOTIFICATION_TYPES,
  notificationUrl,
} from './notification-kinds.js';

describe('notification kinds', () => {
  it('puts every type in one of the browser categories', () => {
    for (const type of NOTIFICATION_TYPES) {
      expect(NOTIFICATION_CATEGORIES).toContain(NOTIFICATION_CATEGORY[type]);
    }
  });

  it('files each group pot kind under the switch its duel counterpart uses', () => {
    expect(NOTIFICATION_CATEGORY.pot_invited).toBe(NOTIFICATION_CATEGORY.bet_received);
    expect(NOTIFICATION_CATEGORY.pot_joined).toBe(NOTIFICATION_CATEGORY.bet_accepted);
    expect(NOTIFICATION_CATEGORY.pot_locked).toBe(NOTIFICATION_CATEGORY.bet_accepted);
    expect(NOTIFICATION_CATEGORY.pot_void).toBe(NOTIFICATION_CATEGORY.bet_cancelled);
    expect(NOTIFICATION_CATEGORY.pot_reminder).toBe(NOTIFICATION_CATEGORY.bet_expiring);
    expect(NOTIFICATION_CATEGORY.pot_settled).toBe(NOTIFICATION_CATEGORY.bet_resolved);
  });

  it.each([
    ['bet_received', 7, '/bets/7'],
    ['bet_resolved', 12, '/bets/12'],
    ['bet_expiring', 3, '/bets/3'],
    ['bet_cancelled', null, '/'],
    ['friend_request', null, '/friends'],
    ['balance_adjusted', null, '/history'],
    ['moderation', null, '/account'],
    ['pot_invited', 4, '/bets/4'],
    ['pot_joined', 4, '/bets/4'],
    ['pot_locked', 4, '/bets/4'],
    ['pot_void', 4, '/bets/4'],
    ['pot_reminder', 4, '/bets/4'],
    ['pot_settled', 4, '/bets/4'],
  ] as const)('links %s (bet %s) to %s', (type, betId, url) => {
    expect(notificationUrl(type, betId)).toBe(url);
  });
});

describe('formatDollars', () => {
  it.each([
    ['0.5', '$0.50'],
    ['12.5', '$12.50'],
    ['1000.00', '$1,000.00'],
    ['99999999.99', '$99,999,999.99'],
    ['-1234.56', '-$1,234.56'],
    ['7', '$7.00'],
  ])('%s reads %s', (amount, text) => {
    expect(formatDollars(amount)).toBe(text);
  });
});

describe('stillToAct', () => {
  const bet = {
    id: 1,
    title: 'Derby',
    amount: '5.00',
    creatorId: 'creator',
    opponentId: 'opponent',
    creatorResult: null,
    opponentResult: null,
  };

  it('is the opponent of an unanswered challenge', () => {
    expect(stillToAct({ ...bet, status: 'pending' })).toEqual(['opponent']);
  });

  it('is each party of an active bet who has not reported', () => {
    expect(stillToAct({ ...bet, status: 'active' })).toEqual(['creator', 'opponent']);
    expect(stillToAct({ ...bet, status: 'active', creatorResult: 'Reds' })).toEqual(['opponent']);
    expect(stillToAct({ ...bet, status: 'active', creatorResult: 'Reds', opponentResult: 'Blues' })).toEqual(
      [],
    );
  });
});

describe('currentBody', () => {
  const bet = (betStatus: string | null, reported = false) => ({ betStatus, reported, requestStatus: null });
  const asked = '“Rain tomorrow” for $10.00. Accept or decline it before it expires.';
  it.each([
    ['pending', asked],
    ['active', '“Rain tomorrow” for $10.00. The challenge was accepted.'],
    ['declined', '“Rain tomorrow” for $10.00. The challenge was declined.'],
    ['cancelled', '“Rain tomorrow” for $10.00. The challenge was withdrawn.'],
    ['expired', '“Rain tomorrow” for $10.00. The challenge expired.'],
  ])('a challenge that is now %s reads "%s"', (status, text) => {
    expect(currentBody('bet_received', asked, bet(status))).toBe(text);
  });

  const toReport = 'Submit your outcome for “Rain tomorrow” to settle it.';
  it.each([
    [bet('active'), toReport],
    [bet('active', true), '“Rain tomorrow”: You have reported the result.'],
    [bet('completed', true), '“Rain tomorrow”: The bet has been settled.'],
    [bet('disputed', true), '“Rain tomorrow”: The reports differ, so an admin is reviewing it.'],
  ])('a reported result asks for the outcome only while it is still to give (%o)', (subject, text) => {
    expect(currentBody('result_submitted', toReport, subject)).toBe(text);
  });

  it('an accepted challenge stops asking for the result once it is reported or settled', () => {
    const accepted = '“Rain tomorrow” is on: $10.00 each. Report the result when it is decided.';
    expect(currentBody('bet_accepted', accepted, bet('active'))).toBe(accepted);
    expect(currentBody('bet_accepted', accepted, bet('completed', true))).toBe(
      '“Rain tomorrow” is on: $10.00 each. The bet has been settled.',
    );
    const ending = '“Rain tomorrow” ends in about an hour. Submit your outcome.';
    expect(currentBody('bet_expiring', ending, bet('active', true))).toBe(
      '“Rain tomorrow” ends in about an hour. You have reported the result.',
    );
  });

  const askedToReferee =
    '“Rain tomorrow”: you would call the outcome after the event, and stake nothing. Accept or decline the role.';
  const lead = '“Rain tomorrow”: you would call the outcome after the event, and stake nothing. ';
  it.each([
    [{ betStatus: 'pending', refereeAgreed: false }, askedToReferee],
    [{ betStatus: 'pending', refereeAgreed: true }, `${lead}You agreed to referee it.`],
    [{ betStatus: 'active', refereeAgreed: true }, `${lead}You agreed to referee it.`],
    [
      { betStatus: 'pending', refereeAgreed: null },
      `${lead}You are not its referee (you declined, or another was named).`,
    ],
    [{ betStatus: 'cancelled', refereeAgreed: null }, `${lead}The challenge was withdrawn.`],
  ])('the referee’s question reads as answered (%o)', (state, text) => {
    const subject = { reported: false, requestStatus: null, ...state };
    expect(currentBody('referee_asked', askedToReferee, subject)).toBe(text);
  });

  it('a call stops inviting an appeal once it settled or went to an admin', () => {
    const called =
      'The call: “Yes”. If it stands, you win $30.00. You may appeal until 2026-11-30 10:00 UTC.';
    const open = { betStatus: 'active', reported: false, requestStatus: null, called: true };
    expect(currentBody('bet_called', called, open)).toBe(called);
    expect(currentBody('bet_called', called, { ...open, betStatus: 'completed' })).toBe(
      'The call: “Yes”. If it stands, you win $30.00. The call stood and the bet has been settled.',
    );
    expect(currentBody('bet_called', called, { ...open, betStatus: 'disputed' })).toBe(
      'The call: “Yes”. If it stands, you win $30.00. The call was appealed: an admin decides.',
    );
  });

  it('the referee’s reminder and a counter-offer read as done once answered', () => {
    const reminder = '“Rain tomorrow” ended: call the outcome, or it falls back without you.';
    const active = { betStatus: 'active', reported: false, requestStatus: null };
    expect(currentBody('referee_reminder', reminder, { ...active, called: false })).toBe(reminder);
    expect(currentBody('referee_reminder', reminder, { ...active, called: true })).toBe(
      '“Rain tomorrow” ended: You called it.',
    );
    const offer = '“Rain tomorrow”: your $30.00 against $10.00. Accept, counter or decline it.';
    expect(currentBody('counter_offer', offer, { ...active, betStatus: 'pending' })).toBe(offer);
    expect(currentBody('counter_offer', offer, active)).toBe(
      '“Rain tomorrow”: your $30.00 against $10.00. The challenge was accepted.',
    );
  });

  it.each([
    ['pending', 'Accept it on the Friends page to challenge each other and compare records.'],
    ['accepted', 'You are friends now.'],
    ['declined', 'The request was declined.'],
    [null, 'The request was withdrawn.'],
  ])('a friend request that is now %s reads "%s"', (requestStatus, text) => {
    const body = 'Accept it on the Friends page to challenge each other and compare records.';
    expect(currentBody('friend_request', body, { betStatus: null, reported: false, requestStatus })).toBe(
      text,
    );
  });

  const invited =
    '“Office pool”: $10.00 each, split among those who pick right. Join with your pick or decline.';
  const pot = (betStatus: string | null, joined: boolean | null, reported = false) => ({
    betStatus,
    reported,
    joined,
    requestStatus: null,
  });
  it.each([
    [pot('pending', false), invited],
    [
      pot('pending', true),
      '“Office pool”: $10.00 each, split among those who pick right. You joined the pot.',
    ],
    [
      pot('pending', null),
      '“Office pool”: $10.00 each, split among those who pick right. You are not in this pot.',
    ],
    [
      pot('active', true),
      '“Office pool”: $10.00 each, split among those who pick right. The pot is locked and under way.',
    ],
    [
      pot('cancelled', false),
      '“Office pool”: $10.00 each, split among those who pick right. The pot was called off.',
    ],
  ])('a pot invitation (%o) reads "%s"', (subject, text) => {
    expect(currentBody('pot_invited', invited, subject)).toBe(text);
  });

  it('a locked pot and its reminder stop asking for the outcome once it is reported', () => {
    const locked =
      '“Office pool” is locked with 4 players and $40.00 in the pot. Report the outcome when it is decided.';
    expect(currentBody('pot_locked', locked, pot('active', true))).toBe(locked);
    expect(currentBody('pot_locked', locked, pot('active', true, true))).toBe(
      '“Office pool” is locked with 4 players and $40.00 in the pot. You have reported the result.',
    );
    const reminder = '“Office pool” ends within the hour. Report what happened so it can settle.';
    expect(currentBody('pot_reminder', reminder, pot('completed', true, true))).toBe(
      '“Office pool” ends within the hour. The bet has been settled.',
    );
  });

  it('leaves a notification without a call to action as it was written', () => {
    const won = '“Rain tomorrow” is settled: $20.00 paid to your wallet.';
    expect(currentBody('bet_resolved', won, bet('completed'))).toBe(won);
    expect(currentBody('bet_received', asked, bet(null))).toBe(asked);
  });
});
