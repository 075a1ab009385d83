import { Button } from '../../../parts/Button';
import { useWidget } from '../../../widget/context';
import { useCopy } from './copy';
import { downloadText, recoveryCodesFileName } from './download';
import { LinkButton } from './LinkButton';
import { texts } from './texts';

/** Two columns of codes: ten in one column make a long list for something read once. */
const TWO_COLUMNS = { display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', gap: '4px 32px' } as const;

/**
 * The recovery codes, shown once: the list, 'Copy' (every code, one a line), 'Download' (the same
 * as a text file named after the project), then 'I have saved these codes' (`onDone`). What they
 * are for, and that they are shown only this once, the step around them says. For the account
 * page and the sign-in's enrolment.
 */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone(): void }) {
  const { free, bootstrap } = useWidget();
  const { copy, said } = useCopy();
  const text = `${codes.join('\n')}\n`;
  const subject = free(texts.theCodes);
  return (
    <>
      <ul className="vst-list" style={TWO_COLUMNS} aria-label={free(texts.codesLabel)}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p className="vst-text">
        <LinkButton label={free(texts.copy)} subject={subject} onClick={() => copy(text)} />
        <span aria-hidden="true"> · </span>
        <LinkButton label={free(texts.download)} subject={subject} onClick={() => downloadText(recoveryCodesFileName(bootstrap.projectName), text)} />{' '}
        <span role="status">{said}</span>
      </p>
      <Button onClick={onDone}>{free(texts.codesSaved)}</Button>
    </>
  );
}
