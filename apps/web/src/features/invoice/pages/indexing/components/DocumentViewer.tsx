import { useEffect, useState } from 'react';
import { Alert, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchDocument } from '../indexing-api';

/**
 * The uploaded document next to the capture form: a PDF in a frame (the browser's viewer), an image as an
 * image. The bytes are fetched with the session's headers and shown from a blob: URL (CSP `frame-src blob:`).
 */
export function DocumentViewer({ file }: { file: { id: number; name: string; fileType: string } | null }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const id = file?.id;
  const fileType = file?.fileType;
  useEffect(() => {
    if (id === undefined || fileType === undefined) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    setUrl(null);
    setFailed(false);
    fetchDocument({ id, fileType }).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, fileType]);

  const frame = { width: '100%', height: '100%', minHeight: 640, border: 0, borderRadius: 8 } as const;
  if (!file) return <Empty description={t('invoice.indexing.viewer.noDocument')} />;
  if (failed) return <Alert type="error" showIcon title={t('invoice.indexing.viewer.failed')} />;
  if (!url)
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
        <Spin />
      </div>
    );
  if (file.fileType.startsWith('image/'))
    return (
      <div style={{ overflow: 'auto', maxHeight: 'calc(100vh - 220px)' }} data-testid="index-document">
        <img src={url} alt={file.name} style={{ maxWidth: '100%' }} />
      </div>
    );
  return <iframe data-testid="index-document" title={file.name} src={url} style={frame} />;
}
