import { lazyWithLater } from '../later/load';

/** The banner (a failure, a notice) loads with the first one, with its rules: no first screen draws it. */
export const LazyBanner = lazyWithLater(() => import('./Banner').then((m) => ({ default: m.Banner })));
