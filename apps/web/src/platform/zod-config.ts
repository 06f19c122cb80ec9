import { z } from 'zod';

// Imported first by main.tsx, before any schema exists: zod decides at each object schema's creation whether
// to compile a fast parser with `new Function`, and its probe for that is refused (and reported) by the
// content security policy, which allows no eval. Jitless parsing needs no eval.
z.config({ jitless: true });
