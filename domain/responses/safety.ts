// Response schemas of trust and safety: blocks, reports, and their moderation. See ./scalars.ts for
// why they live here.
import { z } from "zod";
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES } from "../enums.ts";
import { memberRefSchema } from "./admin.ts";
import { photoDtoSchema } from "./profile.ts";
import { instant, whole } from "./scalars.ts";

/** The reasons a member may give, and « spam » for the automatic detection. */
export const reportReasonSchema = z.enum([...REPORT_REASONS, "spam"]);
export type ReportReason = z.infer<typeof reportReasonSchema>;

/** POST /api/blocks (201), and each member of GET /api/blocks. */
export const blockedMemberDtoSchema = z.strictObject({
  userId: z.string(),
  firstName: z.string(),
  lastInitial: z.string(),
  photo: photoDtoSchema.nullable(),
  blockedAt: instant,
});
export type BlockedMemberDto = z.infer<typeof blockedMemberDtoSchema>;

/** GET /api/blocks */
export const blockListSchema = z.strictObject({ data: z.array(blockedMemberDtoSchema) });
export type BlockListDto = z.infer<typeof blockListSchema>;

/** POST /api/reports (201): the report is filed. */
export const reportFiledDtoSchema = z.strictObject({ id: z.string() });
export type ReportFiledDto = z.infer<typeof reportFiledDtoSchema>;

export const adminReportRowSchema = z.strictObject({
  id: z.string(),
  reason: reportReasonSchema,
  status: z.enum(REPORT_STATUSES),
  action: z.enum(REPORT_ACTIONS).nullable(),
  /** Null for the automatic detection. */
  reporter: memberRefSchema.nullable(),
  /** Null once the account is deleted (the label below stays, for the record). */
  reported: memberRefSchema.nullable(),
  reportedLabel: z.string(),
  /** How many different members reported this member (highlighted from 2). */
  reportersOfMember: whole,
  details: z.string(),
  /** The reported message's text as it was when reported. */
  messageExcerpt: z.string().nullable(),
  createdAt: instant,
  handledAt: instant.nullable(),
});
export type AdminReportRow = z.infer<typeof adminReportRowSchema>;

/** GET /api/admin/reports/:id, and the answer of its status and action changes. */
export const adminReportDetailSchema = adminReportRowSchema.extend({
  note: z.string().nullable(),
  handledBy: z.string().nullable(),
  /** The conversation around the reported message (oldest first), when there is one. */
  context: z.array(
    z.strictObject({
      id: z.string(),
      senderId: z.string(),
      content: z.string(),
      /** A voice message's duration (issue 37): heard at GET /api/admin/messages/:id/voice. */
      voiceMs: z.int().nullable(),
      createdAt: instant,
      reported: z.boolean(),
    }),
  ),
  /** The reported member's photos (for « photo retirée »). */
  photos: z.array(photoDtoSchema),
});
export type AdminReportDetail = z.infer<typeof adminReportDetailSchema>;
