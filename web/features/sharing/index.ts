// The sharing feature's public surface (issue 40): what other features may use. Everything else in
// this folder is its own (the linter refuses other imports: biome.json, noRestrictedImports).
export { ShareCardButton } from "./components/ShareCardButton.tsx";
export { ShareCardDialog } from "./components/ShareCardDialog.tsx";
export { SharedLinksSection } from "./components/SharedLinksSection.tsx";
export { shareKeys } from "./keys.ts";
