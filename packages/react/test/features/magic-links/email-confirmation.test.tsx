import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VestibuleLogin } from '../../../src/index';
import type { LoginConfig } from '../../../src/types';
import { expectNoAxeViolations, fakeClient, type FakeClientOptions } from '../../helpers';

afterEach(cleanup);

async function reachConfirmation(config: LoginConfig = { products: ['emailMagicLinks'] }, options: FakeClientOptions = {}) {
  const client = fakeClient(options);
  const view = render(<VestibuleLogin client={client} config={config} />);
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
  await screen.findByRole('heading', { name: 'Check your email' });
  return { client, ...view };
}

function hrefOf(service: string): string {
  return (screen.getByRole('link', { name: new RegExp(`^Open in ${service}`) }) as HTMLAnchorElement).href;
}

describe('EmailConfirmation', () => {
  it('has no accessibility violations', async () => {
    const { container } = await reachConfirmation();
    await expectNoAxeViolations(container);
  });

  it('says where the email went, with the address in bold', async () => {
    await reachConfirmation();
    const paragraph = screen.getByText(/An email was sent to/);
    expect(paragraph.textContent).toBe('An email was sent to ada@example.com.');
    expect(paragraph.querySelector('b')?.textContent).toBe('ada@example.com');
  });

  it('offers three webmail links that open in a new tab', async () => {
    await reachConfirmation();
    for (const service of ['Gmail', 'Yahoo Mail', 'Outlook']) {
      const link = screen.getByRole('link', { name: new RegExp(`^Open in ${service}`) }) as HTMLAnchorElement;
      expect(link.target).toBe('_blank');
      expect(link.rel).toContain('noopener');
    }
  });

  it('searches for the sender domain when the bootstrap knows exactly one', async () => {
    await reachConfirmation(undefined, { bootstrap: { emailDomains: ['mail.example.com'] } });
    expect(hrefOf('Gmail')).toContain('mail.example.com');
    expect(hrefOf('Yahoo Mail')).toContain('mail.example.com');
    expect(hrefOf('Outlook')).toContain('mail.example.com');
  });

  it('opens the inbox when the bootstrap knows several domains and there is no hint', async () => {
    await reachConfirmation(undefined, { bootstrap: { emailDomains: ['a.example.com', 'b.example.com'] } });
    expect(hrefOf('Gmail')).toBe('https://mail.google.com/mail/u/0/#inbox');
    expect(hrefOf('Yahoo Mail')).toBe('https://mail.yahoo.com/d/folders/1');
    expect(hrefOf('Outlook')).toBe('https://outlook.live.com/mail/0/inbox');
  });

  it('opens the inbox when the bootstrap knows no domain', async () => {
    await reachConfirmation(undefined, { bootstrap: { emailDomains: [] } });
    expect(hrefOf('Gmail')).toBe('https://mail.google.com/mail/u/0/#inbox');
  });

  it('the domainHint wins over the bootstrap', async () => {
    await reachConfirmation(
      { products: ['emailMagicLinks'], emailMagicLinksOptions: { domainHint: 'hint.example.org' } },
      { bootstrap: { emailDomains: ['mail.example.com'] } },
    );
    for (const service of ['Gmail', 'Yahoo Mail', 'Outlook']) {
      expect(hrefOf(service)).toContain('hint.example.org');
      expect(hrefOf(service)).not.toContain('mail.example.com');
    }
  });

  it("'Try again' clears the email, returns to Main and logs email_try_again_clicked", async () => {
    const { client } = await reachConfirmation();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const heading = await screen.findByRole('heading', { name: 'Sign up or log in' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(client.events.log).toHaveBeenCalledWith('email_try_again_clicked', {
      email: 'ada@example.com',
      type: 'email_magic_links',
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
