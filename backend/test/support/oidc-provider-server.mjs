// A real OpenID Connect provider (the oidc-provider package) for the sign-in tests, run as its own
// Node process. Usage: node oidc-provider-server.mjs <port> <client redirect uri> [mallory's email]
import Provider from 'oidc-provider';

const [port, redirectUri] = [Number(process.argv[2]), process.argv[3]];
const issuer = `http://127.0.0.1:${port}`;
const people = {
  alice: { email: 'alice.oidc@example.com', email_verified: true, given_name: 'Alice', family_name: 'Oidc' },
  // Shares the email of a password account the test creates.
  mallory: {
    email: process.argv[4] ?? 'taken@example.com',
    email_verified: true,
    given_name: 'Mallory',
    family_name: 'Same-Email',
  },
  // Both carry an address listed in the app's ADMIN_EMAILS; only boss's is verified by the provider.
  boss: { email: 'boss.oidc@example.com', email_verified: true, given_name: 'Boss' },
  sneaky: { email: 'sneaky.oidc@example.com', email_verified: false, given_name: 'Sneaky' },
};

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'betwixt-test',
      client_secret: 'betwixt-test-secret-betwixt-test-secret',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
  scopes: ['openid', 'email', 'profile'],
  pkce: { required: () => true },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['test-cookie-key-test-cookie-key'] },
  findAccount: async (_ctx, id) => ({
    accountId: id,
    claims: async () => ({
      sub: id,
      ...(people[id] ?? { email: `${id}@example.com`, email_verified: true }),
    }),
  }),
});
provider.proxy = true;
provider.listen(port, '127.0.0.1', () => console.log('ready'));
