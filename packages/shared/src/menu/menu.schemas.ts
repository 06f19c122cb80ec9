import { z } from 'zod';

export const menuMetaSchema = z.object({
  title: z.string(),
  titles: z.record(z.string(), z.string()).optional(),
  isLink: z.string(),
  isHide: z.boolean(),
  isKeepAlive: z.boolean(),
  isAffix: z.boolean(),
  isIframe: z.boolean(),
  roles: z.array(z.string()),
  icon: z.string(),
});

export type WebMenu = {
  path: string;
  name: string;
  component: string;
  redirect?: string;
  meta: z.infer<typeof menuMetaSchema>;
  children?: WebMenu[];
};

export const webMenuSchema: z.ZodType<WebMenu> = z.lazy(() =>
  z.object({
    path: z.string(),
    name: z.string(),
    component: z.string(),
    redirect: z.string().optional(),
    meta: menuMetaSchema,
    children: z.array(webMenuSchema).optional(),
  }),
);
