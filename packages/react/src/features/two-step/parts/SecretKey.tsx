import { useWidget } from '../../../widget/context';
import { useCopy } from './copy';
import { LinkButton } from './LinkButton';
import { texts } from './texts';

/** The key in groups of four ('JBSW Y3DP EHPK 3PXP'), as apps that take it typed show it: easier to read out and to check. */
export function groupsOfFour(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? '';
}

/**
 * 'Can't scan the code? Enter this key instead': the base32 key in groups of four, monospace and
 * selectable, and 'Copy' (the key without the spaces). For the account page's enrolment and the
 * sign-in's.
 */
export function SecretKey({ secret }: { secret: string }) {
  const { free } = useWidget();
  const { copy, said } = useCopy();
  return (
    <>
      <p className="vst-note">{free(texts.cantScan)}</p>
      <p className="vst-text">
        <code>{groupsOfFour(secret)}</code> <LinkButton label={free(texts.copy)} subject={free(texts.theKey)} onClick={() => copy(secret)} />{' '}
        <span role="status">{said}</span>
      </p>
    </>
  );
}
