// Fixtures of the reports pages' tests (not a test file itself).
import type { AdminReportDetail, AdminReportRow } from "@domain/safety.ts";

export const reportRowFixture = (over: Partial<AdminReportRow> = {}): AdminReportRow => ({
  id: "r1",
  reason: "scam",
  status: "pending",
  action: null,
  reporter: { userId: "u-awa", email: "awa.diop@example.com", name: "Awa Diop", photo: null },
  reported: {
    userId: "u-marc",
    email: "marc.durand@example.com",
    name: "Marc Durand",
    photo: null,
    gender: "male",
  },
  reportedLabel: "Marc Durand <marc.durand@example.com>",
  reportersOfMember: 1,
  details: "Il insiste pour que je lui envoie de l’argent.",
  messageExcerpt: "Envoie-moi 300 € par Western Union",
  createdAt: "2026-11-22T09:15:00.000Z",
  handledAt: null,
  ...over,
});

export const reportDetailFixture = (over: Partial<AdminReportDetail> = {}): AdminReportDetail => ({
  ...reportRowFixture(),
  note: null,
  handledBy: null,
  context: [
    {
      id: "m1",
      senderId: "u-awa",
      content: "Bonjour Marc",
      voiceMs: null,
      createdAt: "2026-11-22T09:00:00.000Z",
      reported: false,
    },
    {
      id: "m2",
      senderId: "u-marc",
      content: "Envoie-moi 300 € par Western Union",
      voiceMs: null,
      createdAt: "2026-11-22T09:05:00.000Z",
      reported: true,
    },
  ],
  photos: [
    {
      key: "photos/u-marc/a.jpg",
      url: "/photos/a.jpg",
      thumbUrl: "/photos/a-thumb.jpg",
      renditions: null,
      placeholder: null,
    },
    {
      key: "photos/u-marc/b.jpg",
      url: "/photos/b.jpg",
      thumbUrl: "/photos/b-thumb.jpg",
      renditions: null,
      placeholder: null,
    },
  ],
  ...over,
});
