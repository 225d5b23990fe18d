// One message through the shield's content detectors (issue 36): what it asks, what it would take
// off the platform, and the text the recipient sees while numbers and handles are masked.

import { type ContactFinding, contactFinding, maskSpans } from "./contact.ts";
import { type MoneyFinding, moneyFinding } from "./money.ts";

export interface MessageAnalysis {
  money: MoneyFinding;
  contact: ContactFinding;
  /** The text with numbers, addresses and handles masked; null when there is nothing to mask. */
  masked: string | null;
}

export function analyseMessage(text: string): MessageAnalysis {
  const money = moneyFinding(text);
  const contact = contactFinding(text);
  return {
    money,
    contact,
    masked: contact.spans.length > 0 ? maskSpans(text, contact.spans) : null,
  };
}
