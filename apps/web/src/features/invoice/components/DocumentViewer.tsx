import { useEffect, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rawCall } from '../../../platform/http/file-transfer';

const pdfType = 'application/pdf';
const imageTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
};

/** The stored file as a typed blob: downloads need the Authorization header, so a plain URL cannot be framed. */
async function loadDocument(fileId: number): Promise<Blob> {
  const { response } = await rawCall(`/api/Files/Download/${fileId}`, { method: 'GET' });
  // The server names the type (`application/pdf`, `image/png`); an extension is read too, for older files.
  const kind = (response.headers.get('x-file-type') ?? '').toLowerCase();
  const type =
    kind === pdfType || kind.startsWith('image/')
      ? kind
      : kind === 'pdf'
        ? pdfType
        : (imageTypes[kind] ?? 'application/octet-stream');
  return new Blob([await response.arrayBuffer()], { type });
}

/** The scanned invoice beside the form, on the invoice page and in indexing: a PDF in a frame, an image as an image. */
export function DocumentViewer({ fileId, height = 720 }: { fileId: number; height?: number }) {
  const { t } = useTranslation();
  const loaded = useQuery({
    queryKey: ['resource', 'Invoice', 'document', fileId],
    queryFn: () => loadDocument(fileId),
    staleTime: 5 * 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!loaded.data) return;
    const next = URL.createObjectURL(loaded.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [loaded.data]);

  if (loaded.isError) return <Alert type="error" showIcon title={t('invoice.document.loadFailed')} />;
  if (!loaded.data || !url) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const style = { width: '100%', height, border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 6 };
  if (loaded.data.type === pdfType)
    return (
      <iframe
        className="invoice-document"
        data-testid="index-document"
        title={t('invoice.document.title')}
        src={url}
        style={style}
      />
    );
  if (loaded.data.type.startsWith('image/'))
    return (
      <img
        className="invoice-document"
        data-testid="index-document"
        alt={t('invoice.document.title')}
        src={url}
        style={{ ...style, height: 'auto', maxHeight: height, objectFit: 'contain' }}
      />
    );
  return <Alert type="warning" showIcon title={t('invoice.document.notShown')} />;
}
