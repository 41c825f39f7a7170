import { distinctNames, personName } from './person-name.js';

const maya = { firstName: 'Maya', lastName: 'Lopez', username: 'demo_maya' };
const friendsOnly = {
  ...maya,
  privacySettings: {
    profileVisibility: 'friends',
    activityVisibility: 'friends',
    balanceVisibility: 'private',
  } as const,
};

describe('personName', () => {
  it('is the name when the reader may see it, else the username', () => {
    expect(personName(friendsOnly, 'friend')).toBe('Maya Lopez');
    expect(personName(friendsOnly, 'stranger')).toBe('demo_maya');
    expect(personName({ firstName: null, lastName: null, username: 'zoe_park' }, 'friend')).toBe('zoe_park');
  });

  it('puts the username beside a name two people share', () => {
    const other = { ...maya, username: 'maya2' };
    const zoe = { firstName: 'Zoe', lastName: 'Park', username: 'zoe_park' };
    const names = distinctNames([
      { key: 1, person: maya, relation: 'friend' },
      { key: 2, person: other, relation: 'friend' },
      { key: 3, person: zoe, relation: 'friend' },
    ]);
    expect([...names.values()]).toEqual(['Maya Lopez (@demo_maya)', 'Maya Lopez (@maya2)', 'Zoe Park']);
  });
});
