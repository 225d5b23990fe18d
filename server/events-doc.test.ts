// docs/events.md lists every domain event, who records it and who reacts, generated from the code
// (scripts/events/catalogue.ts): it must be current, every event must be recorded somewhere,
// and every reaction must listen to a catalogued event.
import { readFileSync } from "node:fs";
import { DOMAIN_EVENTS } from "@domain/events.ts";
import { describe, expect, it } from "vitest";
import { EVENTS_DOC, eventsDoc, writersOf } from "../scripts/events/catalogue.ts";
import { REACTIONS } from "./reactions.ts";

describe("the domain events' catalogue", () => {
  it("docs/events.md is the generated page (npm run events:doc)", () => {
    expect(readFileSync(EVENTS_DOC, "utf8")).toBe(eventsDoc());
  });

  it("every event is recorded by a write, every reaction listens to a catalogued event", () => {
    expect(DOMAIN_EVENTS.filter((e) => writersOf(e.name).length === 0).map((e) => e.name)).toEqual([]);
    const names = new Set(DOMAIN_EVENTS.map((e) => e.name));
    expect(REACTIONS.filter((r) => !names.has(r.event.name)).map((r) => r.name)).toEqual([]);
  });

  it("names each event once", () => {
    expect(new Set(DOMAIN_EVENTS.map((e) => e.name)).size).toBe(DOMAIN_EVENTS.length);
  });
});
