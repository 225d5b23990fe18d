// The check-ins feature's public surface (issue 40): what other features and the app may use.
export { CheckInBanner } from "./components/CheckInBanner.tsx";
export { CheckInsSection } from "./components/CheckInsSection.tsx";
export { checkInKeys } from "./keys.ts";
