// Who may be told about what: a member is never notified while banned (the recipient, `"user" u`),
// nor about a member hidden from others (the other one, `profiles op` / `"user" ou`), nor about a
// member they blocked or who blocked them (features/safety's blockedBetween).
import { notBannedAs, visibleAs } from "../members/index.ts";

export const RECIPIENT_ACTIVE = notBannedAs("u");
export const OTHER_VISIBLE = visibleAs("op", "ou");
