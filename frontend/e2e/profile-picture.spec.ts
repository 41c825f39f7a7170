import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newPerson, docScreenshot } from './support';

/** A real 800 × 600 JPEG photo-like picture, drawn by the browser itself. */
async function drawnJpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const sky = context.createLinearGradient(0, 0, 0, 600);
    sky.addColorStop(0, '#1e6fd9');
    sky.addColorStop(1, '#f2b134');
    context.fillStyle = sky;
    context.fillRect(0, 0, 800, 600);
    context.fillStyle = '#ffe08a';
    context.beginPath();
    context.arc(400, 300, 150, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

test('a profile picture is shrunk, uploaded, served from our origin and kept after reload; bad files get a clear message', async ({
  browser,
}, info) => {
  const context = await browser.newContext({ ...info.project.use, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const imageHosts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'image') imageHosts.add(new URL(request.url()).origin);
  });
  // Signed up through the API (the sign-up dialog has journeys of its own): the answer sets the session cookie.
  const person = newPerson('Morgan');
  const signedUp = await page.request.post('/api/auth/signup', {
    data: { ...person, confirmPassword: person.password, birthday: '1992-03-04', state: 'Oregon' },
  });
  expect(signedUp.status()).toBe(201);
  await page.goto('/account');
  const origin = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const chooser = page.getByLabel('Choose a profile picture');
  const problem = page.getByRole('alert').filter({ hasText: /picture|image/ });

  // A text file renamed to .png: the browser cannot decode it, nothing is uploaded.
  await chooser.setInputFiles({
    name: 'holiday.png',
    mimeType: 'image/png',
    buffer: Buffer.from('These are my notes, not a picture.\n'),
  });
  await expect(problem).toHaveText(
    'This file is not a picture we can use. Choose a JPEG, PNG or WebP image.',
  );

  // A 5.5 MB photo (a real JPEG with 5 MB of trailing data) is refused before any work.
  const photo = await drawnJpeg(page);
  // From a file on disk: Chromium reads it directly, rather than 5.5 MB travelling through the test protocol.
  const heavy = path.join(mkdtempSync(path.join(tmpdir(), 'betwixt-picture-')), 'camera.jpg');
  writeFileSync(heavy, Buffer.concat([photo, Buffer.alloc(5.5 * 1024 * 1024 - photo.length)]));
  await chooser.setInputFiles(heavy);
  await expect(problem).toHaveText(
    'This image is 5.5 MB; the limit is 5 MB. Choose a smaller image or take a screenshot of it.',
  );
  await docScreenshot(page, 'profile-picture-error-390');

  await chooser.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('status').filter({ hasText: 'Profile picture updated' })).toBeVisible();
  await expect(problem).toHaveCount(0);
  const avatar = page.getByRole('img', { name: 'Your profile picture' });
  await expect(avatar).toHaveAttribute('src', /^\/api\/users\/[0-9a-f-]{36}\/picture\?v=[0-9a-f]{16}$/);
  const src = (await avatar.getAttribute('src')) ?? '';

  await page.reload();
  // The account page is lazy-loaded: a busy machine may take a while to show it again.
  await expect(page.getByText('Profile Information')).toBeVisible({ timeout: 30_000 });
  await expect(avatar).toHaveAttribute('src', src);
  // Loaded (a 256 px square) and from our own origin, with the session cookie an <img> sends.
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  expect(await avatar.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).origin)).toBe(origin);
  const served = await page.request.get(src);
  expect(served.headers()['content-type']).toBe('image/webp');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await docScreenshot(page, 'profile-picture-390');

  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile picture removed' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toHaveCount(0);
  expect([...imageHosts].every((host) => host === origin)).toBe(true);
  await context.close();
});
