import { personInitial, personLabel, personName } from './person-name';

const zoe = { firstName: 'Zoë', lastName: 'Park', username: 'zoe_park', email: 'zoe@example.com' };
const hidden = { firstName: null, lastName: null, username: 'zoe_park' };

describe('naming a person', () => {
  it('says the name when visible, else the username, else the email', () => {
    expect(personName(zoe)).toBe('Zoë Park');
    expect(personName(hidden)).toBe('zoe_park');
    expect(personName({ email: 'zoe@example.com' })).toBe('zoe@example.com');
    expect(personName(null)).toBe('Unknown');
    expect(personInitial(zoe)).toBe('Z');
  });

  it('adds the username where two people could be confused', () => {
    expect(personLabel(zoe)).toBe('Zoë Park (@zoe_park)');
    expect(personLabel(hidden)).toBe('zoe_park');
    expect(personLabel(zoe, { usernameFirst: true })).toBe('zoe_park (Zoë Park)');
    expect(personLabel({ email: 'x@y.z' }, { usernameFirst: true })).toBe('x@y.z');
    expect(personLabel(null, { usernameFirst: true })).toBe('Unknown');
  });
});
