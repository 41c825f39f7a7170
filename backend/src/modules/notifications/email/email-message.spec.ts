import { NOTIFICATION_TYPES } from '../notification-kinds.js';
import { emailMessage, escapeHtml, isDeliverableAddress, isEmailed } from './email-message.js';

describe('emailMessage', () => {
  const notification = {
    title: 'New challenge from avery',
    body: '“Who wins the derby?” for $12.50. Accept or decline it before it expires.',
    url: '/?bet=42',
  };

  it('uses the title as the subject and links the notification absolutely', () => {
    const sut = emailMessage(notification, 'https://betwixt.example.com/');
    expect(sut.subject).toBe('New challenge from avery');
    expect(sut.text).toContain(notification.body);
    expect(sut.text).toContain('https://betwixt.example.com/?bet=42');
    expect(sut.text).toContain('Account → Settings');
    expect(sut.html).toContain('<a href="https://betwixt.example.com/?bet=42">');
    expect(sut.html).toContain('Account → Settings');
  });

  it('shows what people wrote as text in the HTML part, never as markup', () => {
    const sut = emailMessage(
      { title: 'New challenge from <b>x</b>', body: '“<script>alert(1)</script>” & "more"', url: '/?bet=1' },
      'http://localhost:3000',
    );
    expect(sut.html).not.toContain('<script>');
    expect(sut.html).toContain('<p>“&lt;script&gt;alert(1)&lt;/script&gt;” &amp; &quot;more&quot;</p>');
    expect(sut.text).toContain('<script>alert(1)</script>'); // plain text is not HTML: left as written
  });

  it('keeps the subject on one line', () => {
    expect(emailMessage({ ...notification, title: 'one\r\ntwo\nthree' }, 'http://x').subject).toBe(
      'one two three',
    );
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml('plain – text')).toBe('plain – text');
  });
});

describe('isDeliverableAddress', () => {
  it.each([
    ['avery@example.com', true],
    ['Avery.Stone+bets@mail.example.co.uk', true],
    ['deleted-6f1c@deleted.invalid', false],
    ['oidc-abc123@oidc.invalid', false],
    ['someone@EXAMPLE.INVALID', false],
    ['someone@invalid', false],
    ['someone@example.invalid.', false],
    ['no-at-sign', false],
    ['two@at@example.com', false],
    ['a@example.com, b@example.com', false],
    ['', false],
  ])('%s → %s', (email, expected) => {
    expect(isDeliverableAddress(email)).toBe(expected);
  });
});

describe('isEmailed', () => {
  it('emails every type except the steps in the middle of a bet, each join of a pot and circle comments', () => {
    const skipped = NOTIFICATION_TYPES.filter((type) => !isEmailed(type));
    expect(skipped).toEqual(['result_submitted', 'referee_answered', 'counter_offer', 'pot_joined', 'circle_comment']);
  });
});
