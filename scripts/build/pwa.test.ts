// Which chunks the service worker leaves out of its precache: those only the admin area loads.
import path from "node:path";
import { expect, it } from "vitest";
import { adminOnlyChunks } from "./pwa.ts";

const web = (file: string) => path.resolve(import.meta.dirname, "../../web", file);
const chunk = (
  fileName: string,
  facade: string | null,
  imports: string[] = [],
  dynamicImports: string[] = [],
) => ({
  fileName,
  isEntry: fileName === "index.js",
  facadeModuleId: facade,
  imports,
  dynamicImports,
});

it("leaves out what only the admin screens reach, keeps what the members' pages share with them", () => {
  const chunks = [
    chunk("index.js", web("index.html"), ["Button.js"], ["SearchPage.js", "AdminScreen.js"]),
    chunk("SearchPage.js", web("features/search/SearchPage.tsx"), ["Button.js", "DataTable.js"]),
    chunk("AdminScreen.js", web("features/admin/AdminScreen.tsx"), [], ["UsersPage.js"]),
    chunk("UsersPage.js", web("features/admin/users/UsersPage.tsx"), ["DataTable.js", "columns.js"]),
    chunk("Button.js", null),
    chunk("DataTable.js", null),
    chunk("columns.js", null),
  ];
  expect([...adminOnlyChunks(chunks)].sort()).toEqual(["AdminScreen.js", "UsersPage.js", "columns.js"]);
});
