import { securityHeaders } from './security-headers.js';

describe('securityHeaders', () => {
  it("replays helmet's headers for the options given, worked out once", () => {
    const headers = securityHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    expect(headers['content-security-policy']).toMatch(/^default-src 'self';.*frame-ancestors 'none'/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(headers).not.toHaveProperty('x-powered-by');
  });

  it('refuses options helmet refuses, at boot rather than on a request', () => {
    expect(() => securityHeaders({ referrerPolicy: { policy: 'nonsense' as 'no-referrer' } })).toThrow();
  });
});
