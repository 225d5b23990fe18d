// Test helper: small fakes of the browser's push APIs, which jsdom lacks (navigator.serviceWorker,
// PushManager, Notification). The real browser path is covered by a Playwright journey.
import { vi } from "vitest";

export const FAKE_PUSH_KEY =
  "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U";

export const FAKE_SUBSCRIPTION_JSON = {
  endpoint: "https://fcm.googleapis.com/fcm/send/abc123",
  expirationTime: null,
  keys: { p256dh: `B${"x".repeat(86)}`, auth: "y".repeat(22) },
};

/** What the server is told of that subscription: its endpoint and keys (server/…/notifications.routes.ts). */
export const FAKE_SUBSCRIPTION_SENT = {
  endpoint: FAKE_SUBSCRIPTION_JSON.endpoint,
  keys: FAKE_SUBSCRIPTION_JSON.keys,
};

export class FakeSubscription {
  readonly endpoint: string;
  readonly options: { applicationServerKey: ArrayBuffer | null; userVisibleOnly: boolean };
  readonly unsubscribe = vi.fn(async () => {
    this.onUnsubscribe(this);
    return true;
  });
  constructor(
    key: ArrayBuffer | null,
    private readonly onUnsubscribe: (s: FakeSubscription) => void,
    endpoint = FAKE_SUBSCRIPTION_JSON.endpoint,
  ) {
    this.endpoint = endpoint;
    this.options = { applicationServerKey: key, userVisibleOnly: true };
  }
  toJSON() {
    return { ...FAKE_SUBSCRIPTION_JSON, endpoint: this.endpoint };
  }
}

interface Options {
  permission?: NotificationPermission;
  /** What the permission prompt answers. */
  answer?: NotificationPermission;
  /** false: no service worker (development), `ready` never settles and there is no registration. */
  worker?: boolean;
  /** A subscription this browser already has, made with this key. */
  existingKey?: Uint8Array | null;
  subscribeError?: Error;
}

/** Installs the fakes; undo with uninstallPushFakes() (afterEach). */
export function installPushFakes({
  permission = "default",
  answer = "granted",
  worker = true,
  existingKey = null,
  subscribeError,
}: Options = {}) {
  const state: { subscription: FakeSubscription | null } = { subscription: null };
  const drop = (s: FakeSubscription) => {
    if (state.subscription === s) state.subscription = null;
  };
  if (existingKey)
    state.subscription = new FakeSubscription(existingKey.slice().buffer, drop, "https://old.example/x");

  const pushManager = {
    getSubscription: vi.fn(async () => state.subscription),
    subscribe: vi.fn(async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      if (subscribeError) throw subscribeError;
      state.subscription = new FakeSubscription(options.applicationServerKey.slice().buffer, drop);
      return state.subscription;
    }),
  };
  const registration = { pushManager };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal("Notification", notification);
  vi.stubGlobal("PushManager", class PushManager {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {
      ready: worker ? Promise.resolve(registration) : new Promise(() => {}),
      getRegistration: vi.fn(async () => (worker ? registration : undefined)),
    },
  });
  return { state, pushManager, notification };
}

export function uninstallPushFakes() {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
}
