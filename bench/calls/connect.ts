// Section 1 of bench/calls.ts: time to connect, direct and relayed, through the app's signalling,
// and where the time goes (one clock for both pages: performance.timeOrigin + now()).
import { heading, table } from "../harness/report.ts";
import { median, ms, n, pct, ratio } from "../harness/stats.ts";
import { type CallSetup, hangUp, type MemberPage, setUpCall } from "./browser.ts";

export interface Mode {
  name: string;
  matchId: string;
  him: MemberPage;
  her: MemberPage;
  samples: CallSetup[];
  /** The caller's selected candidate pairs (local type/protocol → remote type), counted. */
  paths: Map<string, number>;
}

/**
 * `rounds` timed video calls per mode after one untimed, modes interleaved call by call (a slow
 * moment of the machine falls on both); the two members take turns calling (10 starts an hour each:
 * CALL.STARTS_PER_HOUR). Each call hung up through the API and both connections closed before the next.
 */
export async function timeToConnect(
  modes: readonly Mode[],
  rounds: number,
  log: (m: string) => void,
): Promise<void> {
  for (let round = -1; round < rounds; round++) {
    for (const mode of modes) {
      const [caller, callee] = round % 2 === 0 ? [mode.him, mode.her] : [mode.her, mode.him];
      const setup = await setUpCall(caller, callee, mode.matchId, true);
      // The path the caller's connection selected (read after the timing, before the hang-up).
      const { path } = await caller.stats();
      await hangUp(caller, callee);
      if (round >= 0) {
        mode.samples.push(setup);
        mode.paths.set(path, (mode.paths.get(path) ?? 0) + 1);
      }
    }
    if (round % 4 === 3) log(`  ${round + 1} / ${rounds} rounds`);
  }
}

/** The steps of one call set-up, in ms, along the critical path (they add up to the total). */
function steps({ caller: c, callee: e }: CallSetup) {
  return {
    total: c.connected - c.start,
    offer: c.offered - c.start,
    offerGather: c.gather.end - c.gather.start,
    toRinging: e.ringing - c.offered,
    postAnswered: c.posted - c.offered,
    readOffer: e.offerRead - e.ringing,
    getUserMedia: e.opened - e.offerRead,
    answer: e.answered - e.opened,
    answerGather: e.gather.end - e.gather.start,
    toAnswered: c.answeredEvent - e.answered,
    acceptAnswered: e.acceptPosted - e.answered,
    readAnswer: c.answerRead - c.answeredEvent,
    connect: c.connected - c.answerRead,
    calleeConnected: e.connected - c.start,
    gathering: c.gather.end - c.gather.start + (e.gather.end - e.gather.start),
    signalling: e.offerRead - c.offered + (c.answerRead - e.answered),
    offerBytes: c.offerBytes,
    answerBytes: e.answerBytes,
  };
}
type Step = keyof ReturnType<typeof steps>;

export function printTimeToConnect(modes: readonly Mode[], relayUrls: string): void {
  const of = (mode: Mode, key: Step) => mode.samples.map((s) => steps(s)[key]);
  const base = modes[0]!;
  heading("1. Time to connect a video call, through the app's signalling (loopback)");
  table(
    "mode | calls | p50 ms | p95 ms | min ms | max ms | vs direct (p50) | ICE gathering p50 ms (share of the total, median) | HTTP + SSE signalling p50 ms (share) | callee's getUserMedia p50 ms",
    modes.map((mode) => {
      const total = of(mode, "total");
      const share = (key: Step) =>
        `${ms(pct(of(mode, key), 50))} (${(100 * median(mode.samples.map((s) => steps(s)[key] / steps(s).total))).toFixed(0)} %)`;
      return [
        mode.name,
        mode.samples.length,
        ms(pct(total, 50)),
        ms(pct(total, 95)),
        ms(Math.min(...total)),
        ms(Math.max(...total)),
        ratio(pct(total, 50) / pct(of(base, "total"), 50)),
        share("gathering"),
        share("signalling"),
        ms(pct(of(mode, "getUserMedia"), 50)),
      ];
    }),
  );
  console.log(
    `\nFrom the caller's start (just before CallPeer.offer(): transceivers, createOffer) to the caller's \`connectionState === "connected"\`; the callee answers as soon as \`call.ringing\` arrives (no time to tap « Répondre »). p95 of ${base.samples.length} is the second slowest. Relayed: the app with TURN_URLS=\`${relayUrls}\` (so iceTransportPolicy « relay »); direct: the same app without TURN settings (policy « all », no ICE servers: mDNS host candidates). Selected pairs (caller): ${modes.map((m) => `${m.name} ${[...m.paths].map(([p, k]) => `${p} × ${k}`).join(", ")}`).join("; ")}.`,
  );
  const rows: [string, Step][] = [
    ["caller: CallPeer.offer() (transceivers, createOffer, setLocalDescription, gathering)", "offer"],
    ["  of which ICE gathering (gathering → complete)", "offerGather"],
    ["POST /api/matches/:id/calls → `call.ringing` received by the callee's page", "toRinging"],
    ["  (POST answered to the caller, from the same start)", "postAnswered"],
    ["callee: GET /api/calls/:id (the offer)", "readOffer"],
    ["callee: CallPeer.open (getUserMedia, microphone + camera)", "getUserMedia"],
    ["callee: CallPeer.answer() (setRemoteDescription, createAnswer, gathering)", "answer"],
    ["  of which ICE gathering", "answerGather"],
    ["POST /api/calls/:id/accept → `call.answered` received by the caller's page", "toAnswered"],
    ["  (POST answered to the callee, from the same start)", "acceptAnswered"],
    ["caller: GET /api/calls/:id (the answer)", "readAnswer"],
    ["caller: setRemoteDescription, ICE checks, DTLS → connected", "connect"],
    ["total (caller connected)", "total"],
    ["callee connected, from the caller's start", "calleeConnected"],
  ];
  console.log("");
  table(
    ["step (critical path, in order)", ...modes.map((m) => `${m.name} p50 ms`)],
    rows.map(([label, key]) => [label, ...modes.map((m) => ms(pct(of(m, key), 50)))]),
    `l${"r".repeat(modes.length)}`,
  );
  console.log(
    `\nThe unindented steps follow each other and add up to the total, call by call (their p50s need not). Session descriptions as sent, candidates included (p50): offer ${modes.map((m) => `${n(pct(of(m, "offerBytes"), 50))} B ${m.name}`).join(", ")}; answer ${modes.map((m) => `${n(pct(of(m, "answerBytes"), 50))} B ${m.name}`).join(", ")}.`,
  );
}
