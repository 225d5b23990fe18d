// FedaPay's protocol against the fake server (server/test/fake-fedapay.ts): opening a payment, the
// transaction's states, and webhook signatures — genuine, forged, altered, replayed late.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeFedaPay, startFakeFedaPay } from "../../../../test/fake-fedapay.ts";
import {
  createPayment,
  type FedaPaySettings,
  getTransaction,
  readTransaction,
  verifyWebhook,
  webhookSignatureHeader,
} from "./protocol.ts";

const ACCOUNT = { secretKey: "sk_sandbox_passerelle", webhookSecret: "wh_sandbox_passerelle" };
const now = () => Math.floor(Date.now() / 1000);

async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/fedapay/webhook`;
  return { url, received, close: () => new Promise((r) => server.close(r)) };
}

describe("FedaPay protocol", () => {
  let fake: FakeFedaPay;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let settings: FedaPaySettings;
  let n = 0;
  const open = (amount = 6500) =>
    createPayment(settings, {
      checkoutId: `checkout-${++n}`,
      amount,
      currency: "XOF",
      description: "Abonnement Passerelle 1 mois",
      callbackUrl: "http://127.0.0.1/subscription/success",
      email: "awa@example.org",
    });

  beforeAll(async () => {
    fake = await startFakeFedaPay(ACCOUNT);
    receiver = await startReceiver();
    settings = { ...ACCOUNT, apiUrl: fake.url };
  });
  afterAll(async () => {
    await fake.close();
    await receiver.close();
  });

  it("opens a transaction in whole francs with our checkout id, and returns its payment page", async () => {
    const { transactionId, url } = await open(6500);
    expect(url).toBe(`${fake.url}/checkout/tok_${transactionId}`);
    expect(await getTransaction(settings, transactionId)).toEqual({
      id: transactionId,
      status: "pending",
      amount: 6500,
      currencyIso: "XOF",
      mode: null,
      checkoutId: `checkout-${n}`,
    });
  });

  it("reports FedaPay’s refusals: a wrong key, an unknown transaction, an invalid id", async () => {
    await expect(open(0)).rejects.toMatchObject({ name: "FedaPayError", status: 400 });
    await expect(getTransaction({ ...settings, secretKey: "sk_wrong" }, 100_000)).rejects.toMatchObject({
      status: 401,
    });
    await expect(getTransaction(settings, 999_999)).rejects.toMatchObject({ status: 404 });
    await expect(getTransaction(settings, -1)).rejects.toMatchObject({ status: 400 });
    expect(() => readTransaction({ id: 1, status: "paid" })).toThrow(/not a transaction/);
  });

  it("follows a transaction to approved (with the operator), declined or canceled", async () => {
    const ids = [(await open()).transactionId, (await open()).transactionId, (await open()).transactionId];
    const [approved, declined, canceled] = ids as [number, number, number];
    fake.settle(approved, "approved", "moov");
    fake.settle(declined, "declined");
    fake.settle(canceled, "canceled");
    expect(await getTransaction(settings, approved)).toMatchObject({ status: "approved", mode: "moov" });
    expect((await getTransaction(settings, declined)).status).toBe("declined");
    expect((await getTransaction(settings, canceled)).status).toBe("canceled");
  });

  it("accepts a webhook signed with our secret within 5 minutes, and nothing forged, altered or late", async () => {
    const { transactionId } = await open();
    fake.settle(transactionId, "approved");
    await fake.sendEvent(receiver.url, transactionId);
    await fake.sendEvent(receiver.url, transactionId, { secret: "wh_not_ours" });
    await fake.sendEvent(receiver.url, transactionId, { timestamp: now() - 301 });
    const [genuine, forged, late] = receiver.received.slice(-3) as [
      (typeof receiver.received)[number],
      (typeof receiver.received)[number],
      (typeof receiver.received)[number],
    ];
    const header = (h: IncomingHttpHeaders) => h["x-fedapay-signature"] as string | undefined;
    expect(JSON.parse(genuine.body)).toMatchObject({
      name: "transaction.approved",
      entity: { id: transactionId },
    });
    expect(verifyWebhook(ACCOUNT.webhookSecret, genuine.body, header(genuine.headers), now())).toBe(true);
    expect(readTransaction(JSON.parse(genuine.body).entity)).toMatchObject({ status: "approved" });
    expect(verifyWebhook(ACCOUNT.webhookSecret, forged.body, header(forged.headers), now())).toBe(false);
    expect(verifyWebhook(ACCOUNT.webhookSecret, late.body, header(late.headers), now())).toBe(false);
    // The body changed after signing (a smaller amount), or a header without a usable part.
    const altered = genuine.body.replace('"amount":6500', '"amount":5');
    expect(altered).not.toBe(genuine.body);
    expect(verifyWebhook(ACCOUNT.webhookSecret, altered, header(genuine.headers), now())).toBe(false);
    const t = now();
    const good = webhookSignatureHeader(ACCOUNT.webhookSecret, genuine.body, t);
    for (const bad of [
      undefined,
      "",
      `t=${t}`,
      good.replace(/s=\w+/, "s=zz"),
      good.replace(`t=${t}`, "t=abc"),
    ])
      expect(verifyWebhook(ACCOUNT.webhookSecret, genuine.body, bad, now())).toBe(false);
    expect(verifyWebhook(ACCOUNT.webhookSecret, genuine.body, good, now())).toBe(true);
  });
});
