// CinetPay's protocol against the fake server (server/test/fake-cinetpay.ts): initialisation, the
// status check in every state, and the notification's x-token, genuine, forged and tampered.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeCinetPay, startFakeCinetPay } from "../../../../test/fake-cinetpay.ts";
import {
  type CinetPaySettings,
  checkPayment,
  initPayment,
  notificationToken,
  verifyNotification,
} from "./protocol.ts";

const ACCOUNT = { apiKey: "cp-api-key", siteId: "105900", secretKey: "cp-secret-key" };

/** Our notify_url: keeps what CinetPay posts. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; fields: Record<string, string> }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, fields: Object.fromEntries(new URLSearchParams(raw)) });
      res.end("OK");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/cinetpay/notify`;
  return { url, received, close: () => new Promise((r) => server.close(r)) };
}

describe("CinetPay protocol", () => {
  let fake: FakeCinetPay;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let settings: CinetPaySettings;
  let n = 0;
  const open = (amount = 6500, currency: "XOF" | "XAF" = "XOF") =>
    initPayment(settings, {
      transactionId: `chk_${++n}`,
      amount,
      currency,
      description: "Abonnement Passerelle 1 mois",
      notifyUrl: receiver.url,
      returnUrl: "http://127.0.0.1/subscription/success",
    });

  beforeAll(async () => {
    fake = await startFakeCinetPay(ACCOUNT);
    receiver = await startReceiver();
    settings = { ...ACCOUNT, apiUrl: fake.url };
  });
  afterAll(async () => {
    await fake.close();
    await receiver.close();
  });

  it("opens a mobile-money payment in whole francs and returns CinetPay’s page", async () => {
    const { paymentUrl, paymentToken } = await open(6500, "XOF");
    expect(paymentUrl).toBe(`${fake.url}/pay/${paymentToken}`);
    const sent = fake.requests.at(-1)?.body;
    expect(sent).toMatchObject({
      apikey: ACCOUNT.apiKey,
      site_id: ACCOUNT.siteId,
      amount: 6500,
      currency: "XOF",
      channels: "MOBILE_MONEY",
      notify_url: receiver.url,
    });
  });

  it("reports CinetPay’s refusals with its code: wrong key, amount not a multiple of 5, reused id", async () => {
    await expect(
      initPayment(
        { ...settings, apiKey: "wrong" },
        {
          transactionId: "chk_wrong_key",
          amount: 6500,
          currency: "XOF",
          description: "x",
          notifyUrl: receiver.url,
          returnUrl: receiver.url,
        },
      ),
    ).rejects.toMatchObject({ name: "CinetPayError", code: "609" });
    await expect(open(6502)).rejects.toMatchObject({ code: "608" });
    await open(1000);
    const reused = `chk_${n}`;
    await expect(
      initPayment(settings, {
        transactionId: reused,
        amount: 1000,
        currency: "XOF",
        description: "x",
        notifyUrl: receiver.url,
        returnUrl: receiver.url,
      }),
    ).rejects.toMatchObject({ code: "624" });
  });

  it("reads the status check in each state: waiting, accepted, refused, cancelled", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      await open(13_000, "XAF");
      ids.push(`chk_${n}`);
    }
    const [waiting, accepted, refused, cancelled] = ids as [string, string, string, string];
    fake.settle(accepted, "ACCEPTED", "OM");
    fake.settle(refused, "REFUSED", "WAVECI");
    fake.settle(cancelled, "CANCELLED");
    expect(await checkPayment(settings, waiting)).toEqual({ state: "pending" });
    expect(await checkPayment(settings, accepted)).toMatchObject({
      state: "accepted",
      amount: 13_000,
      currency: "XAF",
      method: "OM",
    });
    expect(await checkPayment(settings, refused)).toMatchObject({ state: "refused" });
    expect(await checkPayment(settings, cancelled)).toEqual({ state: "cancelled" });
    await expect(checkPayment(settings, "chk_unknown")).rejects.toMatchObject({ code: "629" });
  });

  it("accepts a notification signed with our secret key, and no forged or altered one", async () => {
    await open(6500);
    const id = `chk_${n}`;
    fake.settle(id, "ACCEPTED");
    expect((await fake.notify(id)).status).toBe(200);
    expect((await fake.notify(id, { secret: "not-our-secret" })).status).toBe(200);
    const [genuine, forged] = receiver.received.slice(-2) as [
      (typeof receiver.received)[number],
      (typeof receiver.received)[number],
    ];
    expect(genuine.fields).toMatchObject({ cpm_trans_id: id, cpm_amount: "6500", cpm_currency: "XOF" });
    const token = (h: IncomingHttpHeaders) => h["x-token"] as string | undefined;
    expect(verifyNotification(ACCOUNT.secretKey, genuine.fields, token(genuine.headers))).toBe(true);
    expect(verifyNotification(ACCOUNT.secretKey, forged.fields, token(forged.headers))).toBe(false);
    // A field changed after signing (a smaller amount), a missing, short or non-hex token.
    const altered = { ...genuine.fields, cpm_amount: "5" };
    expect(verifyNotification(ACCOUNT.secretKey, altered, token(genuine.headers))).toBe(false);
    for (const bad of [undefined, "", "abc", "z".repeat(64), `${token(genuine.headers)}00`])
      expect(verifyNotification(ACCOUNT.secretKey, genuine.fields, bad)).toBe(false);
    // The token is over the documented fields only, in their documented order.
    expect(notificationToken(ACCOUNT.secretKey, { ...genuine.fields, extra: "ignored" })).toBe(
      token(genuine.headers),
    );
  });
});
