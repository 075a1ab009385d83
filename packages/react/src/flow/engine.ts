import { loadLater, withLater } from '../later/load';
import { common, failures } from './common';
import type { EffectContext, EffectMap, Feature, Reducer, ScreenMap } from './feature';
import type { CommonState, FlowEvent, FlowState, MountKind, Screen, UserEvent } from './types';

/** A mount's flow: its features composed. Pure data and pure functions; Flow.tsx runs it. */
export interface FlowEngine {
  mount: MountKind;
  /** The screen shown when no feature claims the state (its component comes with `options.screens`). */
  start: Screen;
  features: readonly Feature[];
  /** The first state: the common part, every feature's part, then `extra` (the mount's facts). */
  initial(extra?: Partial<FlowState>): FlowState;
  /** Every feature's reducer cases, in order. Returns the same object when nothing changed. */
  reduce(state: FlowState, event: FlowEvent): FlowState;
  /**
   * Null once every reducer is in; else their arrival (fetched now if not yet), which rejects when
   * one could not load (the next call tries again). Events wait for it (runner.ts).
   */
  reducersLoaded(): Promise<void> | null;
  /** Which screen shows: one pure function of the state (features asked in their declared order). */
  getScreen(state: FlowState): Screen;
  screens: ScreenMap;
  /**
   * Runs the effects of an event (each feature's, in order). Effects still loading run once they
   * arrive, unless the screen the event came from was left meanwhile; effects that cannot load
   * fail the event as a call that reached no server does (its message in the banner).
   */
  runEffects(event: UserEvent, ctx: EffectContext): void;
  /**
   * Fetches the later texts, reducers and effects that load lazily, so the first event does not
   * wait for them; settles once each has arrived or failed.
   */
  preload(): Promise<void>;
  /** Runs the on-enter hooks of a screen. */
  enter(screen: Screen, ctx: EffectContext): void;
}

const COMMON_INITIAL: Omit<CommonState, 'mount'> = {
  mainDraft: null,
  mainTab: null,
  pending: false,
  authenticated: null,
  errorDescriptor: null,
  banner: null,
};

/** Composes features into a mount's flow. The list order is the order screens are claimed in. */
export function composeFlow(mount: MountKind, features: readonly Feature[], options: { start?: Screen; screens?: ScreenMap } = {}): FlowEngine {
  const all = [failures, common, ...features];
  const start = options.start ?? 'Main';
  const merge = <T>(pick: (f: Feature) => Record<string, T> | undefined) => Object.assign({}, ...all.map((f) => pick(f) ?? {})) as Record<string, T>;
  // Each feature's effects once known; a lazy feature's load, shared by every event until then.
  const loaded = new Map<Feature, EffectMap | Promise<EffectMap>>();
  const effectsOf = (f: Feature): EffectMap | Promise<EffectMap> | undefined => {
    if (typeof f.effects !== 'function') return f.effects;
    let effects = loaded.get(f);
    if (!effects) {
      // Lazy effects may show later texts (toasts, messages): they arrive with them.
      const loading = withLater(f.effects)().then((map) => {
        loaded.set(f, map);
        return map;
      });
      // A failed load is tried again by the next event (a network blip need not break the widget).
      loading.catch(() => loaded.delete(f));
      loaded.set(f, loading);
      effects = loading;
    }
    return effects;
  };
  // The reducers that load lazily, once in; their load, shared until it settles.
  const reducers = new Map<Feature, Reducer>();
  let reducersLoading: Promise<void> | undefined;
  const reducersLoaded = (): Promise<void> | null => {
    const missing = all.filter((f) => f.loadReduce && !reducers.has(f));
    if (missing.length === 0) return null;
    reducersLoading ??= Promise.all(missing.map((f) => f.loadReduce!().then((m) => void reducers.set(f, m.default)))).then(
      () => {
        reducersLoading = undefined;
      },
      (err: unknown) => {
        reducersLoading = undefined;
        throw err;
      },
    );
    return reducersLoading;
  };
  return {
    mount,
    start,
    features,
    initial: (extra = {}) => ({ mount, ...COMMON_INITIAL, ...merge((f) => f.initial), ...extra }) as FlowState,
    reduce: (state, event) =>
      all.reduce((s, f) => {
        const reduce = f.reduce ?? reducers.get(f);
        return reduce ? reduce(s, event) : s;
      }, state),
    reducersLoaded,
    getScreen(state) {
      for (const f of features) {
        const screen = f.screen?.(state);
        if (screen) return screen;
      }
      return start;
    },
    screens: { ...options.screens, ...(merge((f) => f.screens) as ScreenMap) },
    runEffects(event, ctx) {
      const run = (effects: EffectMap) => (effects[event.type] as ((e: UserEvent, c: EffectContext) => void) | undefined)?.(event, ctx);
      for (const f of all) {
        const effects = effectsOf(f);
        if (!(effects instanceof Promise)) {
          if (effects) run(effects);
          continue;
        }
        effects.then(
          (map) => {
            if (!ctx.signal.aborted) run(map);
          },
          // The browser could not fetch the chunk: to the person, the server could not be reached.
          (err: unknown) => ctx.fail({ error_type: 'network_error', error_message: String(err) }, 'banner'),
        );
      }
    },
    preload() {
      // A load that fails here is tried again by the event that needs it.
      const loads = [loadLater(), reducersLoaded(), ...all.map(effectsOf)];
      return Promise.allSettled(loads).then(() => undefined);
    },
    enter(screen, ctx) {
      for (const f of all) f.enter?.[screen]?.(ctx);
    },
  };
}
