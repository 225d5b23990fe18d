import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationType,
} from "@domain/notifications.ts";
import { Checkbox } from "@web/components/ui/Checkbox.tsx";
import type { ReactNode } from "react";

interface Props {
  channel: NotificationChannel;
  values: NotificationPreferences[NotificationChannel];
  onChange: (type: NotificationType, on: boolean) => void;
  disabled?: boolean;
  /** What this channel does here (this device's state, an unconfirmed address), above the boxes. */
  children?: ReactNode;
}

/** One channel's column: a box per kind of notification. */
export function ChannelFieldset({ channel, values, onChange, disabled, children }: Props) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl border border-sand-200 p-4">
      <legend className="px-1 font-semibold text-teal-900">{NOTIFICATION_CHANNEL_LABELS[channel]}</legend>
      {children}
      <div className="flex flex-col">
        {NOTIFICATION_TYPES.map((type) => (
          <Checkbox
            key={type}
            id={`notifications-${channel}-${type}`}
            label={NOTIFICATION_TYPE_LABELS[type]}
            checked={values[type]}
            disabled={disabled}
            onChange={(e) => onChange(type, e.target.checked)}
          />
        ))}
      </div>
    </fieldset>
  );
}
