import type { RealtimeEvent } from "@domain/messaging.ts";
import type { PlatformDeps } from "../platform-deps.ts";

/**
 * Publishes after the write has committed. A failure is logged, not thrown: the write stands, and
 * open pages catch up when they reload or reconnect, whereas an error answer would invite a retry
 * that writes twice.
 */
export async function notify(
  deps: Pick<PlatformDeps, "bus" | "logger">,
  recipients: readonly string[],
  event: RealtimeEvent,
): Promise<void> {
  try {
    await deps.bus.publish(recipients, event);
  } catch (err) {
    deps.logger.error({ err, type: event.type }, "event publishing failed");
  }
}
