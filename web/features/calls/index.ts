// The calls feature's public surface (issue 38). The call screens themselves load on demand
// (web/app/layout/RootLayout.tsx imports components/CallLayer.tsx lazily).
export { callStore, partnerFrom, useCallState } from "./call-store.ts";
export { CallButton } from "./components/CallDialog.tsx";
