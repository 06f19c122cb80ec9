import { Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  menuCreateSchema,
  menuLinkUrlSchema,
  menuNameSchema,
  menuPathSchema,
  allPermissionCodes,
  permissionModules,
  type Menu,
  type MenuNode,
} from '@casedesk/shared';
import { requiredRule, schemaRule } from '../../../platform/form-rules';
import type { FormValuesOf } from '../../../platform/crud/values';
import { menuApi } from '../api';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { IconPicker } from './IconPicker';
import { useMenuTitle } from './menu-title';

// The form edits the three titles (each a text box); toBody sends the English one as `title` too.
type Values = Omit<
  FormValuesOf<typeof menuCreateSchema, { titles: { en: string; 'zh-cn': string; 'zh-tw': string } }>,
  'title'
>;

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

const toForm = (m: Menu): Values => ({
  parentId: m.parentId,
  menuType: m.menuType,
  path: m.path,
  name: m.name,
  component: m.component,
  redirect: m.redirect,
  titles: { en: m.titles?.en ?? m.title, 'zh-cn': m.titles?.['zh-cn'] ?? '', 'zh-tw': m.titles?.['zh-tw'] ?? '' },
  linkUrl: m.linkUrl,
  icon: m.icon,
  sort: m.sort,
  identification: m.identification,
  // The read row types it as text; what the server stored is one of the modules its create schema accepts.
  permissionModule: m.permissionModule as Values['permissionModule'],
  isHide: m.isHide,
  isKeepAlive: m.isKeepAlive,
  isAffix: m.isAffix,
  isIframe: m.isIframe,
  enabled: m.enabled,
});

const toBody = (v: Values) => ({
  ...v,
  parentId: v.parentId ?? null,
  component: v.component ?? '',
  redirect: blankToNull(v.redirect),
  title: v.titles.en,
  titles: { en: v.titles.en, 'zh-cn': v.titles['zh-cn'] ?? '', 'zh-tw': v.titles['zh-tw'] ?? '' },
  linkUrl: v.menuType === 'menu' ? blankToNull(v.linkUrl) : (v.linkUrl ?? '').trim(),
  icon: v.icon ?? '',
  identification: blankToNull(v.identification),
  permissionModule: v.permissionModule ?? null,
});

type TreeOption = { value: number; title: string; disabled?: boolean; children?: TreeOption[] };

/** The menu tree as parent options; the edited entry and its sub-menus cannot be its own parent. */
function parentOptions(nodes: MenuNode[], titleOf: (m: Menu) => string, exclude: number | null): TreeOption[] {
  return nodes
    .filter((n) => n.id !== exclude)
    .map((n) => {
      const children = parentOptions(n.children, titleOf, exclude);
      return { value: n.id, title: `${titleOf(n)} (${n.path})`, ...(children.length ? { children } : {}) };
    });
}

type Props = { id: number | null; parentId: number | null; tree: MenuNode[]; onClose: () => void };

export function MenuEditor({ id, parentId, tree, onClose }: Props) {
  const { t } = useTranslation();
  const titleOf = useMenuTitle();
  return (
    <EditorDrawer<Menu, Values>
      api={menuApi}
      id={id}
      onClose={onClose}
      width={760}
      title={id === null ? t('system.menu.create') : t('system.menu.edit')}
      defaults={{
        parentId,
        menuType: 'menu',
        component: '',
        titles: { en: '', 'zh-cn': '', 'zh-tw': '' },
        icon: '',
        sort: 0,
        isHide: false,
        isKeepAlive: true,
        isAffix: false,
        isIframe: false,
        enabled: true,
      }}
      toForm={toForm}
      toBody={toBody}
    >
      {() => (
        <>
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item name="parentId" label={t('system.menu.fields.parent')} extra={t('system.menu.parentHelp')}>
                <TreeSelect
                  allowClear
                  showSearch
                  treeNodeFilterProp="title"
                  treeData={parentOptions(tree, titleOf, id)}
                  placeholder={t('system.menu.topLevel')}
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="menuType" label={t('system.menu.fields.type')}>
                <Radio.Group
                  optionType="button"
                  options={(['menu', 'link', 'iframe'] as const).map((value) => ({
                    value,
                    label: t(`system.menu.types.${value}`),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name={['titles', 'en']}
                label={t('system.menu.fields.titleEn')}
                required
                rules={[requiredRule(undefined, { whitespace: true })]}
              >
                <Input maxLength={100} autoFocus />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={['titles', 'zh-cn']} label={t('system.menu.fields.titleZhCn')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={['titles', 'zh-tw']} label={t('system.menu.fields.titleZhTw')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="path" label={t('system.menu.fields.path')} required rules={[schemaRule(menuPathSchema)]}>
                <Input maxLength={200} placeholder="/system/example" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="name" label={t('system.menu.fields.name')} required rules={[schemaRule(menuNameSchema)]}>
                <Input maxLength={100} placeholder="ExampleList" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="component"
                label={t('system.menu.fields.component')}
                extra={t('system.menu.componentHelp')}
              >
                <Input maxLength={200} placeholder="system/example/index" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="redirect" label={t('system.menu.fields.redirect')}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Form.Item noStyle shouldUpdate={(a: Values, b: Values) => a.menuType !== b.menuType}>
              {({ getFieldValue }) =>
                getFieldValue('menuType') !== 'menu' && (
                  <Col span={24}>
                    <Form.Item
                      name="linkUrl"
                      label={t('system.menu.fields.linkUrl')}
                      required
                      rules={[schemaRule(menuLinkUrlSchema.min(1))]}
                    >
                      <Input maxLength={2048} placeholder="https://" />
                    </Form.Item>
                  </Col>
                )
              }
            </Form.Item>
            <Col span={12}>
              <Form.Item name="icon" label={t('system.menu.fields.icon')}>
                <IconPicker />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="sort" label={t('system.common.sort')}>
                <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="permissionModule"
                label={t('system.menu.fields.permissionModule')}
                extra={t('system.menu.permissionModuleHelp')}
              >
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('system.menu.everyone')}
                  // A module by its name as the permission matrix shows it (its code beside, as permission codes use it).
                  options={permissionModules.map((value) => ({
                    value,
                    label: `${t(`organization.modules.${value}`, { defaultValue: value })} · ${value}`,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="identification"
                label={t('system.menu.fields.identification')}
                tooltip={t('system.menu.identificationHint')}
              >
                <Select
                  allowClear
                  showSearch
                  placeholder={t('system.menu.noIdentification')}
                  options={allPermissionCodes.map((value) => ({ value, label: value }))}
                />
              </Form.Item>
            </Col>
          </Row>
          <Divider titlePlacement="start" style={{ marginTop: 0 }}>
            {t('system.menu.behaviour')}
          </Divider>
          <Row gutter={16}>
            {(['isHide', 'isKeepAlive', 'isAffix', 'isIframe', 'enabled'] as const).map((flag) => (
              <Col span={8} key={flag}>
                <Form.Item
                  name={flag}
                  label={t(`system.menu.fields.${flag}`)}
                  valuePropName="checked"
                  style={{ marginBottom: 12 }}
                >
                  <Switch />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </>
      )}
    </EditorDrawer>
  );
}
