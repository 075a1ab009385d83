import { useMemo, useState } from 'react';
import type { VestibuleClient } from '@vestibule/client';
import { OAUTH_PROVIDER_TYPES } from '@vestibule/contract/oauth-providers';
import { PROVIDER_NAMES, VestibuleLogin, type ColorScheme, type OtpMethod, type Product } from '@vestibule/react';
import { demo } from '../stack';
import { CodeBlock } from './CodeBlock';
import { INITIAL_CHOICES, LOCALE_LABELS, OTP_LABELS, PRODUCT_LABELS, widgetOptions, type Choices } from './choices';
import { oneScriptCode, reactCode, type Stack } from './code';

/** A checkbox per option; `chosen` in the order they were ticked. */
function Checklist<T extends string>({
  options,
  label,
  chosen,
  onChange,
}: {
  options: readonly T[];
  label: (option: T) => string;
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
}) {
  return options.map((option) => (
    <label key={option}>
      <input
        type="checkbox"
        checked={chosen.includes(option)}
        onChange={(event) => onChange(event.target.checked ? [...chosen, option] : chosen.filter((item) => item !== option))}
      />{' '}
      {label(option)}
    </label>
  ));
}

const SCHEMES: ColorScheme[] = ['light', 'dark', 'auto'];

/**
 * The configurator: pick the methods and their options, the theme, the colour scheme and the
 * language; the widget beside the form follows at once, and the code below makes the same widget in
 * a React app or in any page (the one script, served by this demo under /vestibule/).
 */
export function ConfiguratorPage({ client }: { client: VestibuleClient }) {
  const [choices, setChoices] = useState<Choices>(INITIAL_CHOICES);
  const set = (change: Partial<Choices>) => setChoices((current) => ({ ...current, ...change }));
  const options = useMemo(() => widgetOptions(choices), [choices]);
  const stack: Stack = { publicToken: demo.publicToken, apiBaseUrl: demo.apiBaseUrl, oneScriptUrl: `${window.location.origin}/vestibule/vestibule.js` };
  const react = reactCode(options, stack);
  const html = oneScriptCode(options, stack);

  return (
    <section className="configurator" aria-labelledby="configurator-title">
      <h1 id="configurator-title">Configurator</h1>
      <p>
        Pick what the login offers and how it looks: the widget follows as you choose. Then copy the code into a page of your own (its origin must be one the
        server allows, <code>VESTIBULE_ALLOWED_ORIGINS</code>).
      </p>
      <div className="configurator-grid">
        <form className="configurator-form" onSubmit={(event) => event.preventDefault()}>
          <fieldset>
            <legend>Ways to sign in</legend>
            <Checklist
              options={Object.keys(PRODUCT_LABELS) as Product[]}
              label={(product) => PRODUCT_LABELS[product]}
              chosen={choices.products}
              onChange={(products) => set({ products })}
            />
          </fieldset>
          {choices.products.includes('otp') ? (
            <fieldset>
              <legend>Passcodes by</legend>
              <Checklist
                options={Object.keys(OTP_LABELS) as OtpMethod[]}
                label={(method) => OTP_LABELS[method]}
                chosen={choices.otpMethods}
                onChange={(otpMethods) => set({ otpMethods })}
              />
            </fieldset>
          ) : null}
          {choices.products.includes('oauth') ? (
            <fieldset>
              <legend>Social providers</legend>
              <div className="configurator-providers">
                <Checklist
                  options={OAUTH_PROVIDER_TYPES}
                  label={(type) => PROVIDER_NAMES[type]}
                  chosen={choices.providers}
                  onChange={(providers) => set({ providers })}
                />
              </div>
              <label>
                Buttons{' '}
                <select value={choices.oauthPosition} onChange={(event) => set({ oauthPosition: event.target.value as Choices['oauthPosition'] })}>
                  <option value="above">above the form</option>
                  <option value="below">below the form</option>
                </select>
              </label>
            </fieldset>
          ) : null}
          <fieldset>
            <legend>Look</legend>
            <label>
              Primary colour <input type="color" value={choices.primary || '#0b5563'} onChange={(event) => set({ primary: event.target.value })} />
            </label>{' '}
            {choices.primary ? (
              <button type="button" onClick={() => set({ primary: '' })}>
                Use the theme's colour
              </button>
            ) : null}
            <label>
              Corners{' '}
              <select value={choices.radius} onChange={(event) => set({ radius: event.target.value })}>
                <option value="">the theme's (4 px)</option>
                <option value="0px">square</option>
                <option value="8px">rounded (8 px)</option>
                <option value="22px">pill (22 px)</option>
              </select>
            </label>
          </fieldset>
          <fieldset>
            <legend>Colour scheme</legend>
            {SCHEMES.map((scheme) => (
              <label key={scheme}>
                <input type="radio" name="colorScheme" checked={choices.colorScheme === scheme} onChange={() => set({ colorScheme: scheme })} />{' '}
                {scheme === 'auto' ? "auto (the device's)" : scheme}
              </label>
            ))}
          </fieldset>
          <label className="configurator-language">
            Language{' '}
            <select value={choices.locale} onChange={(event) => set({ locale: event.target.value })}>
              {Object.entries(LOCALE_LABELS).map(([locale, label]) => (
                <option key={locale} value={locale} lang={locale || undefined}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </form>
        <div className="configurator-preview" data-testid="configurator-preview">
          {/* Mounted afresh for each choice: a widget's configuration is read as it mounts. */}
          <VestibuleLogin key={JSON.stringify(options)} client={client} nonce={demo.styleNonce} {...options} />
        </div>
      </div>
      <CodeBlock key={`react${react}`} title="React" code={react} />
      <CodeBlock key={`html${html}`} title="One script" code={html} />
    </section>
  );
}
