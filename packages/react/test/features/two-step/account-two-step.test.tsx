import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import qrcode from 'qrcode-generator';
import { twoStepErrorCatalogue, type User } from '@vestibule/contract';
import { QrCode } from '../../../src/features/two-step/parts/QrCode';
import { recoveryCodesFileName } from '../../../src/features/two-step/parts/download';
import { WidgetShell } from '../../../src/mounts/Shell';
import { apiError, expectNoAxeViolations, fakeClient, RECOVERY_CODES, TOTP_SECRET, TOTP_URI, USER } from '../../helpers';
import { accountClient, answering, events, openSection, REAUTH, renderAccount } from '../../account/account-helpers';

afterEach(cleanup);

const HEADING = 'Two-step verification';
const ON: User = { ...USER, totp: { totp_id: 'totp-1', created_at: '2026-03-03T12:00:00Z', recovery_codes_remaining: 8 } };
const withCodesLeft = (count: number): User => ({ ...ON, totp: { ...ON.totp!, recovery_codes_remaining: count } });

/** A two-step error as the server answers it: its status and its words, which the page shows. */
const twoStepError = (type: keyof typeof twoStepErrorCatalogue) => {
  const { status, message } = twoStepErrorCatalogue[type];
  return apiError(type, message, status);
};

const button = (within_: HTMLElement, name: string) => within(within_).getByRole('button', { name }) as HTMLButtonElement;

/** What the clipboard was given, and a way to refuse it (as an insecure page's browser does). */
function fakeClipboard() {
  const writeText = vi.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

beforeEach(() => {
  // Dates in the page's language, whatever the machine's.
  document.documentElement.lang = 'en-US';
  return () => {
    document.documentElement.lang = '';
    Reflect.deleteProperty(navigator, 'clipboard');
  };
});

/** Opens the section signed in as `user`, with the client's calls answering as the server does. */
async function open(user: User = USER) {
  const { client, setUser } = accountClient(user);
  client.account.totpEnrol.mockImplementation(async () => ({ ...(await answering(setUser, ON)()), recovery_codes: RECOVERY_CODES }));
  client.account.totpDelete.mockImplementation(answering(setUser, USER));
  const view = renderAccount(client);
  const section = await openSection(HEADING);
  return { client, setUser, section, ...view };
}

/** 'Add authenticator app', up to its step with the QR code drawn. */
async function startAdding(section: HTMLElement) {
  fireEvent.click(button(section, 'Add authenticator app'));
  await within(section).findByRole('img', { name: 'QR code for your authenticator app' });
  return within(section).getByLabelText('Enter the 6-digit code') as HTMLInputElement;
}

/** Types a code and presses Enter in the field. */
function enter(field: HTMLInputElement, code: string) {
  fireEvent.change(field, { target: { value: code } });
  fireEvent.submit(field.closest('form')!);
}

describe('Two-step verification on the account page', () => {
  it('sits after the ways in and before the devices, and says what it is while off', async () => {
    const { section } = await open();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(-3)).toEqual([HEADING, 'Signed-in devices', 'Delete account']);
    expect(headings.indexOf(HEADING)).toBeGreaterThan(headings.indexOf('Passkeys'));
    expect(section.textContent).toContain('Ask for a code from an authenticator app when you sign in.');
  });

  it('turning it on: the QR code and the key in fours, a code of the wrong shape refused before sending, the right one shows the ten codes once, then it is on', async () => {
    const { client, section, container, callbacks } = await open();
    const field = await startAdding(section);
    expect(client.account.totpCreate).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(within(section).getByRole('heading', { level: 3, name: 'Add authenticator app' }));
    expect(section.textContent).toContain("Can't scan the code? Enter this key instead");
    expect(within(section).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP').tagName).toBe('CODE');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    await expectNoAxeViolations(container);

    for (const wrong of ['12345', '1234567', '12a456', '']) {
      enter(field, wrong);
      const alert = within(section).getByRole('alert');
      expect(alert.textContent).toBe('Enter the 6 digits your authenticator app shows.');
      expect(field.getAttribute('aria-describedby')).toBe(alert.id);
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(client.account.totpEnrol).not.toHaveBeenCalled();

    // As apps show it, with a space in the middle; the 'Turn on' button sends it as Enter does.
    fireEvent.change(field, { target: { value: '123 456' } });
    fireEvent.click(button(section, 'Turn on'));
    const title = await within(section).findByRole('heading', { level: 3, name: 'Save your recovery codes' });
    expect(client.account.totpEnrol).toHaveBeenCalledWith({ code: '123456' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(section.textContent).toContain('they are shown only this once');
    const codes = within(within(section).getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem');
    expect(codes.map((code) => code.textContent)).toEqual(RECOVERY_CODES);
    expect(section.querySelector('.vst-account-status')?.textContent).toBe('Two-step verification is on.');
    await expectNoAxeViolations(container);

    // The host hears the change once, when it is made (not the codes).
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_UPDATED', data: { change: 'two_step_turned_on' } }]);
    fireEvent.click(button(section, 'I have saved these codes'));
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(section.textContent).toContain('On since Mar 3, 2026.');
    expect(section.textContent).toContain('8 recovery codes left.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: HEADING }));
    expect(button(section, 'Turn off')).toBeTruthy();
  });

  it("'Copy' puts the key, and the codes one a line, on the clipboard and says 'Copied'; 'Download' saves them as a file named after the project", async () => {
    const writeText = fakeClipboard();
    const { section } = await open();
    await startAdding(section);
    fireEvent.click(button(section, 'Copy the key'));
    expect(await within(section).findByText('Copied')).toBeTruthy();
    expect(writeText).toHaveBeenLastCalledWith(TOTP_SECRET);

    enter(within(section).getByLabelText('Enter the 6-digit code') as HTMLInputElement, '123456');
    await within(section).findByRole('list', { name: 'Recovery codes' });
    fireEvent.click(button(section, 'Copy the recovery codes'));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(`${RECOVERY_CODES.join('\n')}\n`));
    expect((await within(section).findByText('Copied')).getAttribute('role')).toBe('status');

    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:codes';
    });
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    try {
      fireEvent.click(button(section, 'Download the recovery codes'));
      expect(clicked.map((link) => [link.download, link.href])).toEqual([['example-project-recovery-codes.txt', 'blob:codes']]);
      expect(await saved[0]!.text()).toBe(`${RECOVERY_CODES.join('\n')}\n`);
    } finally {
      click.mockRestore();
    }
  });

  it('a clipboard the browser refuses is said, so the person copies by hand', async () => {
    fakeClipboard().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const { section } = await open();
    await startAdding(section);
    fireEvent.click(button(section, 'Copy the key'));
    expect((await within(section).findByText('Could not copy. Select the text and copy it yourself.')).getAttribute('role')).toBe('status');
  });

  it("the file is named after the project in its letters and digits, or 'recovery-codes.txt'", () => {
    expect(recoveryCodesFileName('Acme')).toBe('acme-recovery-codes.txt');
    expect(recoveryCodesFileName('Café Crème & Co.')).toBe('cafe-creme-co-recovery-codes.txt');
    expect(recoveryCodesFileName('東京 Shop')).toBe('東京-shop-recovery-codes.txt');
    expect(recoveryCodesFileName(' -- ')).toBe('recovery-codes.txt');
  });

  it("a wrong code is the server's refusal under the field; an expired setup offers 'Start again' with a new key", async () => {
    const { client, section, container } = await open();
    const field = await startAdding(section);
    client.account.totpEnrol.mockRejectedValueOnce(twoStepError('invalid_totp_code')).mockRejectedValueOnce(twoStepError('totp_enrolment_not_started'));
    enter(field, '000000');
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toBe('That code is not right. Enter the 6-digit code your authenticator app shows now.');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    await expectNoAxeViolations(container);

    enter(field, '111111');
    await within(section).findByText('This setup has expired. Start again to get a new key for your authenticator app.');
    expect(within(section).queryByRole('button', { name: 'Turn on' })).toBeNull();
    client.account.totpCreate.mockResolvedValueOnce({
      status_code: 200,
      request_id: 'req-new-key',
      secret: 'KRUGS4ZANFZSAYJAORSXG5BAMFXGI2LT',
      otpauth_uri: 'otpauth://totp/Acme:ada%40example.com?issuer=Acme&secret=KRUGS4ZANFZSAYJAORSXG5BAMFXGI2LT',
    });
    fireEvent.click(button(section, 'Start again'));
    await within(section).findByText('KRUG S4ZA NFZS AYJA ORSX G5BA MFXG I2LT');
    expect(client.account.totpCreate).toHaveBeenCalledTimes(2);
    const fresh = within(section).getByLabelText('Enter the 6-digit code') as HTMLInputElement;
    expect(fresh.value).toBe('');
    expect(within(section).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(section).getByRole('heading', { level: 3, name: 'Add authenticator app' })));
    enter(fresh, '222222');
    await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(client.account.totpEnrol).toHaveBeenLastCalledWith({ code: '222222' });
  });

  it("'Cancel' leaves the setup without turning anything on", async () => {
    const { client, section } = await open();
    await startAdding(section);
    fireEvent.click(button(section, 'Cancel'));
    expect(within(section).queryByRole('img')).toBeNull();
    expect(button(section, 'Add authenticator app')).toBeTruthy();
    expect(client.account.totpEnrol).not.toHaveBeenCalled();
  });

  it('adding needs a recent sign-in: the inline confirm step, then the same call again and the QR code', async () => {
    const { client, section } = await open();
    client.account.totpCreate.mockRejectedValueOnce(REAUTH());
    fireEvent.click(button(section, 'Add authenticator app'));
    fireEvent.click(await within(section).findByRole('button', { name: 'Email a code to ada@example.com' }));
    fireEvent.change(await within(section).findByLabelText('6-digit passcode'), { target: { value: '123456' } });
    await within(section).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(client.account.totpCreate).toHaveBeenCalledTimes(2);
    expect(within(section).queryByRole('heading', { name: 'Confirm it is you' })).toBeNull();
  });

  it("'Turn off' asks first, saying what it means; confirmed, it is off", async () => {
    const { client, section, container, callbacks } = await open(ON);
    fireEvent.click(button(section, 'Turn off'));
    const title = within(section).getByRole('heading', { level: 3, name: 'Turn off two-step verification?' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(section.textContent).toContain('Signing in will no longer ask for a code from your authenticator app');
    expect(section.textContent).toContain('Your recovery codes will stop working.');
    await expectNoAxeViolations(container);
    fireEvent.click(button(section, 'Cancel'));
    expect(section.textContent).toContain('On since Mar 3, 2026.');
    expect(client.account.totpDelete).not.toHaveBeenCalled();

    fireEvent.click(button(section, 'Turn off'));
    fireEvent.click(button(section, 'Turn off two-step verification'));
    expect(await within(section).findByText('Two-step verification is off.')).toBeTruthy();
    expect(client.account.totpDelete).toHaveBeenCalledTimes(1);
    expect(events(callbacks).at(-1)).toEqual({ type: 'ACCOUNT_UPDATED', data: { change: 'two_step_turned_off' } });
    expect(section.textContent).toContain('Ask for a code from an authenticator app when you sign in.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: HEADING }));
  });

  it("a refusal to turn it off (the service requires it) is the section's alert", async () => {
    const { client, section } = await open(ON);
    client.account.totpDelete.mockRejectedValueOnce(twoStepError('totp_required'));
    fireEvent.click(button(section, 'Turn off'));
    fireEvent.click(button(section, 'Turn off two-step verification'));
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toBe('This service requires two-step verification, so it cannot be turned off.');
  });

  it('few recovery codes left is a warning; new ones are shown once, after a recent sign-in, and the count is ten again', async () => {
    const { client, setUser, section, container, callbacks } = await open(withCodesLeft(2));
    const warning = section.querySelector('.vst-banner--warning')!;
    expect(warning.textContent).toBe('Only 2 recovery codes left. Get new ones so that you can still sign in if you lose your authenticator app.');
    expect(warning.getAttribute('role')).toBe('status');
    client.account.recoveryCodes.mockRejectedValueOnce(REAUTH()).mockImplementationOnce(async () => {
      setUser(withCodesLeft(10));
      return { status_code: 200, request_id: 'req-codes', recovery_codes: RECOVERY_CODES };
    });
    fireEvent.click(button(section, 'Get new recovery codes'));
    // With the app on, the server asks for its code (a first factor alone would not do).
    fireEvent.click(await within(section).findByRole('button', { name: 'Enter a code from your authenticator app' }));
    fireEvent.change(await within(section).findByLabelText('Enter the code from your authenticator app'), { target: { value: '123456' } });
    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(client.account.recoveryCodes).toHaveBeenCalledTimes(2);
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_UPDATED', data: { change: 'recovery_codes_replaced' } }]);
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(section.textContent).toContain('Your old recovery codes no longer work.');
    await expectNoAxeViolations(container);
    fireEvent.click(button(section, 'I have saved these codes'));
    expect(section.textContent).toContain('10 recovery codes left.');
    expect(section.querySelector('.vst-banner--warning')).toBeNull();
  });

  it('one code left, and none, are said in words', async () => {
    const { setUser, section } = await open(withCodesLeft(1));
    expect(section.textContent).toContain('Only 1 recovery code left.');
    setUser(withCodesLeft(0));
    await within(section).findByText(/^No recovery codes left\./);
  });
});

describe('the QR code', () => {
  /** The dark modules the SVG draws, read back from its path: a rectangle 1 high per run, inside the quiet zone. */
  function drawnModules(svg: SVGElement, size: number, quiet: number): boolean[][] {
    const modules = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
    const d = svg.querySelector('path')!.getAttribute('d')!;
    for (const [, x, y, width, back] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
      expect(back).toBe(width);
      for (let i = 0; i < Number(width); i += 1) modules[Number(y) - quiet]![Number(x) - quiet + i] = true;
    }
    expect(d.replace(/M\d+ \d+h\d+v1h-\d+z/g, '')).toBe('');
    return modules;
  }

  it("draws exactly the library's modules for the URI, black on white inside a four-module quiet zone, in whole pixels near 200", async () => {
    const { container } = render(
      <WidgetShell client={fakeClient()} config={{ products: ['emailMagicLinks'] }}>
        <QrCode text={TOTP_URI} />
      </WidgetShell>,
    );
    const svg = (await screen.findByRole('img', { name: 'QR code for your authenticator app' })) as unknown as SVGElement;
    const qr = qrcode(0, 'M');
    qr.addData(TOTP_URI);
    qr.make();
    const count = qr.getModuleCount();
    const expected = Array.from({ length: count }, (_, r) => Array.from({ length: count }, (_, c) => qr.isDark(r, c)));
    expect(drawnModules(svg, count, 4)).toEqual(expected);
    expect(expected.flat().filter(Boolean).length).toBeGreaterThan(count * count * 0.3);

    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${count + 8} ${count + 8}`);
    expect(svg.querySelector('rect')?.getAttribute('fill')).toBe('#fff');
    expect(svg.querySelector('rect')?.getAttribute('width')).toBe(String(count + 8));
    expect(svg.querySelector('path')?.getAttribute('fill')).toBe('#000');
    const px = Number(svg.getAttribute('width'));
    expect(px % (count + 8)).toBe(0);
    expect(Math.abs(px - 200)).toBeLessThanOrEqual((count + 8) / 2);
    await expectNoAxeViolations(container);
  });
});
