import type * as PhoneModule from '../../../src/features/otps/phoneModule';

/**
 * src/features/otps/phoneModule.ts with a phone field that never arrives (the form then draws its
 * stand-in for good), for `vi.mock(path, (original) => import('./phone-never-arrives').then((m) => m.phoneNeverArrives(original)))`.
 */
export async function phoneNeverArrives(importOriginal: <T>() => Promise<T>): Promise<typeof PhoneModule> {
  return {
    ...(await importOriginal<typeof PhoneModule>()),
    phoneModuleIfLoaded: () => null,
    loadPhoneModule: () => new Promise(() => undefined),
  };
}
