// « Signaler » and « Bloquer » wherever a member meets another: one pair of dialogs per page,
// opened for the member concerned.
import type { PublicProfileDto } from "@domain/discovery.ts";
import { displayName } from "@web/features/members/index.ts";
import { type ReactNode, useCallback, useState } from "react";
import type { ReportInput } from "./api.ts";
import { BlockDialog, type SafetyTarget } from "./components/BlockDialog.tsx";
import { ReportDialog } from "./components/ReportDialog.tsx";

interface ReportTarget {
  target: SafetyTarget;
  messageId?: string | undefined;
  reason?: ReportInput["reason"] | undefined;
}

export function useMemberSafety({ onBlocked }: { onBlocked: (target: SafetyTarget) => void }) {
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [blocking, setBlocking] = useState<SafetyTarget | null>(null);

  const report = useCallback(
    (
      target: SafetyTarget,
      options: { messageId?: string | undefined; reason?: ReportInput["reason"] | undefined } = {},
    ) => setReporting({ target, ...options }),
    [],
  );
  const block = useCallback((target: SafetyTarget) => setBlocking(target), []);

  const dialogs: ReactNode = (
    <>
      <ReportDialog
        target={reporting?.target ?? null}
        messageId={reporting?.messageId}
        initialReason={reporting?.reason}
        onClose={() => setReporting(null)}
        onReported={(target, blocked) => blocked && onBlocked(target)}
      />
      <BlockDialog
        target={blocking}
        onClose={() => setBlocking(null)}
        onBlocked={(target) => {
          setBlocking(null);
          onBlocked(target);
        }}
      />
    </>
  );

  return { report, block, dialogs };
}

export type { SafetyTarget };

/** The member a safety action is about, from their public profile. */
export function safetyTargetOf(
  member: Pick<PublicProfileDto, "userId" | "firstName" | "lastInitial" | "gender">,
): SafetyTarget {
  return { userId: member.userId, name: displayName(member), gender: member.gender };
}
