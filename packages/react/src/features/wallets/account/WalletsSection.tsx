import { useEffect, useState } from 'react';
import { ActionStatus } from '../../../account/ActionStatus';
import { useAccount } from '../../../account/context';
import { Item, RemoveAction } from '../../../account/Item';
import { Step, StepButton } from '../../../account/Step';
import { texts as shared } from '../../../account/texts';
import { useAction, type Action } from '../../../account/useAction';
import { Button } from '../../../parts/Button';
import { Loading } from '../../../parts/Loading';
import { useWidget } from '../../../widget/context';
import { walletOption } from '../options';
import { WalletDownloads } from '../screens/WalletDownloads';
import type { WalletOptionId } from '../state';
import { detectWallets } from '../wallets';
import { walletChanges } from './changes';
import { texts } from './texts';

/** The wallets found in this browser (as Main finds them), one button each; without any, where to get one. */
function ChooseWallet({ action, onPick }: { action: Action; onPick(option: WalletOptionId): void }) {
  const { free } = useWidget();
  const [found, setFound] = useState<WalletOptionId[] | null>(null);
  useEffect(() => {
    const watching = new AbortController();
    detectWallets(watching.signal, setFound);
    return () => watching.abort();
  }, []);
  if (found === null) return <Loading />;
  if (!found.length) {
    return (
      <>
        <p className="vst-text">{free(texts.noWalletFound)}</p>
        <WalletDownloads linkClass="vst-link" />
      </>
    );
  }
  return (
    <>
      <p className="vst-text">{free(texts.chooseWallet)}</p>
      <ul className="vst-list">
        {found.map((option) => (
          <li key={option}>
            <Button variant="secondary" disabled={action.pending} onClick={() => onPick(option)}>
              {walletOption(option).name}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A wallet address as wallets show it: its first 6 and last 4 characters. */
const shortAddress = (address: string) => (address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);

/**
 * 'Wallets': the wallets linked to the user, each with its family and 'Remove'; 'Connect wallet'
 * offers the wallets found in this browser, and the one chosen signs the sign-in message to link it.
 */
export default function WalletsSection() {
  const { free } = useWidget();
  const { user } = useAccount();
  const action = useAction();
  const [choosing, setChoosing] = useState(false);
  const changes = walletChanges(free);
  const stop = () => {
    action.cancel();
    setChoosing(false);
  };

  return (
    <>
      {user.crypto_wallets.length ? (
        <ul className="vst-list">
          {user.crypto_wallets.map((wallet) => (
            <Item
              key={wallet.crypto_wallet_id}
              name={
                // Shortened as wallets show addresses (it has no place to wrap on a narrow screen); read out and hovered in full.
                <span className="vst-account-mono" title={wallet.crypto_wallet_address}>
                  <span aria-hidden="true">{shortAddress(wallet.crypto_wallet_address)}</span>
                  <span className="vst-visually-hidden">{wallet.crypto_wallet_address}</span>
                </span>
              }
              details={[free(texts[wallet.crypto_wallet_type])]}
            >
              <RemoveAction action={action} change={changes.remove(wallet)} subject={wallet.crypto_wallet_address} />
            </Item>
          ))}
        </ul>
      ) : (
        <p className="vst-note">{free(texts.none)}</p>
      )}
      {choosing ? (
        <Step title={free(texts.connectWallet)}>
          <ChooseWallet action={action} onPick={(option) => action.run({ ...changes.link(option), done: () => setChoosing(false) })} />
          <Button variant="text" onClick={stop}>
            {free(shared.cancel)}
          </Button>
        </Step>
      ) : (
        <div className="vst-account-actions">
          <StepButton action={action} onOpen={() => setChoosing(true)}>
            {free(texts.connectWallet)}
          </StepButton>
        </div>
      )}
      <ActionStatus action={action} />
    </>
  );
}
