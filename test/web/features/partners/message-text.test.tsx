import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText } from '@/features/partners/components/message-text';
import { messageParts } from '@/features/partners/utils/message-links';
import { blockedToast, connectToast, sentence, unblockedToast } from '@/features/partners/utils/partner-format';

describe('links in messages', () => {
  it('makes http(s) URLs links that open apart and pass nothing on, and leaves the rest as text', () => {
    const { container } = render(
      <MessageText
        text={'Route: https://trailforks.com/r/grouse-grind. Or http://example.org/a?b=1 <b>bold</b>'}
        linkClassName=""
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://trailforks.com/r/grouse-grind',
      'http://example.org/a?b=1',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
      expect(link).toHaveAttribute('target', '_blank');
    }
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe(
      'Route: https://trailforks.com/r/grouse-grind. Or http://example.org/a?b=1 <b>bold</b>',
    );
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://files.example.org',
    'www.example.org',
    'see example.org',
  ])('never links %s', (text) => {
    expect(messageParts(text)).toEqual([{ kind: 'text', text }]);
  });
});

describe('toasts that end on a name', () => {
  it.each([
    [blockedToast('Maya W.'), 'You blocked Maya W.'],
    [blockedToast('Sam'), 'You blocked Sam.'],
    [unblockedToast('Maya W.'), 'You unblocked Maya W.'],
    [connectToast('Sarah Johnson'), "Connection request sent to Sarah Johnson! They'll be notified."],
    [connectToast('Maya W.'), "Connection request sent to Maya W. They'll be notified."],
    [sentence('Who is Sam?'), 'Who is Sam?'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
    expect(actual).not.toMatch(/[.!?]{2}/);
  });
});
