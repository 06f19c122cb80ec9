import { useEffect } from 'react';
import { App as AntApp } from 'antd';
import i18n from 'i18next';
import { setFeedback } from '../platform/feedback';

/** Plugs Ant Design's context-aware toasts and alerts into the http client; one toast at a time. */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => {
    const show = (type: 'error' | 'warning' | 'success', text: string) => {
      message.destroy('global');
      void message.open({ key: 'global', type, content: text, duration: 4 });
    };
    setFeedback({
      error: (text) => show('error', text),
      warning: (text) => show('warning', text),
      success: (text) => show('success', text),
      alert: (title, text, onClose) => {
        modal.warning({ title, content: text, okText: i18n.t('common.ok'), afterClose: onClose });
      },
      confirm: (options) => void modal.confirm(options),
    });
    return () => setFeedback(null);
  }, [message, modal]);
  return null;
}

/** The app-wide toasts and alerts, loaded when first needed (see platform/feedback). */
export default function FeedbackHost() {
  return (
    <AntApp component={false}>
      <FeedbackBridge />
    </AntApp>
  );
}
