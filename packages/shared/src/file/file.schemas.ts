import { z } from 'zod';

export { maxUploadBytes, maxUploadFiles } from './file.limits.js';

/** One uploaded file as `POST /api/Files/Upload` answers it. */
export const uploadedFileSchema = z.object({
  fileId: z.number().int(),
  fileUrl: z.string(),
  name: z.string(),
  ext: z.string(),
  size: z.number().int(),
  fileType: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
