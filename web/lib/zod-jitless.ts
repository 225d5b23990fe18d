// Zod probes `new Function("")` once to decide whether it may compile its parsers; under our CSP
// (script-src 'self', no 'unsafe-eval') the probe is refused and reported as a CSP violation on
// every page that validates a form. `jitless` skips the probe. Set through Zod's global config
// object, which Zod itself reads from globalThis, so the entry chunk does not have to import Zod.
// Imported first by web/main.tsx, before any module that could load Zod.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
