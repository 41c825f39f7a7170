import sharp from 'sharp';
import { newAdmin } from '../admin/admin-helpers.js';
import { befriend, setPrivacy } from '../friends/friends-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { EXIF_MARKER, getPicture, putPicture, testImage } from '../support/images.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const UNREADABLE = 'This file is not a picture we can use. Choose a JPEG, PNG or WebP image.';
const TOO_LARGE = 'The picture is larger than 512 kB. Choose a smaller image.';

describe('profile pictures: PUT/DELETE /api/users/me/picture, GET /api/users/:id/picture', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const bearer = (user: SignedUpUser) => ({ authorization: `Bearer ${user.token}` });
  const storedRows = async (userId: string) =>
    (
      await t.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM profile_pictures WHERE "userId" = $1`,
        [userId],
      )
    )[0]?.n;

  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)(
    'takes a %s, re-encodes it as a 256 px WebP square without metadata and serves it from our origin',
    async (format, contentType) => {
      const user = await newUser(t);
      const original = await testImage(format, { width: 640, height: 480 });
      expect((await sharp(original).metadata()).exif).toBeDefined();

      const uploaded = await putPicture(t, original, { token: user.token, contentType });
      expect(uploaded.status).toBe(200);
      const url = uploaded.body.profileImageUrl as string;
      expect(url).toMatch(new RegExp(`^/api/users/${user.id}/picture\\?v=[0-9a-f]{16}$`));
      expect(uploaded.body).toMatchObject({ id: user.id, email: user.email });

      const served = await getPicture(t, url, bearer(user));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const metadata = await sharp(served.bytes).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(served.bytes.includes(EXIF_MARKER)).toBe(false);

      const me = await api(t, 'GET', '/api/auth/user', { token: user.token });
      expect(me.body.profileImageUrl).toBe(url);
    },
  );

  it('refuses what is not a JPEG, PNG or WebP by its bytes, whatever it is called, and stores nothing', async () => {
    const user = await newUser(t);
    const jpeg = await testImage('jpeg');
    const attempts: [string, Buffer | string, string][] = [
      ['a text file sent as a PNG', 'just some notes, renamed to holiday.png\n', 'image/png'],
      ['HTML sent as a JPEG', '<html><script>alert(1)</script></html>', 'image/jpeg'],
      [
        'an SVG sent as a PNG',
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        'image/png',
      ],
      ['a GIF sent as a WebP', await testImage('gif'), 'image/webp'],
      ['a truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'],
    ];
    for (const [what, body, contentType] of attempts) {
      const response = await putPicture(t, body, { token: user.token, contentType });
      expect({ what, status: response.status, message: response.body.message }).toEqual({
        what,
        status: 400,
        message: UNREADABLE,
      });
    }
    const empty = await putPicture(t, '', { token: user.token, contentType: 'image/png' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('No picture was sent. Choose a JPEG, PNG or WebP image.');
    expect(await storedRows(user.id)).toBe(0);
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).body.profileImageUrl).toBeNull();
  });

  it('refuses a picture over 512 kB with a 413 saying so, and one over 4096 px a side with a 400', async () => {
    const user = await newUser(t);
    const heavy = await testImage('png', { width: 500, height: 500, noise: true });
    expect(heavy.length).toBeGreaterThan(512 * 1024);
    const tooLarge = await putPicture(t, heavy, { token: user.token, contentType: 'image/png' });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe(TOO_LARGE);

    const wide = await testImage('png', { width: 5000, height: 8 });
    expect(wide.length).toBeLessThan(512 * 1024);
    const tooWide = await putPicture(t, wide, { token: user.token, contentType: 'image/png' });
    expect(tooWide.status).toBe(400);
    expect(tooWide.body.message).toBe(
      'The picture is larger than 4096 × 4096 pixels. Choose a smaller image.',
    );
    expect(await storedRows(user.id)).toBe(0);
  });

  it('takes image bytes only on this route, and only as an image content type', async () => {
    const user = await newUser(t);
    const png = await testImage('png');
    const asJson = await api(t, 'PUT', '/api/users/me/picture', {
      token: user.token,
      body: { imageUrl: 'https://api.dicebear.com/9.x/initials/svg?seed=A' },
    });
    expect(asJson.status).toBe(415);
    expect(asJson.body.message).toBe(
      'Send the picture itself as the body, with Content-Type image/png, image/jpeg, image/webp.',
    );
    const elsewhere = await putPicture(t, png, {
      token: user.token,
      path: '/api/user/profile',
      method: 'PATCH',
    });
    expect(elsewhere.status).toBe(415);
    // The third-party avatar address route is gone, and the profile update no longer takes a picture.
    const old = await api(t, 'PATCH', '/api/profile/image', {
      token: user.token,
      body: { imageUrl: 'https://api.dicebear.com/9.x/initials/svg?seed=A' },
    });
    expect(old.status).toBe(404);
    const viaProfile = await api(t, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { profileImageUrl: 'https://evil.example/me.png' },
    });
    expect(viaProfile.status).toBe(400);
    expect(await storedRows(user.id)).toBe(0);
  });

  it('is for signed-in users; each person changes only their own picture', async () => {
    const [owner, other] = [await newUser(t), await newUser(t)];
    const png = await testImage('png');
    expect((await putPicture(t, png)).status).toBe(401);
    expect((await api(t, 'DELETE', '/api/users/me/picture')).status).toBe(401);

    const mine = await putPicture(t, png, { token: owner.token });
    const url = mine.body.profileImageUrl as string;
    expect((await getPicture(t, url)).status).toBe(401);

    // There is no address for changing someone else's picture; the other person's own upload and
    // removal touch only their own.
    expect(
      (await putPicture(t, png, { token: other.token, path: `/api/users/${owner.id}/picture` })).status,
    ).toBe(404);
    const theirs = await putPicture(t, await testImage('jpeg'), {
      token: other.token,
      contentType: 'image/jpeg',
    });
    expect(theirs.status).toBe(200);
    expect((await api(t, 'DELETE', '/api/users/me/picture', { token: other.token })).status).toBe(200);
    expect((await api(t, 'GET', '/api/auth/user', { token: owner.token })).body.profileImageUrl).toBe(url);
    expect((await getPicture(t, url, bearer(owner))).status).toBe(200);
  });

  it('serves a versioned address as immutable, answers revalidation with 304, and changes address with the picture', async () => {
    const user = await newUser(t);
    const first = await putPicture(t, await testImage('png'), { token: user.token });
    const url = first.body.profileImageUrl as string;
    const version = url.split('v=')[1];

    const served = await getPicture(t, url, bearer(user));
    expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(served.headers.get('etag')).toBe(`"${version}"`);
    const again = await getPicture(t, url, { ...bearer(user), 'if-none-match': `"${version}"` });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);

    // Without (or with an old) version the browser must check back each time.
    const unversioned = await getPicture(t, `/api/users/${user.id}/picture`, bearer(user));
    expect(unversioned.status).toBe(200);
    expect(unversioned.headers.get('cache-control')).toBe('private, no-cache');

    const second = await putPicture(t, await testImage('jpeg', { width: 300, height: 900 }), {
      token: user.token,
      contentType: 'image/jpeg',
    });
    const newUrl = second.body.profileImageUrl as string;
    expect(newUrl).not.toBe(url);
    expect((await getPicture(t, url, bearer(user))).headers.get('cache-control')).toBe('private, no-cache');
    const replaced = await getPicture(t, newUrl, bearer(user));
    expect(await sharp(replaced.bytes).metadata()).toMatchObject({ width: 256, height: 256 });
    expect(await storedRows(user.id)).toBe(1);
  });

  it('shows the picture to whoever may see the name: the person, friends (default), admins; public to all', async () => {
    const [owner, friend, stranger, admin] = [
      await newUser(t),
      await newUser(t),
      await newUser(t),
      await newAdmin(t),
    ];
    await befriend(t, owner, friend);
    const url = (
      await putPicture(t, await testImage('webp'), { token: owner.token, contentType: 'image/webp' })
    ).body.profileImageUrl as string;

    // An <img> sends the session cookie, not the bearer token.
    const login = await api(t, 'POST', '/api/auth/login', {
      body: { emailOrUsername: friend.email, password: friend.password },
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect((await getPicture(t, url, { cookie })).status).toBe(200);
    expect((await getPicture(t, url, bearer(admin))).status).toBe(200);
    const hidden = await getPicture(t, url, bearer(stranger));
    expect(hidden.status).toBe(404);
    expect((JSON.parse(hidden.bytes.toString()) as { message: string }).message).toBe('No picture to show');
    // Lists agree with the picture route: the stranger is not given the address either.
    const found = await api(t, 'GET', `/api/users/${owner.id}`, { token: stranger.token });
    expect(found.body.profileImageUrl).toBeNull();

    await setPrivacy(t, owner, {
      profileVisibility: 'public',
      activityVisibility: 'friends',
      balanceVisibility: 'private',
    });
    expect((await getPicture(t, url, bearer(stranger))).status).toBe(200);
    await setPrivacy(t, owner, {
      profileVisibility: 'private',
      activityVisibility: 'friends',
      balanceVisibility: 'private',
    });
    expect((await getPicture(t, url, bearer(friend))).status).toBe(404);
    expect((await getPicture(t, url, bearer(owner))).status).toBe(200);
    expect((await getPicture(t, url, bearer(admin))).status).toBe(200);
    // No picture at all looks the same as one you may not see; an id that is no uuid names nothing.
    expect((await getPicture(t, `/api/users/${stranger.id}/picture`, bearer(stranger))).status).toBe(404);
    expect((await getPicture(t, '/api/users/not-a-uuid/picture', bearer(stranger))).status).toBe(404);
  });

  it('removes the picture: initials again, the address gone, removing twice is fine', async () => {
    const user = await newUser(t);
    const url = (await putPicture(t, await testImage('png'), { token: user.token })).body
      .profileImageUrl as string;
    const removed = await api(t, 'DELETE', '/api/users/me/picture', { token: user.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: user.id, profileImageUrl: null });
    expect((await getPicture(t, url, bearer(user))).status).toBe(404);
    expect(await storedRows(user.id)).toBe(0);
    const again = await api(t, 'DELETE', '/api/users/me/picture', { token: user.token });
    expect(again.status).toBe(200);
    expect(again.body.profileImageUrl).toBeNull();
  });

  it('lets pages load images from our own origin only (CSP img-src)', async () => {
    const response = await fetch(`${t.url}/api/health`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("img-src 'self' data: blob:;");
    expect(policy).not.toMatch(/img-src[^;]*https/);
  });

  it('keeps profileImageUrl to our own address at the database level', async () => {
    const user = await newUser(t);
    await expect(
      t.dataSource.query(`UPDATE users SET "profileImageUrl" = $2 WHERE id = $1`, [
        user.id,
        'https://api.dicebear.com/9.x/initials/svg?seed=A',
      ]),
    ).rejects.toThrow(/CHK_users_profile_image_own/);
  });
});
