import { appConfig } from '../../platform/config';

export function Logo({ collapsed }: { collapsed: boolean }) {
  return (
    <div className={`app-logo${collapsed ? ' app-logo--collapsed' : ''}`}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {!collapsed && <span>{appConfig.productTitle}</span>}
    </div>
  );
}
