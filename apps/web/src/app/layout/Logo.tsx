import { usePublicSettings } from '../../platform/public-settings';

export function Logo({ collapsed }: { collapsed: boolean }) {
  const { productTitle } = usePublicSettings();
  return (
    <div className={`app-logo${collapsed ? ' app-logo--collapsed' : ''}`}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {!collapsed && <span title={productTitle}>{productTitle}</span>}
    </div>
  );
}
