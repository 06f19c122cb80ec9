// Plain constants, apart from the schemas: the web's first screen reads them without loading zod.

/** Contract section 9 and the spec's upload limits. */
export const maxUploadFiles = 10;
export const maxUploadBytes = 20 * 1024 * 1024;
