import { useEffect } from 'react';
import { appConfig } from '../platform/config';

/** `{page} - {product}` (spec section 1). */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} - ${appConfig.productTitle}` : appConfig.productTitle;
  }, [title]);
}
