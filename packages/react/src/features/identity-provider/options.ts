import { createContext, useContext } from 'react';
import type { IDPConsentManifestGenerator } from '../../types';

/** What the host gave the mount that the screens need and the state does not hold (a function). */
export interface IdpOptions {
  getIDPConsentManifest?: IDPConsentManifestGenerator;
}

export const IdpOptionsContext = createContext<IdpOptions>({});

export function useIdpOptions(): IdpOptions {
  return useContext(IdpOptionsContext);
}
