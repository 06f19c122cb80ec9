import { useEffect, useMemo } from 'react';
import { CloseOutlined, DownOutlined, ReloadOutlined, VerticalAlignMiddleOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isLanguage } from '../../platform/i18n';
import { findRoute, useAppRoutes, useCurrentRoute } from '../router/current-route';
import { tagTitle } from './tag-title';
import {
  closeAllTags,
  closeOtherTags,
  closeTag,
  refreshTag,
  syncTags,
  tabKey,
  tagHref,
  useTags,
  type Tag,
} from './tags-store';

/** Opens a tab for each page visited; affix tabs (the landing page) are always there. */
export function useTagsSync(): void {
  const routes = useAppRoutes();
  const current = useCurrentRoute();
  const location = useLocation();
  const key = tabKey(location.pathname, location.search);
  useEffect(() => {
    const affix: Tag[] = routes
      .filter((r) => r.menu.meta.isAffix && r.kind !== 'redirect' && !r.path.includes(':'))
      .map((r) => ({ key: r.path, pathname: r.path, routePath: r.path, params: {}, affix: true }));
    const tag: Tag | null =
      current && current.route.kind !== 'redirect'
        ? {
            key,
            ...(key === location.pathname + location.search ? {} : { search: location.search }),
            pathname: location.pathname,
            routePath: current.route.path,
            params: current.params,
            affix: affix.some((a) => a.key === key),
          }
        : null;
    syncTags(affix, tag);
  }, [routes, current, key, location.pathname, location.search]);
}

export function TagsView() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { tags } = useTags();
  const routes = useAppRoutes();
  const location = useLocation();
  const navigate = useNavigate();
  const activeKey = tabKey(location.pathname, location.search);

  const titles = useMemo(
    () => new Map(tags.map((tag) => [tag.key, tagTitle(tag, findRoute(routes, tag.pathname)?.route, language, t)])),
    [tags, routes, language, t],
  );

  const close = (key: string) => {
    const next = closeTag(key, activeKey);
    if (next) navigate(tagHref(tags.find((tag) => tag.key === next) ?? { key: next }));
  };

  const actions = (tag: Tag): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('tags.refresh') },
      { key: 'close', icon: <CloseOutlined />, label: t('tags.close'), disabled: tag.affix },
      { key: 'closeOthers', icon: <VerticalAlignMiddleOutlined />, label: t('tags.closeOthers') },
      { key: 'closeAll', icon: <CloseOutlined />, label: t('tags.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') refreshTag(tag.key);
      else if (key === 'close') close(tag.key);
      else if (key === 'closeOthers') {
        closeOtherTags(tag.key);
        if (tag.key !== activeKey) navigate(tagHref(tag));
      } else if (key === 'closeAll') navigate(closeAllTags());
    },
  });

  const active = tags.find((tag) => tag.key === activeKey);
  return (
    <div className="tags-view" role="navigation" aria-label={t('tags.label')}>
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={activeKey}
        onChange={(key) => navigate(tagHref(tags.find((tag) => tag.key === key) ?? { key }))}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tags.map((tag) => ({
          key: tag.key,
          closable: !tag.affix,
          label: (
            <Dropdown trigger={['contextMenu']} menu={actions(tag)}>
              <span className="tags-view-title">{titles.get(tag.key)}</span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={
          active ? (
            <Dropdown trigger={['click']} menu={actions(active)} placement="bottomRight">
              <Button type="text" size="small" aria-label={t('tags.actions')} icon={<DownOutlined />} />
            </Dropdown>
          ) : null
        }
      />
    </div>
  );
}
