import { z } from 'zod';

/** Contract section 9 and the spec's upload limits. */
export const maxUploadFiles = 10;
export const maxUploadBytes = 20 * 1024 * 1024;

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
