import { parseEvidenceLinks } from './evidence-links';

describe('parseEvidenceLinks', () => {
  it('takes up to three https links, one per line, ignoring blank lines', () => {
    expect(parseEvidenceLinks('')).toEqual({ links: [] });
    expect(parseEvidenceLinks(' https://a.example/1 \n\nhttps://b.example/2?t=89\n')).toEqual({
      links: ['https://a.example/1', 'https://b.example/2?t=89'],
    });
  });

  it('refuses other schemes, credentials, non-links and a fourth link', () => {
    for (const input of [
      'http://a.example/1',
      'javascript:alert(1)',
      'https://user:pw@a.example/',
      'just words',
      'https://a.example/1\nhttps://a.example/2\nhttps://a.example/3\nhttps://a.example/4',
    ]) {
      expect(parseEvidenceLinks(input)).toHaveProperty('error');
    }
  });

  it("refuses a link longer than the server keeps, in the server's words", () => {
    expect(parseEvidenceLinks(`https://a.example/${'x'.repeat(483)}`)).toEqual({
      error: 'An evidence link can be at most 500 characters',
    });
    expect(parseEvidenceLinks(`https://a.example/${'x'.repeat(482)}`)).toHaveProperty('links');
  });
});
