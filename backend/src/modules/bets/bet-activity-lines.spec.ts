import { potAdminLines } from './bet-activity-lines.js';

describe('potAdminLines', () => {
  const nets = [
    { userId: 'ana', net: '20.00' },
    { userId: 'ben', net: '-10.00' },
  ];

  it('tells each player of a decided pot whether it went their way', () => {
    expect(potAdminLines({ title: 'Office pool' }, nets, false)).toEqual([
      {
        userId: 'ana',
        type: 'admin_resolved',
        description: 'Dispute resolved by admin in your favor: Office pool',
      },
      {
        userId: 'ben',
        type: 'admin_resolved',
        description: 'Dispute resolved by admin, group pot lost: Office pool',
      },
    ]);
  });

  it('says a changed decision is one, and a refund is a draw', () => {
    expect(
      potAdminLines({ title: 'Office pool' }, [...nets, { userId: 'cy', net: '0.00' }], true).map((line) => [
        line.type,
        line.description,
      ]),
    ).toEqual([
      ['admin_reresolved', 'Admin changed the decision, now in your favor: Office pool'],
      ['admin_reresolved', 'Admin changed the decision, group pot lost: Office pool'],
      ['admin_reresolved', 'Admin changed the decision to a draw, nobody won, stake refunded: Office pool'],
    ]);
  });
});
