import { useEffect, useState } from 'react';
import type { DeviceSession } from '@vestibule/contract';
import { ActionStatus } from '../../account/ActionStatus';
import { useClock } from '../../account/clock';
import { useAccount, useSection } from '../../account/context';
import { Item, ItemAction } from '../../account/Item';
import { useAction } from '../../account/useAction';
import { Button } from '../../parts/Button';
import { Loading } from '../../parts/Loading';
import { say } from '../../texts/say';
import { useWidget } from '../../widget/context';
import { deviceChanges, listDevices } from './device-changes';
import { methodNames, texts } from './texts';
import { formatWhen } from './when';

/** 'Chrome 131 on macOS 15', or what the user agent told of it. */
function deviceName(free: (text: string) => string, device: DeviceSession): string {
  if (device.browser && device.os) return say(free, texts.deviceOn, { browser: device.browser, os: device.os });
  return device.browser ?? device.os ?? free(texts.unknownDevice);
}

function Device({ device, onSignOut, busy }: { device: DeviceSession; onSignOut(): void; busy: boolean }) {
  const { free, locale } = useWidget();
  const { now, timeZone } = useClock();
  const name = deviceName(free, device);
  const when = (iso: string) => <time dateTime={iso}>{formatWhen(iso, now, locale, timeZone)}</time>;
  const methods = device.sign_in_methods
    .map((method) => free(Object.hasOwn(methodNames, method) ? methodNames[method as keyof typeof methodNames] : method))
    .join(', ');
  const details = [
    device.ip_address ? say(free, texts.address, { ip: device.ip_address }) : null,
    methods ? say(free, texts.signedInWith, { methods }) : null,
  ].filter((detail): detail is string => detail !== null);
  // The times are elements (<time>): the sentences around them are split at their placeholder.
  const [beforeStart, afterStart = ''] = free(texts.signedInAt).split('{when}');
  const [beforeLast, afterLast = ''] = free(texts.lastActive).split('{when}');
  return (
    <Item
      name={name}
      badges={device.current ? [{ text: free(texts.thisDevice), strong: true }] : []}
      details={[
        ...details,
        <>
          {beforeStart}
          {when(device.started_at)}
          {afterStart}
        </>,
        <>
          {beforeLast}
          {when(device.last_accessed_at)}
          {afterLast}
        </>,
      ]}
    >
      {device.current ? null : <ItemAction label={free(texts.signOut)} subject={name} disabled={busy} onClick={onSignOut} />}
    </Item>
  );
}

/**
 * 'Signed-in devices': every live session of the user, newest activity first, with its browser and
 * system, address, sign-in method, when it signed in and was last active, 'This device' on this
 * one; 'Sign out' per other device and 'Sign out of all other devices'. A device signed out
 * leaves the list at once.
 */
export default function DevicesSection() {
  const { free } = useWidget();
  const action = useAction();
  const { focusHeading } = useSection();
  const listed = useAccount().server?.devices;
  const [devices, setDevices] = useState<DeviceSession[] | null>(listed ?? null);
  const changes = deviceChanges(free);
  const { run } = action;

  // Once per section shown, unless the host's server listed them for this page: the list follows
  // the section's own changes after that.
  useEffect(() => {
    if (!listed) run({ ...listDevices, done: (answer) => setDevices(answer.sessions) });
  }, [run, listed]);

  const others = devices?.filter((device) => !device.current) ?? [];
  return (
    <>
      {devices === null ? (
        action.state.kind === 'failed' ? null : (
          <Loading />
        )
      ) : (
        <ul className="vst-list">
          {devices.map((device) => (
            <Device
              key={device.session_id}
              device={device}
              busy={action.pending}
              onSignOut={() =>
                action.run({
                  ...changes.signOut(device),
                  done: () => {
                    setDevices((list) => list?.filter((d) => d.session_id !== device.session_id) ?? null);
                    focusHeading();
                  },
                })
              }
            />
          ))}
        </ul>
      )}
      {devices === null ? null : others.length ? (
        <div className="vst-account-actions">
          <Button
            variant="secondary"
            loading={action.pending}
            onClick={() => action.run({ ...changes.signOutOthers(), done: () => setDevices((list) => list?.filter((d) => d.current) ?? null) })}
          >
            {free(texts.signOutOthers)}
          </Button>
        </div>
      ) : (
        <p className="vst-note">{free(texts.noOtherDevices)}</p>
      )}
      <ActionStatus action={action} />
    </>
  );
}
