import { Activity, Component, Suspense, useRef, type ReactNode } from 'react';
import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useOutlet } from 'react-router';
import { useCurrentRoute } from '../router/current-route';
import { useThemeConfig } from '../../platform/theme/theme-store';
import { tabKey, useTags } from './tags-store';

function PageError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  // Plain markup, not antd's Result: Result brings its three status illustrations into every screen's script.
  return (
    <div className="page-error" role="alert">
      <CloseCircleFilled className="page-error-icon" />
      <div className="page-error-title">{t('errors.page.title')}</div>
      <div className="page-error-text">{t('errors.page.text')}</div>
      <Button onClick={onRetry}>{t('errors.page.retry')}</Button>
    </div>
  );
}

class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <PageError onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}

/**
 * The page area with keep-alive: pages of open tabs stay mounted but hidden (React's Activity), so that a
 * half-filled form survives switching tabs. A closed or refreshed tab starts afresh.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const current = useCurrentRoute();
  const theme = useThemeConfig();
  const { tags, versions } = useTags();
  const cache = useRef(new Map<string, ReactNode>());
  const key = tabKey(location.pathname, location.search);
  const keepAlive = theme.isTagsView && current !== undefined && current.route.menu.meta.isKeepAlive;

  if (keepAlive) cache.current.set(key, outlet);
  for (const cached of [...cache.current.keys()])
    if (cached !== key && !tags.some((tag) => tag.key === cached)) cache.current.delete(cached);
  if (!keepAlive) cache.current.delete(key);

  const frame = (node: ReactNode) => (
    <div className={`page-view page-anim-${theme.animation}`}>
      <PageBoundary>
        <Suspense fallback={<Skeleton active className="page-skeleton" />}>{node}</Suspense>
      </PageBoundary>
    </div>
  );

  return (
    <>
      {[...cache.current.entries()].map(([cached, node]) => (
        <Activity key={`${cached}#${versions[cached] ?? 0}`} mode={cached === key ? 'visible' : 'hidden'}>
          {frame(node)}
        </Activity>
      ))}
      {!keepAlive && <div key={`${key}#${versions[key] ?? 0}`}>{frame(outlet)}</div>}
    </>
  );
}
