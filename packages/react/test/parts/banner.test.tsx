import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Banner } from '../../src/parts/Banner';
import { linkify } from '../../src/parts/linkify';
import { WidgetShell } from '../../src/mounts/Shell';
import { expectNoAxeViolations, fakeClient } from '../helpers';

afterEach(cleanup);

function renderBanner(variant: 'error' | 'warning' | 'success', message: string) {
  return render(
    <WidgetShell client={fakeClient()} config={{ products: ['emailMagicLinks'] }}>
      <Banner variant={variant} message={message} onDismiss={() => undefined} />
    </WidgetShell>,
  );
}

describe('Banner', () => {
  it('has no accessibility violations in any variant', async () => {
    for (const variant of ['error', 'warning', 'success'] as const) {
      const { container, unmount } = renderBanner(variant, 'See https://status.example.com for details.');
      await expectNoAxeViolations(container);
      unmount();
    }
  });

  it('is an alert for errors and a status otherwise', () => {
    renderBanner('error', 'Broken.');
    expect(screen.getByRole('alert').className).toContain('vst-banner--error');
    cleanup();
    renderBanner('success', 'Done.');
    expect(screen.getByRole('status').className).toContain('vst-banner--success');
  });

  it('turns http and https URLs into anchors that open in a new tab, without the trailing full stop', () => {
    renderBanner('warning', 'Read https://docs.example.com/help. Or http://example.org/x?y=1 now');
    const links = screen.getAllByRole('link') as HTMLAnchorElement[];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://docs.example.com/help', 'http://example.org/x?y=1']);
    for (const a of links) {
      expect(a.target).toBe('_blank');
      expect(a.rel).toBe('noopener noreferrer');
    }
    expect(screen.getByRole('status').textContent).toContain('Read https://docs.example.com/help (opens in a new tab). Or');
  });

  it('keeps HTML in a message as text', () => {
    const { container } = renderBanner('error', '<img src=x onerror="alert(1)"><b>bold</b> javascript:alert(1)');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.vst-banner b')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('<img src=x onerror="alert(1)"><b>bold</b>');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('linkify leaves a message without URLs as one string', () => {
    expect(linkify('No links here.', '(new tab)')).toEqual(['No links here.']);
  });
});
