import { appPath, isNavActive } from './nav';

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

describe('appPath', () => {
  it('keeps paths inside the app and sends anything else home', () => {
    expect(appPath('/?bet=3')).toBe('/?bet=3');
    expect(appPath('/friends')).toBe('/friends');
    expect(appPath('//evil.example/x')).toBe('/');
    expect(appPath('/\\evil.example')).toBe('/');
    expect(appPath('https://evil.example/')).toBe('/');
    expect(appPath('javascript:alert(1)')).toBe('/');
  });
});
