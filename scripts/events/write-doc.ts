// npm run events:doc: writes docs/events.md (scripts/events/catalogue.ts).
import { writeFileSync } from "node:fs";
import { EVENTS_DOC, eventsDoc } from "./catalogue.ts";

writeFileSync(EVENTS_DOC, eventsDoc());
console.log(`written: ${EVENTS_DOC}`);
