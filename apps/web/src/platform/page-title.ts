import { useEffect } from 'react';
import { documentTitle, usePublicSettings } from './public-settings';

/** `{page} - {product}` (spec section 1), the product title from Settings → Basic. */
export function usePageTitle(title: string | undefined): void {
  const { productTitle } = usePublicSettings();
  useEffect(() => {
    document.title = documentTitle(title, productTitle);
  }, [title, productTitle]);
}
