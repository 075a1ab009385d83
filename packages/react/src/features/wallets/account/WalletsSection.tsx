import { useEffect, useState } from 'react';
import { ActionStatus } from '../../../account/ActionStatus';
import { useAccount, useSection } from '../../../account/context';
import { Item, ItemAction } from '../../../account/Item';
import { Step } from '../../../account/Step';
import { texts as shared } from '../../../account/texts';
import { useAction, type Action } from '../../../account/useAction';
import { Button } from '../../../parts/Button';
import { Loading } from '../../../parts/Loading';
import { useWidget } from '../../../widget/context';
import { WALLET_DOWNLOADS, walletOption } from '../options';
import type { WalletOptionId } from '../state';
import { detectWallets } from '../wallets';
import { walletChanges } from './changes';
import { texts } from './texts';

/** The wallets found in this browser (as Main finds them), one button each; without any, where to get one. */
function ChooseWallet({ action, onPick }: { action: Action; onPick(option: WalletOptionId): void }) {
  const { t, free } = useWidget();
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
        <ul className="vst-list">
          {WALLET_DOWNLOADS.map((wallet) => (
            <li key={wallet.name}>
              <a className="vst-link" href={wallet.url} target="_blank" rel="noopener noreferrer">
                {wallet.name}
                <span className="vst-visually-hidden"> {t('opensInNewTab')}</span>
              </a>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <>
      <p className="vst-text">{free(texts.chooseWallet)}</p>
      <ul className="vst-account-choices">
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

/**
 * 'Wallets': the wallets linked to the user, each with its family and 'Remove'; 'Connect wallet'
 * offers the wallets found in this browser, and the one chosen signs the sign-in message to link it.
 */
export default function WalletsSection() {
  const { free } = useWidget();
  const { user } = useAccount();
  const { focusHeading } = useSection();
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
              name={<span className="vst-account-mono">{wallet.crypto_wallet_address}</span>}
              details={[free(texts[wallet.crypto_wallet_type])]}
            >
              <ItemAction
                label={free(shared.remove)}
                subject={wallet.crypto_wallet_address}
                disabled={action.pending}
                onClick={() => action.run({ ...changes.remove(wallet), done: focusHeading })}
              />
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
          <Button
            variant="secondary"
            disabled={action.pending}
            onClick={() => {
              action.cancel();
              setChoosing(true);
            }}
          >
            {free(texts.connectWallet)}
          </Button>
        </div>
      )}
      <ActionStatus action={action} />
    </>
  );
}
