import { isNavActive } from './nav';

describe('isNavActive', () => {
  it('matches home only exactly', () => {
    expect(isNavActive('/', '/')).toBe(true);
    expect(isNavActive('/', '/friends')).toBe(false);
  });
  it('matches other items by prefix', () => {
    expect(isNavActive('/friends', '/friends')).toBe(true);
    expect(isNavActive('/account', '/account/settings')).toBe(true);
    expect(isNavActive('/history', '/historyx')).toBe(false);
    expect(isNavActive('/admin', '/account')).toBe(false);
  });
});
