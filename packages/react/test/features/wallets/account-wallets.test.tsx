import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, within } from '@testing-library/react';
import type { User } from '@vestibule/contract';
import { expectNoAxeViolations, USER, WALLET_CHALLENGE } from '../../helpers';
import { accountClient, accountError, answering, events, itemsOf, openSection, removeRefusedThenConfirmed, renderAccount } from '../../account/account-helpers';
import { announceEip6963, ETH_ADDRESS, ETH_SIGNATURE, fakeEthereumProvider, hexOf, removeWallets } from './wallet-fakes';

afterEach(() => {
  cleanup();
  removeWallets();
});

const WITH_WALLET: User = {
  ...USER,
  crypto_wallets: [{ crypto_wallet_id: 'cw-1', crypto_wallet_address: ETH_ADDRESS, crypto_wallet_type: 'ethereum', verified: true }],
};

describe('Wallets', () => {
  it("lists the user's wallets with their family and 'Remove', each address shown short and read out in full (no accessibility violations)", async () => {
    const { client } = accountClient(WITH_WALLET);
    const { container } = renderAccount(client);
    const section = await openSection('Wallets');
    const [item] = itemsOf(section);
    expect(item).toEqual({ name: expect.any(String), badges: [], details: ['Ethereum wallet'], actions: [`Remove ${ETH_ADDRESS}`] });
    const name = section.querySelector('.vst-account-item-name')!;
    expect(name.querySelector('[aria-hidden="true"]')?.textContent).toBe('0x5aAe…eAed');
    expect(name.querySelector('.vst-visually-hidden')?.textContent).toBe(ETH_ADDRESS);
    await expectNoAxeViolations(container);
  });

  it("'Connect wallet' offers the wallets found in this browser; the one chosen signs the sign-in message, which links it", async () => {
    const provider = announceEip6963({ name: 'MetaMask', rdns: 'io.metamask' });
    const { client, setUser } = accountClient();
    client.account.walletLink.mockImplementation(answering(setUser, WITH_WALLET));
    const { callbacks, container } = renderAccount(client);
    const section = await openSection('Wallets');
    expect(section.textContent).toContain('No wallet connected yet.');
    fireEvent.click(within(section).getByRole('button', { name: 'Connect wallet' }));
    const metamask = await within(section).findByRole('button', { name: 'MetaMask' });
    await expectNoAxeViolations(container);
    fireEvent.click(metamask);
    await within(section).findByText('Wallet connected.');
    expect(client.cryptoWallets.authenticateStart).toHaveBeenCalledWith({ crypto_wallet_address: ETH_ADDRESS, crypto_wallet_type: 'ethereum', chain_id: 1 });
    expect(provider.request).toHaveBeenCalledWith({ method: 'personal_sign', params: [hexOf(WALLET_CHALLENGE), ETH_ADDRESS] });
    expect(client.account.walletLink).toHaveBeenCalledWith({ crypto_wallet_address: ETH_ADDRESS, crypto_wallet_type: 'ethereum', signature: ETH_SIGNATURE });
    expect(within(section).queryByRole('button', { name: 'MetaMask' })).toBeNull();
    expect(within(section).getAllByRole('listitem')[0]!.textContent).toContain(ETH_ADDRESS);
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_UPDATED', data: { change: 'wallet_connected' } }]);
  });

  it('without a wallet in the browser, says where to get one', async () => {
    const { client } = accountClient();
    renderAccount(client);
    const section = await openSection('Wallets');
    fireEvent.click(within(section).getByRole('button', { name: 'Connect wallet' }));
    expect(await within(section).findByText(/^No wallet was found in this browser\./)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'MetaMask (opens in a new tab)' }).getAttribute('href')).toBe('https://metamask.io/download/');
  });

  it("a wallet that refuses to sign, and a wallet of another user: the login's words, and the catalogue's", async () => {
    const provider = announceEip6963({ name: 'MetaMask', rdns: 'io.metamask' }, fakeEthereumProvider({ reject: 'sign' }));
    const { client } = accountClient();
    client.account.walletLink.mockRejectedValue(accountError('crypto_wallet_already_linked'));
    const { callbacks } = renderAccount(client);
    const section = await openSection('Wallets');
    fireEvent.click(within(section).getByRole('button', { name: 'Connect wallet' }));
    fireEvent.click(await within(section).findByRole('button', { name: 'MetaMask' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('[Error] Could not sign message');
    expect(client.account.walletLink).not.toHaveBeenCalled();
    // Signed this time; the server refuses the wallet.
    provider.request.mockImplementation(fakeEthereumProvider().request);
    fireEvent.click(within(section).getByRole('button', { name: 'MetaMask' }));
    await within(section).findByText('This wallet belongs to another account. Please connect a different wallet.');
    expect(callbacks.onError).toHaveBeenCalledWith(expect.objectContaining({ error_type: 'crypto_wallet_already_linked' }));
  });

  it('removes one after confirming it is you; the last way in is refused', async () => {
    const { client, setUser } = accountClient(WITH_WALLET);
    const { callbacks } = renderAccount(client);
    const section = await openSection('Wallets');
    const remove = within(section).getByRole('button', { name: `Remove ${ETH_ADDRESS}` });
    await removeRefusedThenConfirmed(section, remove, client.account.walletRemove, answering(setUser, USER));
    await within(section).findByText('Wallet removed.');
    expect(client.account.walletRemove).toHaveBeenLastCalledWith({ crypto_wallet_id: 'cw-1' });
    expect(section.textContent).toContain('No wallet connected yet.');
    expect(events(callbacks)).toEqual([{ type: 'ACCOUNT_UPDATED', data: { change: 'wallet_removed' } }]);
  });
});
