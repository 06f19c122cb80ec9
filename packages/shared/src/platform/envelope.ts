import { z } from 'zod';

export type Envelope<T> = { resultCode: number; resultMsg: string; data: T };

/** The response envelope of contract section 2 around a data schema. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ resultCode: z.number().int(), resultMsg: z.string(), data });

/** A text's key and values (contract section 2): sent when the request asks with `Message-Keys: 1`. */
const messageKeyFields = {
  messageKey: z.string().optional(),
  messageValues: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
};
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string(), ...messageKeyFields });
export const errorEnvelopeSchema = envelopeSchema(
  z.union([z.null(), z.object({ errors: z.array(fieldErrorSchema).optional(), requestId: z.string().optional() })]),
).extend(messageKeyFields);
