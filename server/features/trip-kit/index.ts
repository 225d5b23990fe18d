// The trip kit's public surface (issue 40): its page.

export { tripKitRoutes } from "./trip-kit.routes.ts";
export { TRIP_KIT_PATH } from "./trip-kit-page.ts";
