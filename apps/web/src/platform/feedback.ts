/**
 * Toasts and alerts for code outside React (the http client). The app shell plugs in Ant Design's
 * context-aware instances, loaded on first use so the first screen does not carry them; calls made
 * before they are plugged in wait for them.
 */
export type ConfirmOptions = {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
};

export type Feedback = {
  error(text: string): void;
  warning(text: string): void;
  success(text: string): void;
  /** A modal alert; `onClose` runs when it is dismissed. */
  alert(title: string, text: string, onClose: () => void): void;
  /** A modal question with OK and Cancel. */
  confirm?(options: ConfirmOptions): void;
};

let impl: Feedback | null = null;
const waiting: ((feedback: Feedback) => void)[] = [];
let onNeeded: (() => void) | null = null;

export function setFeedback(next: Feedback | null): void {
  impl = next;
  if (next) waiting.splice(0).forEach((call) => call(next));
}

/** The shell's hook to load and plug in the real feedback when something is first shown. */
export function onFeedbackNeeded(listener: (() => void) | null): void {
  onNeeded = listener;
  if (listener && waiting.length > 0) listener();
}

function use(call: (feedback: Feedback) => void): void {
  if (impl) return call(impl);
  waiting.push(call);
  onNeeded?.();
}

export const feedback: Required<Feedback> = {
  error: (text) => use((f) => f.error(text)),
  warning: (text) => use((f) => f.warning(text)),
  success: (text) => use((f) => f.success(text)),
  alert: (title, text, onClose) => use((f) => f.alert(title, text, onClose)),
  confirm: (options) => use((f) => f.confirm?.(options)),
};
