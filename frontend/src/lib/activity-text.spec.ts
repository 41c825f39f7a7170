import { activityLine, friendlyActivity } from './activity-text';

describe('friendlyActivity', () => {
  it.each([
    ['Bet created: Rain?', 'You created a new bet'],
    ['Bet accepted: Rain?', 'Your bet was accepted'],
    ['Result submitted: Rain?', 'You submitted a bet result'],
    ['Dispute resolved by admin in your favor: Rain?', 'Admin resolved a disputed bet in your favor'],
    ['Dispute resolved by admin, bet lost: Rain?', 'Admin resolved a disputed bet against you'],
    ['Dispute resolved by admin as a draw, stake refunded: Rain?', 'Admin resolved a disputed bet as a draw'],
    ['Admin changed the decision, now in your favor: Rain?', 'Admin changed a decision, now in your favor'],
    ['Admin changed the decision, bet lost: Rain?', 'Admin changed a decision, now against you'],
    ['Admin changed the decision to a draw, stake refunded: Rain?', 'Admin changed a decision, now a draw'],
    ['You accepted a challenge: Rain?', 'You accepted a challenge'],
    ['Bet declined: Rain?', 'Your challenge was declined'],
    ['Bet cancelled: Rain?', 'You withdrew a challenge'],
    ['Bet disputed, under review: Rain?', 'A bet result is under review'],
    ['Bet won: Rain?', 'You won a bet!'],
    ['Bet lost: Rain?', 'You lost a bet'],
    ['Bet completed with no clear outcome, stake refunded: Rain?', 'A bet was completed'],
    ['Friend request accepted by a friend', 'Your bet was accepted'],
    ['New friend request', 'Friend activity update'],
    ['Balance adjusted', 'Account balance updated'],
    ['Something else', 'Bet activity'],
    ['Warning from an administrator: be kind', 'Warning from an administrator: be kind'],
  ])('%s -> %s', (input, output) => {
    expect(friendlyActivity(input)).toBe(output);
  });
});

describe('activityLine', () => {
  it('keeps the title of the bet an entry is about', () => {
    expect(activityLine('New challenge received: Bike to work', 5)).toBe(
      'You received a new challenge: “Bike to work”',
    );
    expect(activityLine('Bet won: Rain: really?', 5)).toBe('You won a bet: “Rain: really?”');
  });

  it('adds nothing to entries about no bet, or already in their own words', () => {
    expect(activityLine('Balance adjusted: deposit', null)).toBe('Account balance updated');
    expect(activityLine('Warning from an administrator: be kind', null)).toBe(
      'Warning from an administrator: be kind',
    );
  });
});
