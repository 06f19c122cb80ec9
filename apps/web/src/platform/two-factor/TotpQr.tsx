import { useEffect, useState } from 'react';
import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The QR code an authenticator app scans, with the key to type by hand beside it. `qrcode` is loaded here only,
 * when a setup screen opens.
 */
export function TotpQr({ otpauthUrl, secret }: { otpauthUrl: string; secret: string }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) =>
      qr.toDataURL(otpauthUrl, { margin: 1, width: 184 }).then((url) => {
        if (live) setImage(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [otpauthUrl]);
  return (
    <div className="totp-qr">
      {image ? (
        <img src={image} width={184} height={184} alt={t('twoFactor.qrAlt')} />
      ) : (
        <Skeleton.Image active style={{ width: 184, height: 184 }} />
      )}
      <div>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {t('twoFactor.manualKey')}
        </Typography.Paragraph>
        <Typography.Text code copyable={{ text: secret }} className="totp-secret" data-testid="totp-secret">
          {secret.replace(/(.{4})/g, '$1 ').trim()}
        </Typography.Text>
      </div>
    </div>
  );
}
