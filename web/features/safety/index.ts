// The safety feature's public surface: what other features may use. Everything else in this folder
// is its own (the linter refuses other imports: biome.json, noRestrictedImports).
export {
  ACCOUNT_DELETED_STATE,
  endDeletedSession,
  useBlocks,
  useDeleteAccount,
  useExportMyData,
  useUnblockMember,
} from "./api.ts";
export { blockedNotice, blockedWord } from "./blocked-text.ts";
export { ProfileSafetyActions } from "./components/ProfileSafetyActions.tsx";
export { SafetyMenu } from "./components/SafetyMenu.tsx";
export { ShieldAppeal } from "./components/ShieldAppeal.tsx";
export { safetyKeys } from "./keys.ts";
export { type SafetyTarget, safetyTargetOf, useMemberSafety } from "./use-member-safety.tsx";
