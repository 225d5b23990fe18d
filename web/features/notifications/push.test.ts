import { ApiError } from "@web/lib/api.ts";
import { stubFetch } from "@web/test/fetch-stub.ts";
import { afterEach, describe, expect, it } from "vitest";
import {
  base64UrlToBytes,
  currentPushSubscription,
  disablePush,
  enablePush,
  PushSetupError,
  pushSupport,
  renewPushSubscription,
} from "./push.ts";
import {
  FAKE_PUSH_KEY,
  FAKE_SUBSCRIPTION_JSON,
  FAKE_SUBSCRIPTION_SENT,
  installPushFakes,
  uninstallPushFakes,
} from "./push-fakes.ts";

afterEach(uninstallPushFakes);

const okApi = () => stubFetch(() => ({ status: 201, body: { ok: true } }));

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected a failure");
}

describe("base64UrlToBytes", () => {
  it("reads the URL-safe alphabet, without padding", () => {
    expect([...base64UrlToBytes("-_8")]).toEqual([0xfb, 0xff]);
    expect([...base64UrlToBytes("AQ")]).toEqual([1]);
    expect([...base64UrlToBytes("AQI")]).toEqual([1, 2]);
    expect([...base64UrlToBytes("AQID")]).toEqual([1, 2, 3]);
  });

  it("gives a VAPID public key’s 65 bytes, an uncompressed P-256 point", () => {
    const key = base64UrlToBytes(FAKE_PUSH_KEY);
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(0x04);
  });
});

describe("pushSupport", () => {
  it("needs a service worker, PushManager and Notification", () => {
    expect(pushSupport()).toBe(false);
    installPushFakes();
    expect(pushSupport()).toBe(true);
  });
});

describe("enablePush", () => {
  it("asks the permission, subscribes with the server’s key and tells the server", async () => {
    const fakes = installPushFakes();
    const { calls } = okApi();
    const subscription = await enablePush(FAKE_PUSH_KEY);

    expect(fakes.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(fakes.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = fakes.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...base64UrlToBytes(FAKE_PUSH_KEY)]);
    expect(calls).toEqual([{ url: "/api/notifications/push", method: "POST", body: FAKE_SUBSCRIPTION_SENT }]);
    expect(subscription.endpoint).toBe(FAKE_SUBSCRIPTION_JSON.endpoint);
    expect(await currentPushSubscription()).toBe(subscription);
  });

  it("stops when the member refuses, or closes the prompt", async () => {
    const refused = installPushFakes({ answer: "denied" });
    const { calls } = okApi();
    const err = await failure(enablePush(FAKE_PUSH_KEY));
    expect(err).toBeInstanceOf(PushSetupError);
    expect((err as PushSetupError).reason).toBe("denied");
    expect(refused.pushManager.subscribe).not.toHaveBeenCalled();

    uninstallPushFakes();
    installPushFakes({ answer: "default" });
    okApi();
    expect(((await failure(enablePush(FAKE_PUSH_KEY))) as PushSetupError).reason).toBe("dismissed");
    expect(calls).toEqual([]);
  });

  it("gives up waiting for a service worker that never comes (development)", async () => {
    const fakes = installPushFakes({ worker: false });
    const { calls } = okApi();
    const err = await failure(enablePush(FAKE_PUSH_KEY, { readyTimeoutMs: 10 }));
    expect((err as PushSetupError).reason).toBe("no-worker");
    expect((err as Error).message).toMatch(/application installée/);
    expect(fakes.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it("says so when the push service does not answer", async () => {
    installPushFakes({ subscribeError: new DOMException("push service error", "AbortError") });
    const { calls } = okApi();
    expect(((await failure(enablePush(FAKE_PUSH_KEY))) as PushSetupError).reason).toBe("subscribe-failed");
    expect(calls).toEqual([]);
  });

  it("gives up on a push service that never answers (a network that blocks it), in French", async () => {
    const fakes = installPushFakes();
    fakes.pushManager.subscribe.mockImplementationOnce(() => new Promise(() => {}));
    const { calls } = okApi();
    const err = await failure(enablePush(FAKE_PUSH_KEY, { subscribeTimeoutMs: 10 }));
    expect((err as PushSetupError).reason).toBe("unreachable");
    expect((err as Error).message).toMatch(/ne répond pas depuis ce réseau/);
    expect(calls).toEqual([]);
  });

  it("replaces a subscription made with another key", async () => {
    const fakes = installPushFakes({ existingKey: new Uint8Array([4, 1, 2, 3]) });
    const old = fakes.state.subscription!;
    okApi();
    const subscription = await enablePush(FAKE_PUSH_KEY);
    expect(old.unsubscribe).toHaveBeenCalledTimes(1);
    expect(subscription).not.toBe(old);
  });

  it("keeps a subscription made with the same key", async () => {
    const fakes = installPushFakes({ existingKey: base64UrlToBytes(FAKE_PUSH_KEY) });
    const old = fakes.state.subscription!;
    okApi();
    await enablePush(FAKE_PUSH_KEY);
    expect(old.unsubscribe).not.toHaveBeenCalled();
  });

  it("undoes the browser’s subscription when the server refuses it, with the server’s message", async () => {
    const fakes = installPushFakes();
    stubFetch(() => ({
      status: 400,
      body: { error: { code: "PUSH_SERVICE_REFUSED", message: "Service de notification inconnu" } },
    }));
    const err = await failure(enablePush(FAKE_PUSH_KEY));
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe("Service de notification inconnu");
    expect(fakes.state.subscription).toBeNull();
  });
});

describe("renewPushSubscription", () => {
  it("subscribes again without any prompt where notifications are allowed", async () => {
    const fakes = installPushFakes({ permission: "granted" });
    const { calls } = okApi();
    const subscription = await renewPushSubscription(FAKE_PUSH_KEY);
    expect(subscription?.endpoint).toBe(FAKE_SUBSCRIPTION_JSON.endpoint);
    expect(fakes.notification.requestPermission).not.toHaveBeenCalled();
    expect(calls).toEqual([{ url: "/api/notifications/push", method: "POST", body: FAKE_SUBSCRIPTION_SENT }]);
  });

  it("does nothing where they are not allowed", async () => {
    const fakes = installPushFakes({ permission: "default" });
    const { calls } = okApi();
    expect(await renewPushSubscription(FAKE_PUSH_KEY)).toBeNull();
    expect(fakes.notification.requestPermission).not.toHaveBeenCalled();
    expect(fakes.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });
});

describe("disablePush", () => {
  it("unsubscribes this browser, then the server forgets the endpoint", async () => {
    const fakes = installPushFakes({ permission: "granted" });
    okApi();
    await enablePush(FAKE_PUSH_KEY);
    const subscription = fakes.state.subscription!;
    const { calls } = stubFetch(() => ({ body: { ok: true } }));

    await disablePush();
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([
      {
        url: "/api/notifications/push",
        method: "DELETE",
        body: { endpoint: FAKE_SUBSCRIPTION_JSON.endpoint },
      },
    ]);
    expect(await currentPushSubscription()).toBeNull();
  });

  it("does nothing without a subscription or a service worker", async () => {
    installPushFakes({ worker: false });
    const { calls } = okApi();
    await disablePush();
    expect(await currentPushSubscription()).toBeNull();
    expect(calls).toEqual([]);
  });
});
