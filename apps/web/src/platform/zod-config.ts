// Imported first by main.tsx, before any schema exists: zod decides at each object schema's creation whether
// to compile a fast parser with `new Function`, and its probe for that is refused (and reported) by the
// content security policy, which allows no eval. Jitless parsing needs no eval.
// zod keeps its settings in this global (zod/v4/core/core.js) and keeps what it finds there; writing it directly
// keeps zod itself out of the sign-in entry chunk (`z.config` would pull in zod's core, ~4.5 KB gzip).
// The error map is the server's (contract section 18): no issue carries zod's own words; form rules name the field.
// zod-config.test.ts checks that zod reads both.
import { zodErrorMap } from '../../../../packages/shared/src/platform/validation';

const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// Changed in place: a zod loaded earlier (a test) holds on to the object it found.
Object.assign((zodGlobal.__zod_globalConfig ??= {}), { jitless: true, customError: zodErrorMap });
export {};
