-- Issue 34: « Qui peut m'écrire en premier ». On, a first message from a member this one has not
-- liked waits in « Demandes » (docs/decisions/0022-message-requests.md). Off by default: SPEC §4.
ALTER TABLE "profiles" ADD COLUMN "first_messages_from_liked_only" boolean DEFAULT false NOT NULL;