// The sharing feature's public surface (issue 40): the routes the composition mounts.
export { matchShareRoutes, myShareRoutes, sharePageRoutes } from "./sharing.routes.ts";
