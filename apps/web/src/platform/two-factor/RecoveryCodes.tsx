import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** Ten recovery codes, shown once: copy or download them before leaving. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div>
      <Alert type="warning" showIcon title={t('twoFactor.recoveryOnce')} style={{ marginBottom: 12 }} />
      <ol className="recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Space>
        <Button icon={<CopyOutlined />} onClick={() => void navigator.clipboard?.writeText(text)}>
          {t('twoFactor.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('twoFactor.download')}
        </Button>
      </Space>
    </div>
  );
}
