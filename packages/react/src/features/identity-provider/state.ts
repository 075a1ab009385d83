declare module '../../flow/types' {
  interface FeatureScreens {
    identityProvider: 'IDPConsent';
  }
}

export {};
