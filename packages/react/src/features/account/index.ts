import { lazyWithLater } from '../../later/load';
import type { Feature } from '../../flow/feature';
import { texts } from './texts';

/**
 * The account page's core sections, which belong to no sign-in method: the user's email
 * addresses, their signed-in devices, and deleting the account. Each loads when the page shows it.
 */
export const accountEmails: Feature = {
  name: 'account-emails',
  account: { id: 'emails', order: 10, heading: texts.emailsHeading, section: lazyWithLater(() => import('./EmailsSection')) },
};

export const accountDevices: Feature = {
  name: 'account-devices',
  account: { id: 'devices', order: 70, heading: texts.devicesHeading, section: lazyWithLater(() => import('./DevicesSection')) },
};

export const accountDeletion: Feature = {
  name: 'account-deletion',
  account: { id: 'delete', order: 80, heading: texts.deleteHeading, section: lazyWithLater(() => import('./DeleteSection')) },
};
