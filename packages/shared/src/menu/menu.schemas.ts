import { z } from 'zod';
import { auditFieldsSchema, idSchema, idTextSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { allPermissionCodes, permissionModules } from '../platform/permissions.js';
import { webApiSchema } from '../webApi/web-api.schemas.js';
import { defineMessages, keyed } from '../platform/message-keys.js';
import { menuTypes } from './menu.values.js';
export * from './menu.values.js';

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

export const menuMessages = defineMessages('menu', {
  parentUnknown: 'The parent menu does not exist.',
  parentCycle: 'A menu cannot be placed under itself or one of its sub-menus.',
  hasChildren: keyed(
    'menu.hasChildren',
    ['count'],
    (n: number) => `The menu has ${n} sub-menu(s); delete or move them first.`,
  ),
  nameTaken: keyed('menu.nameTaken', ['name'], (name: string) => `Another menu is already named '${name}'.`),
  pathTaken: keyed('menu.pathTaken', ['name'], (path: string) => `Another menu already has the path '${path}'.`),
  linkRequired: 'A link or iframe menu needs a link URL.',
  apiUnknown: 'One or more of the chosen web APIs do not exist.',
  identificationUnknown: 'The identification must be a permission code, such as ticket:create.',
  pathFormat: 'A path starts with / and has letters, digits and _ - / : . only.',
  nameFormat: 'A name starts with a letter and has letters, digits and _ only.',
  linkUrlFormat: 'A link URL starts with http:// or https://.',
} as const);

export type MenuType = (typeof menuTypes)[number];

export const menuPathSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^\/[A-Za-z0-9_\-/:.]*$/, menuMessages.pathFormat);
export const menuNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, menuMessages.nameFormat);
export const menuLinkUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .regex(/^https?:\/\/\S+$/, menuMessages.linkUrlFormat);

/** The menu title in each interface language; English is the default `title`. */
export const menuTitlesSchema = z
  .object({
    en: z.string().trim().min(1).max(100),
    'zh-cn': z.string().trim().max(100).default(''),
    'zh-tw': z.string().trim().max(100).default(''),
  })
  .strict();

const menuFields = z.object({
  parentId: idSchema.nullable().default(null),
  path: menuPathSchema,
  name: menuNameSchema,
  component: z.string().trim().max(200).default(''),
  redirect: z.string().trim().max(200).nullable().default(null),
  sort: z.number().int().min(0).max(1_000_000).default(0),
  menuType: z.enum(menuTypes).default('menu'),
  title: z.string().trim().min(1).max(100),
  titles: menuTitlesSchema.nullable().default(null),
  linkUrl: menuLinkUrlSchema.nullable().default(null),
  isHide: z.boolean().default(false),
  isKeepAlive: z.boolean().default(true),
  isAffix: z.boolean().default(false),
  isIframe: z.boolean().default(false),
  icon: z.string().trim().max(100).default(''),
  /** A permission code the entry also needs besides its module's page permission (e.g. ticket:create); null: none. */
  identification: z
    .string()
    .trim()
    .max(100)
    .refine((code) => (allPermissionCodes as string[]).includes(code), menuMessages.identificationUnknown)
    .nullable()
    .default(null),
  /** The permission module whose `page` code shows the entry; null: every signed-in user. */
  permissionModule: z.enum(permissionModules).nullable().default(null),
  enabled: z.boolean().default(true),
});

const linkNeedsUrl = (value: { menuType: MenuType; linkUrl: string | null }, ctx: z.RefinementCtx) => {
  if (value.menuType !== 'menu' && !value.linkUrl)
    ctx.addIssue({ code: 'custom', path: ['linkUrl'], message: menuMessages.linkRequired });
};

export const menuCreateSchema = menuFields.strict().superRefine(linkNeedsUrl);
export const menuUpdateSchema = menuFields.extend(updateKeySchema.shape).strict().superRefine(linkNeedsUrl);
export const menuSchema = menuFields
  .extend({ titles: z.record(z.string(), z.string()).nullable(), permissionModule: z.string().nullable() })
  .extend(auditFieldsSchema.shape);
export const menuQuerySchema = queryBaseSchema.extend({
  parentId: idTextSchema.optional(),
  menuType: z.enum(menuTypes).optional(),
  enabled: z.union([z.boolean(), z.stringbool()]).optional(),
});

export type Menu = z.infer<typeof menuSchema>;
export type MenuCreate = z.input<typeof menuCreateSchema>;
export type MenuUpdate = z.input<typeof menuUpdateSchema>;
export type MenuNode = Menu & { children: MenuNode[] };
export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  menuSchema.extend({ children: z.array(menuNodeSchema) }),
);

/** The web APIs bound to a menu replace the old set, in one transaction. */
export const menuSaveApisSchema = z.object({ menuId: idSchema, webApiIds: z.array(idSchema).max(2000) }).strict();
export type MenuSaveApis = z.infer<typeof menuSaveApisSchema>;
export const menuApiSchema = webApiSchema.pick({
  id: true,
  method: true,
  url: true,
  name: true,
  code: true,
  enabled: true,
});
export const menuApisSchema = z.object({ menuId: z.number().int(), apis: z.array(menuApiSchema) });
export type MenuApis = z.infer<typeof menuApisSchema>;
