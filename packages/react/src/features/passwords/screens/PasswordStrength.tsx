import type { PasswordStrengthCheckResponse } from '@vestibule/contract';
import { useWidget } from '../../../widget/context';
import { hintFor } from '../zxcvbnHints';

/** Password score segments. */
export const SCORE_SEGMENTS = 4;

/** LUDS counts when the bootstrap has no passwordConfig: the server's defaults. */
export const DEFAULT_LUDS_MINIMUM_COUNT = 8;
export const DEFAULT_LUDS_COMPLEXITY = 3;

/** Scores 0 and 1 fill one segment, 2 two (both red), 3 three and 4 four (green). */
export function filledSegments(score: number): number {
  return Math.min(SCORE_SEGMENTS, Math.max(1, Math.round(score)));
}

function useHintText() {
  const { t, free } = useWidget();
  return (text: string) => {
    const hint = hintFor(text);
    return { text: hint ? t(hint.key) : free(text), kind: hint?.kind ?? 'other' };
  };
}

/** The word beside the bar for each score, 0 to 4. */
const LEVELS = ['strengthVeryWeak', 'strengthWeak', 'strengthFair', 'strengthGood', 'strengthStrong'] as const;

/**
 * zxcvbn's bar with its level in words, then why and how to do better. A breached password shows
 * only the breach (said once by PasswordStrength): its reason outweighs zxcvbn's hints, and three
 * stacked messages would bury it.
 */
function ZxcvbnFeedback({ response }: { response: PasswordStrengthCheckResponse }) {
  const { t } = useWidget();
  const hintText = useHintText();
  const score = Math.max(0, Math.min(SCORE_SEGMENTS, Math.round(response.score)));
  const filled = filledSegments(score);
  const strong = score >= 3;
  const hints = !response.breached_password;
  const warning = hints && response.feedback.warning ? hintText(response.feedback.warning) : null;
  return (
    <>
      <div className={`vst-strength ${strong ? 'vst-strength--strong' : 'vst-strength--weak'}`} data-score={score}>
        <div className="vst-strength-bar" aria-hidden="true">
          {Array.from({ length: SCORE_SEGMENTS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the meter's segments are a fixed list of SCORE_SEGMENTS; the position is the segment
            <span key={i} className={i < filled ? 'vst-strength-segment vst-strength-segment--filled' : 'vst-strength-segment'} />
          ))}
        </div>
        <span className="vst-strength-level" aria-hidden="true">
          {t(LEVELS[score] ?? 'strengthVeryWeak')}
        </span>
        <span className="vst-visually-hidden">{t('passwordStrengthScore', { score })}</span>
      </div>
      {warning ? (
        <p className="vst-strength-warning" data-hint={warning.kind}>
          {warning.text}
        </p>
      ) : null}
      {hints && response.feedback.suggestions.length ? (
        <ul className="vst-strength-suggestions">
          {response.feedback.suggestions.map((s) => {
            const hint = hintText(s);
            return (
              <li key={s} data-hint={hint.kind}>
                {hint.text}
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}

function LudsFeedback({ response }: { response: PasswordStrengthCheckResponse }) {
  const { t, bootstrap } = useWidget();
  const luds = response.feedback.luds_requirements;
  const minimum = bootstrap.passwordConfig?.ludsMinimumCount ?? DEFAULT_LUDS_MINIMUM_COUNT;
  const complexity = bootstrap.passwordConfig?.ludsComplexity ?? DEFAULT_LUDS_COMPLEXITY;
  const lines = [
    { text: t('ludsMinimumCount', { count: minimum }), met: luds ? luds.missing_characters <= 0 : false },
    { text: t('ludsComplexity', { count: complexity }), met: luds ? luds.missing_complexity <= 0 : false },
  ];
  return (
    <ul className="vst-luds">
      {lines.map((line) => (
        <li key={line.text} className={line.met ? 'vst-luds-item vst-luds-item--met' : 'vst-luds-item'} data-met={line.met}>
          <svg className="vst-luds-icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            {line.met ? (
              <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            ) : (
              <path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          <span>
            {line.text} <span className="vst-visually-hidden">{t(line.met ? 'requirementMet' : 'requirementNotMet')}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The strength feedback for the latest strength-check answer: zxcvbn's score
 * bar, warning and suggestions, or the LUDS checklist; under policy none nothing. The breached
 * warning shows with any policy: without it a breached password under none would leave Continue
 * disabled with no reason given.
 */
export function PasswordStrength({ id, response }: { id: string; response: PasswordStrengthCheckResponse | null }) {
  const { t } = useWidget();
  if (!response) return null;
  const policy = response.strength_policy;
  if (policy === 'none' && !response.breached_password) return null;
  return (
    <div id={id} className="vst-strength-feedback" data-policy={policy}>
      {policy === 'luds' ? <LudsFeedback response={response} /> : policy === 'zxcvbn' ? <ZxcvbnFeedback response={response} /> : null}
      {response.breached_password ? <p className="vst-strength-breached">{t('breachedPasswordWarning')}</p> : null}
    </div>
  );
}
